import Foundation
import SOQL
import SalesforceCore
import SalesforceREST
import SmartStore

/// The first run of a SOQL sync through a Bulk API 2.0 query job, then the REST cursor.
///
/// The job's results come as CSV in sets of `setSize` records (one page each, in no order, so
/// they do not move the cursor). Once they are all saved the cursor moves to one second before
/// the job was created, and the same run goes on with the target's incremental REST query from
/// there (with deletes), so that a record changed while the job ran is fetched again rather
/// than missed: the handover has no gap, and what it fetches twice is saved twice, harmlessly.
actor BulkPrimingFetch: SyncDownFetch {
    private enum Phase {
        case start
        case results(job: String, locator: String?, fields: FieldTypes, handover: SyncCursor)
        case handover(SyncCursor)
        case incremental(any SyncDownFetch)
        case finished
    }

    private let client: RestClient
    private let target: SoqlSyncDownTarget
    private let context: SyncContext
    private let setSize: Int
    private var phase = Phase.start
    /// The records the job found, for the first page's total.
    private var total = 0

    init(target: SoqlSyncDownTarget, context: SyncContext, setSize: Int = 10_000) {
        client = context.client
        self.target = target
        self.context = context
        self.setSize = setSize
    }

    func nextPage() async throws -> SyncDownPage? {
        switch phase {
        case .start:
            phase = try await startJob()
            return try await nextPage()
        case .results(let job, let locator, let fields, let handover):
            let response = try await client.send(client.requests.queryJobResults(job, locator: locator, maxRecords: setSize))
            let rows: [[String?]]
            do {
                rows = try BulkCSV.rows(response.data)
            } catch {
                throw SyncError.server(error)
            }
            let records = fields.records(from: rows, objectType: target.objectType, version: client.requests.apiVersion.description)
            let next = response.header("Sforce-Locator").flatMap { $0 == "null" || $0.isEmpty ? nil : $0 }
            if let next {
                phase = .results(job: job, locator: next, fields: fields, handover: handover)
            } else {
                phase = .handover(handover)
                // The results are read; the job is no longer needed. A failure to delete it
                // costs the server some storage until it expires, not the sync.
                _ = try? await client.send(client.requests.deleteQueryJob(job))
            }
            return SyncDownPage(records: records, totalSize: total, isInCursorOrder: false)
        case .handover(let cursor):
            phase = .incremental(try await target.fetch(after: cursor, context: context))
            return SyncDownPage(records: [], totalSize: total, isInCursorOrder: false, cursorAfter: cursor)
        case .incremental(let fetch):
            guard var page = try await fetch.nextPage() else {
                phase = .finished
                return nil
            }
            // The page's cursor is its last record's even when that record is left out.
            let last = page.records.last.flatMap { target.cursor(of: $0) }
            page.keepRecords(at: try await unseen(page.records))
            page.isInCursorOrder = false
            page.cursorAfter = last
            return page
        case .finished:
            return nil
        }
    }

    /// The positions of the records the job did not already bring as they are: the handover fetches again what
    /// changed from one second before the job, and a record saved from the job with the same
    /// stamp is not saved (nor counted) twice.
    private func unseen(_ records: [JSON]) async throws -> [Int] {
        let (soup, idField, stampField) = (context.soupName, target.idFieldName, target.modificationDateFieldName)
        return try await context.store.transaction { tx in
            try records.indices.filter { position in
                let record = records[position]
                guard let id = record[idField], let entryId = try tx.lookupSoupEntryId(inSoup: soup, fieldPath: idField, fieldValue: id),
                    let local = try tx.retrieve(usingSoupEntryIds: [entryId], inSoup: soup).first
                else { return true }
                return local[stampField] != record[stampField]
            }
        }
    }

    /// Creates the job, waits until it is complete, and reads the object's field types.
    private func startJob() async throws -> Phase {
        let created = try await client.send(client.requests.createQueryJob(target.bulkQuery))
        guard let job = created.json?["id"]?.stringValue else {
            throw SyncError.server(BulkPrimingFailure("the job was created without an id"))
        }
        var delay: UInt64 = 50_000_000
        var info = created.json ?? .null
        while info["state"]?.stringValue != "JobComplete" {
            switch info["state"]?.stringValue {
            case "Failed", "Aborted":
                let reason = info["errorMessage"]?.stringValue ?? "no reason given"
                throw SyncError.server(BulkPrimingFailure("the Bulk API job \(job) ended \(info["state"]?.stringValue ?? ""): \(reason)"))
            default:
                try await Task.sleep(nanoseconds: delay)
                delay = min(delay * 2, 2_000_000_000)
                info = try await client.send(client.requests.queryJob(job)).json ?? .null
            }
        }
        total = Int(clamping: info["numberRecordsProcessed"]?.integerValue ?? 0)
        guard let createdText = info["createdDate"]?.stringValue, let created = SOQLDateTime(parsing: createdText) else {
            throw SyncError.server(BulkPrimingFailure("the job \(job) has no createdDate to hand over from"))
        }
        let describe = try await client.send(client.requests.describe(target.objectType)).json ?? .null
        return .results(
            job: job, locator: nil, fields: FieldTypes(describe: describe),
            handover: SyncCursor(stamp: created.millisecondsSinceEpoch - 1000, id: nil))
    }
}

/// An object's field types from its describe, to turn CSV text back into the JSON values a
/// REST query returns.
struct FieldTypes: Sendable {
    private let types: [String: String]
    /// The type each relationship points to (`owner` → `User`), for a parent's `attributes`.
    private let parents: [String: String]

    init(describe: JSON) {
        var types: [String: String] = [:]
        var parents: [String: String] = [:]
        for field in describe["fields"]?.arrayValue ?? [] {
            if let name = field["name"]?.stringValue, let type = field["type"]?.stringValue { types[name.lowercased()] = type }
            if let relationship = field["relationshipName"]?.stringValue, let target = field["referenceTo"]?.arrayValue?.first?.stringValue
            {
                parents[relationship.lowercased()] = target
            }
        }
        self.types = types
        self.parents = parents
    }

    /// Records from CSV rows (the first is the header), shaped as a REST query's.
    func records(from rows: [[String?]], objectType: String, version: String) -> [JSON] {
        guard let header = rows.first else { return [] }
        let columns = header.map { ($0 ?? "").split(atScalars: ["."]) }
        // Each column's type, looked up once for the set rather than once a value.
        let columnTypes = columns.map { $0.count == 1 ? types[$0[0].lowercased()] : nil }
        var records: [JSON] = []
        records.reserveCapacity(rows.count - 1)
        for row in rows.dropFirst() {
            var members: [String: JSON] = [:]
            members.reserveCapacity(columns.count + 1)
            for (index, path) in columns.enumerated() where index < row.count && !path.isEmpty {
                let text = row[index]
                if path.count == 1 {
                    members[path[0]] = value(text, type: columnTypes[index])
                } else {
                    Self.set(text.map(JSON.string) ?? .null, at: path[...], in: &members)
                }
            }
            // A parent reached through a relationship carries its type, as in a REST answer (its
            // URL needs its id, which the CSV has only when the query selects it).
            for (key, value) in members {
                guard case .object(var parent) = value, let type = parents[key.lowercased()] else { continue }
                var parentAttributes: [String: JSON] = ["type": .string(type)]
                if let id = parent["Id"]?.stringValue {
                    parentAttributes["url"] = .string("/services/data/\(version)/sobjects/\(type)/\(id)")
                }
                parent["attributes"] = .object(parentAttributes)
                members[key] = .object(parent)
            }
            var attributes: [String: JSON] = ["type": .string(objectType)]
            if let id = members["Id"]?.stringValue { attributes["url"] = .string("/services/data/\(version)/sobjects/\(objectType)/\(id)") }
            members["attributes"] = .object(attributes)
            records.append(.object(members))
        }
        return records
    }

    private func value(_ text: String?, type: String?) -> JSON {
        guard let text else { return .null }
        switch type {
        case "boolean": return .bool(text == "true")
        case "int": return Int64(text).map(JSON.integer) ?? .string(text)
        case "double", "currency", "percent": return Double(text).map(JSON.double) ?? .string(text)
        default: return .string(text)
        }
    }

    /// A parent's field (`Owner.Name`) as a nested object, as REST returns it.
    private static func set(_ value: JSON, at path: ArraySlice<String>, in members: inout [String: JSON]) {
        guard let first = path.first else { return }
        if path.count == 1 {
            members[first] = value
            return
        }
        var nested = members[first]?.objectValue ?? [:]
        set(value, at: path.dropFirst(), in: &nested)
        members[first] = .object(nested)
    }
}

/// A Bulk API job that did not give the sync what it needs.
struct BulkPrimingFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
