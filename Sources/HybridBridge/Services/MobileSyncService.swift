import MobileSync
import SalesforceCore

/// `com.salesforce.mobilesync` (7.1: `com.salesforce.smartsync`): syncs down and up on the
/// store the call names. A sync answers at once with its state and runs on; its progress
/// reaches the page as `sync` events whose detail is the state with the store's name.
struct MobileSyncService: BridgeService {
    static let serviceNames = ["com.salesforce.mobilesync", "com.salesforce.smartsync"]
    let context: BridgeContext
    static let actions: Set<String> = ["syncDown", "syncUp", "reSync", "getSyncStatus", "deleteSync", "cleanResyncGhosts"]

    func answer(_ action: String, _ arguments: BridgeArguments) async throws -> JSON {
        try await answer(action, arguments, waitingForTheEnd: false)
    }

    /// Answers `action`; a sync answers at once and runs on with events, or, `waitingForTheEnd`
    /// (React Native), answers once with its final state.
    func answer(_ action: String, _ arguments: BridgeArguments, waitingForTheEnd: Bool) async throws -> JSON {
        // React Native's resetSyncManager: the managers are the session's, made again as needed.
        if action == "resetSyncManager" { return .null }
        guard Self.actions.contains(action) else { throw unknown(action) }
        let selector = arguments.store
        let manager = try await context.syncManager(selector)
        switch action {
        case "syncDown", "syncUp":
            let type: SyncType = action == "syncDown" ? .syncDown : .syncUp
            let state = try await manager.createSync(
                type, target: arguments["target"] ?? .object([:]), options: try SyncOptions(json: arguments["options"]),
                soupName: try arguments.requiredString("soupName"), name: arguments.string("syncName"))
            if waitingForTheEnd { return try await manager.reSync(id: state.id).json }
            start(state.id, on: manager, store: selector)
            return Self.running(state)
        case "reSync":
            let state = try await existing(arguments, manager)
            guard state.status != .running else {
                throw BridgeFailure("The sync \(state.name ?? String(state.id)) is running already; wait for its end (a sync event).")
            }
            if waitingForTheEnd { return try await manager.reSync(id: state.id).json }
            start(state.id, on: manager, store: selector)
            return Self.running(state)
        case "getSyncStatus":
            // Cordova cannot answer null: an unknown sync is {}, which the SDK's JavaScript turns into null.
            return try await find(arguments, manager)?.json ?? .object([:])
        case "deleteSync":
            let state = try await existing(arguments, manager)
            try await manager.deleteSync(id: state.id)
            return .null
        case "cleanResyncGhosts":
            let state = try await existing(arguments, manager)
            return .integer(Int64(try await manager.cleanResyncGhosts(id: state.id)))
        default:
            throw unknown(action)
        }
    }

    /// The answer to a call that started a run: the state, RUNNING, as the SDK's plugin answers.
    private static func running(_ state: SyncState) -> JSON {
        var running = state
        running.status = .running
        return running.json
    }

    /// Runs the sync `id` to its end in the background, sending each state as a `sync` event.
    private func start(_ id: Int64, on manager: SyncManager, store: StoreSelector) {
        let events = context.events
        let send: @Sendable (SyncState) -> Void = { state in
            var detail = state.json.objectValue ?? [:]
            detail.merge(store.json) { _, storeField in storeField }
            events.publish(BridgeEvent(name: "sync", detail: .object(detail)))
        }
        context.runs.start {
            do {
                _ = try await manager.reSync(id: id, onUpdate: send)
            } catch {
                // A run that cannot start (the manager stopped, the sync deleted meanwhile) ends as FAILED for the page.
                guard var state = try? await manager.syncStatus(id: id) else { return }
                state.status = .failed
                state.error = BridgeFailure.from(error).message
                send(state)
            }
        }
    }

    /// The sync `syncId` or `syncName` names, if there is one.
    private func find(_ arguments: BridgeArguments, _ manager: SyncManager) async throws -> SyncState? {
        if let id = arguments.integer("syncId") { return try await manager.syncStatus(id: id) }
        if let name = arguments.string("syncName") { return try await manager.syncStatus(named: name) }
        throw BridgeFailure("Neither syncId nor syncName were specified.")
    }

    private func existing(_ arguments: BridgeArguments, _ manager: SyncManager) async throws -> SyncState {
        guard let state = try await find(arguments, manager) else {
            throw BridgeFailure("There is no sync \(arguments.string("syncName") ?? arguments.integer("syncId").map(String.init) ?? "").")
        }
        return state
    }
}
