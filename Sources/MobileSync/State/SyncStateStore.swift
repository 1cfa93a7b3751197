import SalesforceCore
import SmartStore

/// The syncs of one store, kept in its `syncs_soup` as the SDK keeps them.
struct SyncStateStore: Sendable {
    static let soupName = "syncs_soup"
    let store: SmartStore

    /// Registers `syncs_soup` (json1 indexes on type, name and status, as the SDK's) if missing.
    func prepare() async throws(SmartStoreError) {
        guard try await !store.soupExists(Self.soupName) else { return }
        try await store.registerSoup(
            Self.soupName,
            indexSpecs: [
                IndexSpec(path: "type", type: .json1), IndexSpec(path: "name", type: .json1), IndexSpec(path: "status", type: .json1),
            ])
    }

    /// Stores a new state and returns it with its id; a taken name is ``SyncError/duplicateName(_:)``.
    func create(
        type: SyncType, name: String?, target: JSON, options: SyncOptions, soupName: String, owner: UserIdentity?
    ) async throws -> SyncState {
        try await store.transaction { tx in
            if let name, try Self.state(named: name, tx) != nil { throw SyncError.duplicateName(name) }
            var state = SyncState(id: 0, type: type, name: name, target: target, options: options, soupName: soupName)
            state.owner = owner
            var json = state.json.objectValue ?? [:]
            json["_soupEntryId"] = nil
            // The store writes the entry id into the stored entry, so the one write is the whole state.
            let stored = try tx.create(entry: .object(json), inSoup: Self.soupName)
            state.id = stored["_soupEntryId"]?.integerValue ?? 0
            return state
        }
    }

    /// Saves `state` as part of a transaction.
    static func save(_ state: SyncState, _ tx: StoreTransaction) throws(SmartStoreError) {
        try tx.update(entry: state.json, soupEntryId: state.id, inSoup: soupName)
    }

    /// Saves `state` on its own.
    func save(_ state: SyncState) async throws {
        try await store.transaction { tx in try Self.save(state, tx) }
    }

    func state(id: Int64) async throws -> SyncState? {
        guard let json = try await store.retrieve(usingSoupEntryIds: [id], inSoup: Self.soupName).first else { return nil }
        return try SyncState(json: json)
    }

    func state(named name: String) async throws -> SyncState? {
        let found = try await store.query(
            using: .buildExactQuerySpec(soupName: Self.soupName, path: "name", matchKey: .string(name), pageSize: 1))
        return try found.first.map { json throws(SyncError) in try SyncState(json: json) }
    }

    static func state(named name: String, _ tx: StoreTransaction) throws -> SyncState? {
        let found = try tx.query(using: .buildExactQuerySpec(soupName: soupName, path: "name", matchKey: .string(name), pageSize: 2))
        return try found.first.map { json throws(SyncError) in try SyncState(json: json) }
    }

    /// Every state with `status`, by id.
    func states(withStatus status: SyncStatus) async throws -> [SyncState] {
        var states: [SyncState] = []
        var page = 0
        while true {
            let found = try await store.query(
                using: .buildExactQuerySpec(
                    soupName: Self.soupName, path: "status", matchKey: .string(status.rawValue), orderPath: "_soupEntryId", pageSize: 500),
                startingFromPageIndex: page)
            for json in found { states.append(try SyncState(json: json)) }
            if found.count < 500 { return states }
            page += 1
        }
    }

    /// The sync ups holding creates into any of `soups` whose answers were never saved, as part
    /// of a transaction. Any sync up writing the soup counts: the app (or the CLI) may resume
    /// with a new sync rather than the one that was killed, or with a one-soup sync of a tree's soup.
    static func statesWithSentCreates(inSoups soups: Set<String>, _ tx: StoreTransaction) throws -> [SyncState] {
        var states: [SyncState] = []
        var page = 0
        while true {
            let found = try tx.query(
                using: .buildExactQuerySpec(
                    soupName: soupName, path: "type", matchKey: .string(SyncType.syncUp.rawValue), orderPath: "_soupEntryId", pageSize: 500),
                startingFromPageIndex: page)
            for json in found where json["sentCreates"] != nil {
                let state = try SyncState(json: json)
                if state.sentCreates.keys.contains(where: { soups.contains($0.soup) }) { states.append(state) }
            }
            if found.count < 500 { return states }
            page += 1
        }
    }

    func delete(id: Int64) async throws {
        try await store.remove(entryIds: [id], inSoup: Self.soupName)
    }
}
