import SalesforceCore
import SalesforceREST
import SmartStore

/// One soup a sync up writes, as the recovery of its sent creates sees it.
struct RecoveredSoup: Sendable {
    let soup: String
    let idField: String
    /// For a tree's child: the field pointing to its parent, whose local id becomes the
    /// parent's server id when the parent is found.
    let parentField: String?
    /// The fields a create of the record sends, to tell whether it changed since it was sent.
    let createFields: @Sendable (JSON) -> [String: JSON]
}

/// Before a sync up sends anything, links the creates an earlier run of any sync up of the same
/// soups sent and never saved the answers of (the app was killed, the answer was lost) to the
/// records the server made for them, so none is created twice; what the server never made is
/// sent as usual.
enum SentCreateRecovery {
    /// Reconciles the creates into `soups` (a tree's parents first) left by any sync up, and
    /// returns `state` with ``SyncState/recordsReconciled`` counted and no creates left waiting.
    static func reconcile(_ state: SyncState, soups: [RecoveredSoup], store: SmartStore, client: RestClient) async throws -> SyncState {
        let names = Set(soups.map(\.soup))
        let waiting = try await store.transaction { tx in try SyncStateStore.statesWithSentCreates(inSoups: names, tx) }
        guard !waiting.isEmpty else { return state }
        let sentCreates = waiting.reduce(into: [SentCreate.Key: SentCreate]()) { merged, earlier in
            merged.merge(earlier.sentCreates.filter { names.contains($0.key.soup) }) { $0.sentAt >= $1.sentAt ? $0 : $1 }
        }
        var state = state
        // Local ids of records found on the server, with their server ids: a child sent under a
        // new parent names the parent by its local id, the server by its new one.
        var serverIds: [String: String] = [:]
        for soup in soups {
            var sent: [Int64: SentCreate] = [:]
            for (key, create) in sentCreates where key.soup == soup.soup {
                var create = create
                if let field = soup.parentField, let parent = create.fields[field]?.stringValue, let serverId = serverIds[parent] {
                    create.fields[field] = .string(serverId)
                }
                sent[key.entryId] = create
            }
            guard !sent.isEmpty else { continue }
            let found = try await CreateReconciliation.serverIds(
                for: sent, soup: soup.soup, idField: soup.idField, store: store, client: client)
            let toLink = sent
            let (linked, count) = try await store.transaction { tx in
                try link(found, sent: toLink, original: sentCreates, in: soup, tx: tx)
            }
            serverIds.merge(linked) { $1 }
            state.recordsReconciled += count
        }
        let repointed = serverIds
        return try await store.transaction { [state] tx in
            var state = state
            for soup in soups { try repointChildren(in: soup, to: repointed, tx: tx) }
            for var earlier in waiting where earlier.id != state.id {
                earlier.sentCreates = earlier.sentCreates.filter { !names.contains($0.key.soup) }
                try SyncStateStore.save(earlier, tx)
            }
            state.sentCreates = state.sentCreates.filter { !names.contains($0.key.soup) }
            try SyncStateStore.save(state, tx)
            return state
        }
    }

    /// Links the records of `soup` whose creates were `found` on the server; returns their local
    /// ids with their server ids, and how many were linked.
    private static func link(
        _ found: [Int64: String], sent: [Int64: SentCreate], original: [SentCreate.Key: SentCreate], in soup: RecoveredSoup,
        tx: StoreTransaction
    ) throws -> (serverIds: [String: String], count: Int) {
        var linked: [JSON] = []
        var serverIds: [String: String] = [:]
        for record in try tx.retrieve(usingSoupEntryIds: Array(found.keys), inSoup: soup.soup) {
            guard let entryId = record["_soupEntryId"]?.integerValue, let serverId = found[entryId], let create = sent[entryId],
                let asSent = original[SentCreate.Key(soup: soup.soup, entryId: entryId)]
            else { continue }
            var flags = RecordFlags(record)
            // Its answer not saved, the record still has the id it was sent with: a local one, or
            // the old id of a record made again after the server deleted it.
            guard let localId = flags.members[soup.idField]?.stringValue else { continue }
            flags.members[soup.idField] = .string(serverId)
            if let field = soup.parentField, let parent = create.fields[field] { flags.members[field] = parent }
            if flags.isDeleted {
                // Deleted by the app meanwhile: the server's copy is deleted by this run.
                flags.set(created: false)
            } else if soup.createFields(record) == asSent.fields {
                flags.clean()
            } else {
                // Edited since it was sent: what the server has is the base of an update.
                var base = create.fields
                base[soup.idField] = .string(serverId)
                flags.members[SyncField.base] = .object(base)
                flags.set(created: false, updated: true)
            }
            linked.append(flags.record)
            serverIds[localId] = serverId
        }
        try tx.upsert(entries: linked, inSoup: soup.soup)
        return (serverIds, linked.count)
    }

    /// Points the records of `soup` whose parent field holds a local id found on the server to
    /// the server id.
    private static func repointChildren(in soup: RecoveredSoup, to serverIds: [String: String], tx: StoreTransaction) throws {
        guard let field = soup.parentField else { return }
        for (localId, serverId) in serverIds {
            let spec = QuerySpec.buildExactQuerySpec(soupName: soup.soup, path: field, matchKey: .string(localId), pageSize: 500)
            var children = try RecordTrees.allRows(spec, tx: tx)
            guard !children.isEmpty else { continue }
            for index in children.indices {
                guard case .object(var members) = children[index] else { continue }
                members[field] = .string(serverId)
                children[index] = .object(members)
            }
            try tx.upsert(entries: children, inSoup: soup.soup)
        }
    }
}
