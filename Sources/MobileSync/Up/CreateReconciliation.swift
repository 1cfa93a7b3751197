import Foundation
import SOQL
import SalesforceAuth
import SalesforceCore
import SalesforceREST
import SmartStore

/// Finds on the server the records that creates sent by an earlier run made, when that run
/// never saved their answers: records of the type, made by this user no earlier than shortly
/// before the create was sent, whose values are the ones sent, and not yet linked to another
/// local record. Each match is taken once, in the order the creates were sent.
enum CreateReconciliation {
    /// How far the server's clock may run behind this device's.
    static let clockMargin: Int64 = 15 * 60 * 1_000

    /// The server id found for each sent create, by soup entry id.
    static func serverIds(
        for sent: [Int64: SentCreate], soup: String, idField: String, store: SmartStore, client: RestClient
    ) async throws -> [Int64: String] {
        guard let userID = await client.credentials?.identity.userID.id18 else { return [:] }
        var found: [Int64: String] = [:]
        // A server record some local record already has is that record's.
        var taken = try await linkedIds(soup: soup, idField: idField, store: store)
        let byType = Dictionary(grouping: sent.sorted { $0.key < $1.key }, by: \.value.objectType)
        for (type, creates) in byType.sorted(by: { $0.key < $1.key }) {
            let since = (creates.map(\.value.sentAt).min() ?? 0) - clockMargin
            let fields = Set(creates.flatMap(\.value.fields.keys)).filter { !$0.contains(".") && $0 != idField }.sorted()
            let query = SOQLQuery(
                selection: ([idField] + fields).map { SelectItem.field(FieldPath([$0])) }, object: type,
                condition: .and([
                    .comparison(.field(FieldPath(["CreatedById"])), .equal, .string(userID)),
                    .comparison(
                        .field(FieldPath(["CreatedDate"])), .greaterOrEqual, .dateTime(SOQLDateTime(millisecondsSinceEpoch: since))),
                ]))
            var candidates: [JSON] = []
            for try await page in client.pages(forQuery: query.description) { candidates += page.records }
            for (entryId, create) in creates {
                for candidate in candidates {
                    guard let id = candidate[idField]?.stringValue, !taken.contains(id),
                        create.fields.allSatisfy({ name, value in name.contains(".") || sameValue(sent: value, stored: candidate[name]) })
                    else { continue }
                    taken.insert(id)
                    found[entryId] = id
                    break
                }
            }
        }
        return found
    }

    /// The server ids the soup's records hold, read once (the id field need not be indexed):
    /// reconciling is rare, after a lost answer, so one pass over the soup costs little.
    private static func linkedIds(soup: String, idField: String, store: SmartStore) async throws -> Set<String> {
        var ids: Set<String> = []
        let spec = QuerySpec.buildAllQuerySpec(soupName: soup, selectPaths: [idField], orderPath: "_soupEntryId", pageSize: 10_000)
        var page = 0
        while true {
            let rows = try await store.query(using: spec, startingFromPageIndex: page)
            for row in rows { if let id = row[0]?.stringValue, !LocalID.isLocal(id) { ids.insert(id) } }
            if rows.count < 10_000 { return ids }
            page += 1
        }
    }

    /// Whether the server stored `sent` as `stored`: the same value, or the same in the server's
    /// form (an empty text is stored as null; a date-time comes back as `…T…+0000` with
    /// milliseconds whatever form it was sent in).
    static func sameValue(sent: JSON, stored: JSON?) -> Bool {
        let stored = stored ?? .null
        if sent == stored { return true }
        switch (sent, stored) {
        case (.string(""), .null), (.null, .string("")): return true
        case (.string(let a), .string(let b)):
            guard a.contains("T"), let first = SOQLDateTime(parsing: a), let second = SOQLDateTime(parsing: b) else { return false }
            return first == second
        default: return false
        }
    }
}
