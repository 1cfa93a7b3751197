public import MobileSync
import SalesforceAuth
import SalesforceCore
public import SalesforceREST
public import SmartStore

// The current user's REST client, stores and sync managers, each made on first use and shared.
extension SalesforceApp {
    // MARK: - The current user's objects

    /// The current user's REST client, which refreshes the token as needed.
    /// - Throws: ``AppError/notLoggedIn``.
    public func restClient() async throws(AppError) -> RestClient {
        try await session().client
    }

    /// The current user's default store, with the soups of `userstore.json` registered.
    /// - Throws: ``AppError/notLoggedIn``, ``AppError/Code/store``.
    public func userStore() async throws(AppError) -> SmartStore {
        let identity = try await currentIdentity()
        _ = try await session()
        do {
            let store = try await stores.store(for: identity)
            AppFeatures.register(AppFeatures.userSmartStore)
            if sessions[identity]?.storeIsSetUp == false {
                if let config = configuration.userStore { try await store.registerSoups(fromConfig: config) }
                sessions[identity]?.storeIsSetUp = true
                let count = await stores.allStoreNames(for: identity).count
                await recordSystemEvent(
                    "userSmartStoreInit", component: "SmartStoreManager", for: identity,
                    attributes: ["numUserStores": .integer(Int64(count))])
            }
            return store
        } catch {
            throw AppError(code: .store, message: "The store of \(identity) cannot be opened: \(error)")
        }
    }

    /// The default global store, shared by every user, with the soups of `globalstore.json`.
    /// - Throws: ``AppError/Code/store``.
    public func globalStore() async throws(AppError) -> SmartStore {
        do {
            let store = try await stores.globalStore()
            AppFeatures.register(AppFeatures.globalSmartStore)
            if !globalStoreIsSetUp {
                if let config = configuration.globalStore { try await store.registerSoups(fromConfig: config) }
                globalStoreIsSetUp = true
                if let identity = await accounts.currentAccount?.identity {
                    let count = await stores.allGlobalStoreNames().count
                    await recordSystemEvent(
                        "globalSmartStoreInit", component: "SmartStoreManager", for: identity,
                        attributes: ["numGlobalStores": .integer(Int64(count))])
                }
            }
            return store
        } catch {
            throw AppError(code: .store, message: "The global store cannot be opened: \(error)")
        }
    }

    /// The current user's sync manager over their default store, with the syncs of
    /// `usersyncs.json` created (not run) on first use.
    /// - Throws: ``AppError/notLoggedIn``, ``AppError/Code/store``, ``AppError/Code/sync``.
    public func syncManager() async throws(AppError) -> SyncManager {
        let identity = try await currentIdentity()
        let session = try await session()
        if let manager = session.syncManager { return manager }
        let store = try await userStore()
        do {
            let manager = try await SyncManager(store: store, client: session.client)
            AppFeatures.register(AppFeatures.mobileSync)
            if let config = configuration.userSyncs { try await manager.createSyncs(from: config) }
            if let analytics = try? await analytics(for: identity) {
                // Every run's end becomes an instrumentation event; the task ends with the manager.
                let ends = manager.finishedRuns()
                Task {
                    for await state in ends {
                        analytics.recordSystemEvent(
                            state.type.rawValue, component: "SyncManager",
                            attributes: [
                                "status": .string(state.status.rawValue), "numRecords": .integer(Int64(state.recordsSynced)),
                                "numFailed": .integer(Int64(state.recordsFailed)),
                            ])
                    }
                }
            }
            // Another call may have made one while this one waited.
            if let winner = sessions[identity]?.syncManager { return winner }
            sessions[identity]?.syncManager = manager
            return manager
        } catch {
            throw AppError(code: .sync, message: "The sync manager of \(identity) cannot be created: \(error)")
        }
    }

    /// The sync manager of the global store, with the syncs of `globalsyncs.json`, talking to
    /// the server as the current user.
    /// - Throws: ``AppError/notLoggedIn``, ``AppError/Code/store``, ``AppError/Code/sync``.
    public func globalSyncManager() async throws(AppError) -> SyncManager {
        if let globalSyncs { return globalSyncs }
        let client = try await session().client
        let store = try await globalStore()
        do {
            let manager = try await SyncManager(store: store, client: client, ownership: .shared)
            if let config = configuration.globalSyncs { try await manager.createSyncs(from: config) }
            if let winner = globalSyncs { return winner }
            globalSyncs = manager
            return manager
        } catch {
            throw AppError(code: .sync, message: "The global sync manager cannot be created: \(error)")
        }
    }

    /// A REST client for a signed-in user: their session's, or one made for the moment.
    func client(for identity: UserIdentity) async -> RestClient? {
        if let session = sessions[identity] { return session.client }
        guard let account = await accounts.account(for: identity) else { return nil }
        return RestClient(
            credentials: account.credentials, refresher: SessionRefresher(accounts: accounts, app: self), transport: transport)
    }

    func currentIdentity() async throws(AppError) -> UserIdentity {
        guard let identity = await accounts.currentAccount?.identity else { throw .notLoggedIn }
        return identity
    }

    /// The current user's session, made on first use.
    func session() async throws(AppError) -> UserSession {
        guard let account = await accounts.currentAccount else { throw .notLoggedIn }
        if let session = sessions[account.identity] { return session }
        let client = RestClient(
            credentials: account.credentials, refresher: SessionRefresher(accounts: accounts, app: self), transport: transport)
        let session = sessions[account.identity] ?? UserSession(client: client)
        sessions[account.identity] = session
        return session
    }
}
