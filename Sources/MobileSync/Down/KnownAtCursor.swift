import SalesforceCore
import SmartStore

/// The records a re-run fetches again at its cursor's own instant and the soup already holds as
/// they are: those records' stored modification date is that same instant.
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
                target.cursor(of: stored)?.stamp == stamp
            else {
                kept.append(position)
                continue
            }
        }
        return kept
    }
}
