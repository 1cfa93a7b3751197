import Foundation
import GRDB
import SOQL
import SalesforceCore

extension OrgStore {
    /// Creates a query job from `POST jobs/query`'s body and runs its query at once, fixing its
    /// rows (a job's results do not change while they are read, as on Salesforce).
    func createBulkQueryJob(_ body: JSON, userID: String, version: String, db: Database) throws -> BulkQueryJob {
        guard body.objectValue != nil else {
            throw APIError(status: 400, errorCode: "JSON_PARSER_ERROR", message: "The body must be a JSON object.")
        }
        let operation = body["operation"]?.stringValue ?? ""
        guard operation == "query" || operation == "queryAll" else {
            throw APIError(
                status: 400, errorCode: "INVALIDJOB", message: "The operation of a query job is query or queryAll, not \"\(operation)\".")
        }
        guard let soql = body["query"]?.stringValue, !soql.isEmpty else {
            throw APIError(status: 400, errorCode: "INVALIDJOB", message: "A query job needs its query.")
        }
        if let type = body["contentType"]?.stringValue, type != "CSV" {
            throw APIError(status: 400, errorCode: "INVALIDJOB", message: "Query jobs return CSV; contentType \(type) is not supported.")
        }
        let delimiterName = body["columnDelimiter"]?.stringValue ?? "COMMA"
        guard let delimiter = CSVFormat.Delimiter(rawValue: delimiterName) else {
            throw APIError(
                status: 400, errorCode: "INVALIDJOB",
                message: "columnDelimiter \(delimiterName) is not one of \(CSVFormat.Delimiter.allCases.map(\.rawValue)).")
        }
        let endingName = body["lineEnding"]?.stringValue ?? "LF"
        guard let ending = CSVFormat.LineEnding(rawValue: endingName) else {
            throw APIError(status: 400, errorCode: "INVALIDJOB", message: "lineEnding is LF or CRLF, not \(endingName).")
        }
        let parsed = try Self.parse(soql)
        var columns: [[String]] = []
        for item in parsed.selection {
            guard let path = item.fieldPath else {
                throw APIError(
                    status: 400, errorCode: "INVALIDJOB",
                    message: "Bulk API 2.0 queries select fields only: no subqueries, functions, aggregates, TYPEOF, FIELDS() or COUNT().")
            }
            columns.append(path.components)
        }
        let planner = QueryPlanner(
            schema: schema, errors: QueryErrors(source: soql), includeDeleted: operation == "queryAll",
            context: try queryContext(userID: userID, db: db))
        let compiled = try planner.compile(parsed)
        var snapshot: [Int64]?
        var total: Int
        if let snapshotSQL = compiled.snapshotSQL {
            let window: [FieldValue] = [.integer(Int64(compiled.limit ?? -1)), .integer(Int64(compiled.offset))]
            let rowIDs = try Int64.fetchAll(db, sql: snapshotSQL, arguments: StatementArguments(compiled.arguments + window))
            snapshot = rowIDs
            total = rowIDs.count
        } else {
            let counted = try Int.fetchOne(db, sql: compiled.countSQL, arguments: StatementArguments(compiled.arguments)) ?? 0
            total = max(0, counted - compiled.offset)
            if let limit = compiled.limit { total = min(total, limit) }
        }
        let job = BulkQueryJob(
            id: bulkJobIDs.next(), operation: operation, object: parsed.object, createdById: userID, createdDate: now.description,
            apiVersion: version.hasPrefix("v") ? String(version.dropFirst()) : version, state: .uploadComplete, columnDelimiter: delimiter,
            lineEnding: ending, query: compiled, snapshot: snapshot, total: total, columns: columns)
        // The query has run: the job is complete from now on; the creation answers as Salesforce
        // does, with the state the upload left it in.
        var completed = job
        completed.state = .jobComplete
        bulkQueryJobs.add(completed, now: clock())
        return job
    }

    /// One set of a job's results as CSV, from the position `locator` names, and the locator of
    /// the next set (nil after the last).
    func bulkQueryResults(_ job: BulkQueryJob, locator: String?, maxRecords: Int?, version: String, db: Database) throws -> (
        csv: [UInt8], count: Int, next: String?
    ) {
        let position: Int
        if let locator, !locator.isEmpty, locator != "null" {
            guard let decoded = BulkLocator.position(locator), decoded <= job.total else {
                throw APIError(
                    status: 400, errorCode: "INVALIDLOCATOR", message: "The locator \(locator) does not belong to this job's results.")
            }
            position = decoded
        } else {
            position = 0
        }
        let count = max(0, min(maxRecords ?? BulkLocator.defaultSetSize, job.total - position))
        var rows: [Row] = []
        if let snapshot = job.snapshot {
            rows = try Self.rows(of: job.query, ids: snapshot[position..<min(position + count, snapshot.count)], db: db)
        } else if count > 0 {
            let arguments = StatementArguments(job.query.arguments) + [count, job.query.offset + position]
            let cursor = try Row.fetchCursor(db, sql: job.query.sql + " LIMIT ? OFFSET ?", arguments: arguments)
            while let row = try cursor.next() { rows.append(row.copy()) }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(rows.count * 16 * max(1, job.columns.count))
        CSVFormat.append(
            job.columns.map { $0.joined(separator: ".") }, delimiter: job.columnDelimiter, lineEnding: job.lineEnding, to: &bytes)
        // Each column's place in the records' fields, found once (the records of a query share
        // their shape), rather than a search by name for every value.
        var places: [[Int]?]?
        for row in rows {
            let record = job.query.shape.record(from: row) { _, _ in .null }
            let found = places ?? job.columns.map { Self.place(of: $0, in: record) }
            places = found
            CSVFormat.append(
                zip(job.columns, found).map { column, place in
                    place.map { Self.csvValue(at: $0, in: record) } ?? Self.csvValue(at: column, in: record)
                }, delimiter: job.columnDelimiter, lineEnding: job.lineEnding, to: &bytes)
        }
        let next = position + count
        return (bytes, rows.count, next < job.total && count > 0 ? BulkLocator.make(next) : nil)
    }

    /// The positions, field by field, of `path` in `record`; nil when a parent on the way is
    /// null in this record (the next records are then searched by name).
    private static func place(of path: [String], in record: SObjectRecord) -> [Int]? {
        var positions: [Int] = []
        var current = record
        for (index, name) in path.enumerated() {
            let lowered = name.lowercased()
            guard let position = current.fields.firstIndex(where: { $0.name.lowercased() == lowered }) else { return nil }
            positions.append(position)
            if index < path.count - 1 {
                guard case .record(let parent) = current.fields[position].value else { return nil }
                current = parent
            }
        }
        return positions
    }

    /// The text of the value at `positions` in `record`, nil for null.
    private static func csvValue(at positions: [Int], in record: SObjectRecord) -> String? {
        var current = record
        for (index, position) in positions.enumerated() {
            guard position < current.fields.count else { return nil }
            let value = current.fields[position].value
            if index < positions.count - 1 {
                guard case .record(let parent) = value else { return nil }
                current = parent
                continue
            }
            return text(of: value)
        }
        return nil
    }

    private static func text(of value: RecordValue) -> String? {
        switch value {
        case .bool(let flag): flag ? "true" : "false"
        case .integer(let number): String(number)
        case .double(let number): JSON.double(number).serialized()
        case .string(let text): text
        case .null, .record, .children, .members: nil
        }
    }

    /// The text of the value at `path` (`["Account", "Name"]`), nil for null.
    private static func csvValue(at path: [String], in record: SObjectRecord) -> String? {
        var current = record
        for name in path.dropLast() {
            guard case .record(let parent)? = current[name] else { return nil }
            current = parent
        }
        return path.last.flatMap { current[$0] }.flatMap(text(of:))
    }
}

/// Result-set locators: the position of a set in the job's results, opaque to clients.
enum BulkLocator {
    /// Records in a set when the client gives no `maxRecords`.
    static let defaultSetSize = 50_000

    static func make(_ position: Int) -> String {
        Data(String(position).utf8).base64EncodedString().replacingOccurrences(of: "=", with: "")
    }

    static func position(_ locator: String) -> Int? {
        var padded = locator
        while padded.count % 4 != 0 { padded += "=" }
        guard let data = Data(base64Encoded: padded), let text = String(data: data, encoding: .utf8) else { return nil }
        return Int(text).flatMap { $0 >= 0 ? $0 : nil }
    }
}
