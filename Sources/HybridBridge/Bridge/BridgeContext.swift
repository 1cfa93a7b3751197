import MobileSync
import SalesforceApp
import SalesforceAuth
import SalesforceCore
import SmartStore

/// What every service works on: the app's session, the stores an action names, their sync
/// managers, and the events the page is sent.
final class BridgeContext: Sendable {
    let app: SalesforceApp
    let info: HybridAppInfo
    let browser: (any BrowserSession)?
    let loginHost: LoginHost
    let fileFolders: UploadFolders
    let events = Broadcaster<BridgeEvent>(buffer: 10_000)
    /// The syncs started by calls that answered before their end.
    let runs = BackgroundRuns()
    private let namedSyncManagers = NamedSyncManagers()

    init(app: SalesforceApp, info: HybridAppInfo, browser: (any BrowserSession)?, loginHost: LoginHost, fileFolders: UploadFolders) {
        self.app = app
        self.fileFolders = fileFolders
        self.info = info
        self.browser = browser
        self.loginHost = loginHost
    }

    /// The signed-in user, or the failure an action that needs one answers.
    func currentIdentity() async throws -> UserIdentity {
        guard let user = await app.currentUser else {
            throw BridgeFailure("No user is logged in. Log in first (com.salesforce.oauth authenticate, or forcekit login).")
        }
        return user.identity
    }

    /// The store `selector` names: the user's default store has the soups of `userstore.json`,
    /// the default global store those of `globalstore.json`.
    func store(_ selector: StoreSelector) async throws -> SmartStore {
        switch (selector.isGlobal, selector.name == StoreSelector.defaultName) {
        case (true, true): return try await app.globalStore()
        case (true, false): return try await app.stores.globalStore(named: selector.name)
        case (false, true): return try await app.userStore()
        case (false, false): return try await app.stores.store(named: selector.name, for: try await currentIdentity())
        }
    }

    /// The sync manager of the store `selector` names.
    func syncManager(_ selector: StoreSelector) async throws -> SyncManager {
        switch (selector.isGlobal, selector.name == StoreSelector.defaultName) {
        case (true, true): return try await app.globalSyncManager()
        case (false, true): return try await app.syncManager()
        default:
            let owner = selector.isGlobal ? nil : try await currentIdentity()
            return try await namedSyncManagers.manager(for: selector, owner: owner) {
                try await SyncManager(
                    store: try await self.store(selector), client: try await self.app.restClient(),
                    ownership: selector.isGlobal ? .shared : .user)
            }
        }
    }
}

/// The sync managers of stores other than the default ones, made once per store and user.
private actor NamedSyncManagers {
    private struct Key: Hashable {
        var selector: StoreSelector
        var owner: UserIdentity?
    }
    private var managers: [Key: SyncManager] = [:]

    func manager(for selector: StoreSelector, owner: UserIdentity?, make: () async throws -> SyncManager) async throws -> SyncManager {
        let key = Key(selector: selector, owner: owner)
        if let manager = managers[key] { return manager }
        let manager = try await make()
        // Another call may have made one while this one waited.
        if let winner = managers[key] { return winner }
        managers[key] = manager
        return manager
    }
}

/// Work a call started and answered before it ended (a sync), which the bridge waits for
/// before it stops serving.
final class BackgroundRuns: Sendable {
    private let started = Locked<[Task<Void, Never>]>([])

    /// Runs `work` in the background.
    func start(_ work: @escaping @Sendable () async -> Void) {
        let task = Task { await work() }
        started.withLock { $0.append(task) }
    }

    /// Returns once every run, including those started meanwhile, has ended.
    func waitForAll() async {
        while true {
            let pending = started.withLock { tasks in
                defer { tasks = [] }
                return tasks
            }
            guard !pending.isEmpty else { return }
            for task in pending { await task.value }
        }
    }
}
