import SalesforceCore
import SalesforceREST
import SmartStore

/// Removes a sync down's ghosts: clean records it saved that the server no longer returns.
///
/// The soup is walked 200 records at a time in entry-id order and the target asked about each
/// batch, so memory does not grow with the soup. A record is removed in a transaction that
/// first checks it is still clean: an edit made meanwhile keeps it.
struct GhostCleaning: Sendable {
    let store: SmartStore
    let client: RestClient
    let target: any SyncDownTarget
    let state: SyncState
    static let batchSize = 200

    func run() async throws(SyncError) -> Int {
        let soup = state.soupName
        let idField = target.idFieldName
        let syncId = state.id
        var after: Int64 = 0
        var removed = 0
        while true {
            let batch: [(entryId: Int64, id: String)]
            do {
                batch = try await candidates(after: after)
            } catch {
                throw .store(error)
            }
            guard let last = batch.last else { return removed }
            after = last.entryId
            let remote: Set<String>
            do {
                remote = try await target.remoteIds(
                    among: batch.map(\.id), context: SyncContext(client: client, store: store, soupName: soup))
            } catch {
                throw .server(error)
            }
            let ghosts = batch.filter { !remote.contains($0.id) }.map(\.entryId)
            guard !ghosts.isEmpty else { continue }
            do {
                removed += try await store.transaction { tx in
                    let current = try tx.retrieve(usingSoupEntryIds: ghosts, inSoup: soup)
                    let stillClean = current.filter { Self.isCandidate($0, syncId: syncId, idField: idField) }
                    let ids = stillClean.compactMap { $0["_soupEntryId"]?.integerValue }
                    try tx.remove(entryIds: ids, inSoup: soup)
                    return ids.count
                }
            } catch {
                throw .store(error)
            }
        }
    }

    /// The next clean records of this sync after entry id `after`, up to a batch.
    private func candidates(after: Int64) async throws -> [(entryId: Int64, id: String)] {
        var found: [(Int64, String)] = []
        var cursor = after
        let idField = target.idFieldName
        while found.count < Self.batchSize {
            let page = try await store.query(
                using: .buildRangeQuerySpec(
                    soupName: state.soupName, path: "_soupEntryId", beginKey: .integer(cursor + 1), endKey: nil, pageSize: 500))
            guard let last = page.last?["_soupEntryId"]?.integerValue else { break }
            cursor = last
            for record in page where Self.isCandidate(record, syncId: state.id, idField: idField) {
                if let entryId = record["_soupEntryId"]?.integerValue, let id = record[idField]?.stringValue { found.append((entryId, id)) }
                if found.count == Self.batchSize { break }
            }
        }
        return found
    }

    /// A clean record this sync saved; never a dirty one, a local one, or another sync's.
    static func isCandidate(_ record: JSON, syncId: Int64, idField: String) -> Bool {
        let flags = RecordFlags(record)
        guard record[SyncField.local]?.boolValue == false, !flags.isDirty else { return false }
        guard record[SyncField.syncId]?.integerValue == syncId else { return false }
        guard let id = record[idField]?.stringValue, !LocalID.isLocal(id) else { return false }
        return true
    }
}
