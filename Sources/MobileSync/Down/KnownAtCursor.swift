import SalesforceCore
import SmartStore

/// The records a re-run fetches again at its cursor's own instant and the soup already holds as
/// they are: stored at that same instant, with every field the server sent equal. A record
/// changed again within that instant (an org's dates have a second's precision) differs in a
/// field, and is news.
struct KnownAtCursor: Sendable {
    let stamp: Int64
    let store: SmartStore
    let soupName: String

    /// The positions of `records` that are news: all but those at the cursor's instant whose
    /// stored copy is of that instant too.
    func positionsToKeep(of records: [JSON], target: any SyncDownTarget) async throws -> [Int] {
        var kept: [Int] = []
        kept.reserveCapacity(records.count)
        for (position, record) in records.enumerated() {
            guard target.cursor(of: record)?.stamp == stamp, let id = record[target.idFieldName]?.stringValue,
                let entryId = try await store.lookupSoupEntryId(inSoup: soupName, fieldPath: target.idFieldName, fieldValue: .string(id)),
                let stored = try await store.retrieve(usingSoupEntryIds: [entryId], inSoup: soupName).first,
                target.cursor(of: stored)?.stamp == stamp, Self.holds(stored, asSent: record)
            else {
                kept.append(position)
                continue
            }
        }
        return kept
    }

    /// Whether `stored` has every field of `sent` as sent (the server's `attributes` aside).
    static func holds(_ stored: JSON, asSent sent: JSON) -> Bool {
        guard let fields = sent.objectValue else { return false }
        return fields.allSatisfy { name, value in name == "attributes" || stored[name] == value }
    }
}
