import Crypto
import DeepLinking
public import Foundation
public import IdentityProvider
import Logging
public import MobileSync
public import SalesforceAuth
public import SalesforceCore
public import SalesforceKeys
public import SalesforceREST
public import SmartStore

/// One entry point for an app's whole session, the counterpart of the SDK's
/// `MobileSyncSDKManager`: built from the app's configuration files, it logs users in, switches
/// between them, logs them out, and gives the current user a REST client, their SmartStore and
/// global store, and a sync manager, each made on first use and shared.
///
/// Everything of a user lives under that user (accounts, store files and their keys, syncs), and
/// a logout, or a refresh token the server revoked, removes all of it and leaves other users as
/// they were.
///
/// ```swift
/// let app = try await SalesforceApp(configuration: try AppConfiguration(bundle: .main), directory: appSupport)
/// if await app.currentUser == nil { _ = try await app.logIn(using: browser) }
/// let syncs = try await app.syncManager()        // with the syncs of usersyncs.json
/// _ = try await syncs.reSync(named: "syncDownContacts")
/// let store = try await app.userStore()          // with the soups of userstore.json
/// ```
public actor SalesforceApp {
    /// The configuration files the app was built from.
    public let configuration: AppConfiguration
    /// The folder the app keeps everything in: `accounts`, `SmartStore` and, on Linux, `keys`.
    public nonisolated let directory: URL
    /// The signed-in users.
    public let accounts: UserAccountManager
    /// The user and global stores.
    public let stores: SmartStoreManager
    /// What device management set (`ManagedConfiguration.unmanaged` without it): it takes
    /// precedence over `bootconfig`'s connected app and over the login hosts.
    public let managedConfiguration: ManagedConfiguration
    /// The login hosts users choose from, kept in `directory/loginhosts.json`; logins go to its
    /// selected host unless told another.
    public let loginHosts: LoginHostList
    private let transport: any HTTPTransport
    private let keys: any KeyStore
    private let instrumentation: AppAnalytics
    private(set) var identityProvider: (client: IdentityProviderClient, scheme: String?, loginHost: LoginHost?)?
    let pushRegistrations: PushRegistrations
    private var sessions: [UserIdentity: UserSession] = [:]
    private var globalSyncs: SyncManager?
    private var globalStoreIsSetUp = false
    private var willLogOutHandlers: [@Sendable (UserIdentity) async -> Void] = []
    private var lock: PasscodeLock?
    private let broadcaster = Broadcaster<AppEvent>()
    /// The router of `MobileDeepLinkingConfig.json`, if the app has one.
    var linkRouter: DeepLinkRouter?

    /// An app over `directory`, with accounts and store keys in `keyStore` (by default the
    /// Keychain on Apple platforms and 0600 files in `directory/keys` elsewhere), registering
    /// for push notifications as `push` says once it has a device token. `managed` is the
    /// device management's configuration; by default the platform's
    /// (`ManagedConfiguration.platform()`).
    /// - Throws: ``AppError/Code/account`` when the saved accounts cannot be read,
    ///   ``AppError/Code/configuration`` when the managed configuration or the login host list
    ///   cannot be.
    public init(
        configuration: AppConfiguration, directory: URL, keyStore: (any KeyStore)? = nil, push: PushConfiguration = PushConfiguration(),
        managed: ManagedConfiguration? = nil, transport: any HTTPTransport = URLSessionTransport.shared
    ) async throws(AppError) {
        let keys = keyStore ?? PlatformKeyStore.make(directory: directory)
        self.configuration = configuration
        self.directory = directory
        self.transport = transport
        self.keys = keys
        do {
            managedConfiguration = try managed ?? ManagedConfiguration.platform()
            loginHosts = try LoginHostList(file: directory.appendingPathComponent("loginhosts.json"), managed: managedConfiguration)
        } catch {
            let failure = error as? any ForceKitError
            throw AppError(
                code: .configuration, message: failure?.message ?? "\(error)", recoverySuggestion: failure?.recoverySuggestion)
        }
        do {
            accounts = try await UserAccountManager(
                directory: directory.appendingPathComponent("accounts", isDirectory: true), keyStore: keys,
                oauth: OAuthClient(bootConfig: configuration.bootConfig.applying(managedConfiguration), transport: transport))
        } catch {
            throw AppError(code: .account, message: "The saved accounts in \(directory.path) cannot be read: \(error)")
        }
        stores = SmartStoreManager(
            rootDirectory: directory.appendingPathComponent("SmartStore", isDirectory: true), protection: .encrypted(keyStore: keys))
        linkRouter = Self.makeLinkRouter(configuration.deepLinks, accounts: accounts)
        pushRegistrations = PushRegistrations(configuration: push, accounts: accounts)
        instrumentation = AppAnalytics(directory: directory, keys: keys, clientID: configuration.bootConfig.consumerKey)
        let device = instrumentation.device
        AppFeatures.identifyApp(name: device.appName, version: device.appVersion, installationID: device.deviceID)
        AppFeatures.register(AppFeatures.swift)
    }

    // MARK: - Users

    /// The current user, or nil before the first login and after the current user logs out.
    public var currentUser: UserAccount? {
        get async { await accounts.currentAccount }
    }

    /// Logs a user in through the browser (the web-server flow with PKCE) and makes them current,
    /// at `loginHost` or, by default, the host selected in ``loginHosts`` (the first managed host
    /// until the user chooses another).
    /// - Throws: ``AppError/Code/account`` with the login's failure.
    @discardableResult
    public func logIn(at loginHost: LoginHost? = nil, using browser: any BrowserSession) async throws(AppError) -> UserAccount {
        let selected = await loginHosts.selected
        let loginHost = loginHost ?? selected
        let previous = await accounts.currentAccount?.identity
        let account: UserAccount
        do {
            account = try await accounts.logIn(at: loginHost, using: browser)
            AppFeatures.register(AppFeatures.browserLogin)
        } catch {
            throw AppError(code: .account, message: "The login at \(loginHost.host) failed: \(error)")
        }
        return await didLogIn(account, previous: previous)
    }

    /// Logs a user in with a username and password (the password flow, for tools and tests
    /// against LocalOrg; apps use the browser) and makes them current.
    /// - Throws: ``AppError/Code/account`` with the login's failure, or at once when device
    ///   management requires certificate-based login (`RequireCertAuth`).
    @discardableResult
    public func logIn(username: String, password: String, at loginHost: LoginHost) async throws(AppError) -> UserAccount {
        guard !managedConfiguration.requiresCertificateLogin else {
            throw AppError(
                code: .account,
                message: "Device management requires certificate-based login (RequireCertAuth): a password login is not allowed.",
                recoverySuggestion: "Log in with logIn(using:) through the browser, which presents the device's certificate.")
        }
        let previous = await accounts.currentAccount?.identity
        let account: UserAccount
        do {
            account = try await accounts.logIn(username: username, password: password, at: loginHost)
        } catch {
            throw AppError(code: .account, message: "The login of \(username) at \(loginHost.host) failed: \(error)")
        }
        return await didLogIn(account, previous: previous)
    }

    private func didLogIn(_ account: UserAccount, previous: UserIdentity?) async -> UserAccount {
        Self.logger.info("\(account.identity) is the current user")
        if let lock { await lock.apply(await accounts.passcodePolicy) }
        AppFeatures.register(AppFeatures.oauth)
        if await accounts.accounts.count > 1 { AppFeatures.register(AppFeatures.multiUser) }
        await recordSystemEvent("addUser", component: "UserAccountManager", for: account.identity)
        publish(.loggedIn(account.identity))
        if previous != account.identity { publish(.switched(from: previous, to: account.identity)) }
        // Registration happens at the end of the login, as in the SDK; its failure is not the login's.
        await refreshPushRegistration()
        return account
    }

    /// Lets users log in through an identity-provider app (`configuration` names its URL scheme
    /// and bundle id), sending URLs with `opener`; the URLs the OS gives this app go to
    /// ``handle(_:)``.
    public func useIdentityProvider(_ configuration: IdentityProviderClient.Configuration, opener: any AppURLOpener) {
        var configuration = configuration
        // Device management may name another identity provider (`IDPAppURLScheme`).
        if let scheme = managedConfiguration.identityProviderURLScheme { configuration.identityProviderScheme = scheme }
        identityProvider = (
            IdentityProviderClient(configuration: configuration, accounts: accounts, opener: opener), configuration.identityProviderScheme,
            configuration.loginHost
        )
    }

    /// Logs a user in through the identity-provider app (the hinted one, or the one picked
    /// there) and makes them current: this app gets its own code and tokens, never the IdP's.
    /// The login host is the configuration's, or else the app's selected one (``loginHosts``),
    /// as for a browser login.
    /// - Throws: ``AppError/Code/account`` with the handoff's failure (no IdP configured or
    ///   installed: log in with the browser instead).
    @discardableResult
    public func logInThroughIdentityProvider(userHint: UserHint? = nil) async throws(AppError) -> UserAccount {
        guard let (client, _, configuredHost) = identityProvider else {
            throw AppError(
                code: .account, message: "No identity provider is configured.",
                recoverySuggestion: "Call useIdentityProvider(_:opener:) first, or log in with the browser.")
        }
        let previous = await accounts.currentAccount?.identity
        let account: UserAccount
        do {
            let host = configuredHost == nil ? await loginHosts.selected : nil
            account = try await client.logIn(userHint: userHint, loginHost: host)
        } catch {
            throw AppError(code: .account, message: "The login through the identity provider failed: \(error)")
        }
        return await didLogIn(account, previous: previous)
    }

    /// Handles a URL the OS gave this app: an identity provider's answer, or its IdP-initiated
    /// login (which makes that user current). Returns whether the URL was the identity
    /// provider's.
    @discardableResult
    public func handle(_ incoming: IncomingURL) async -> Bool {
        guard let client = identityProvider?.client else { return false }
        let previous = await accounts.currentAccount?.identity
        switch await client.handle(incoming) {
        case .ignored: return false
        case .delivered, .refused: return true
        case .loggedIn(let account, _):
            _ = await didLogIn(account, previous: previous)
            return true
        }
    }

    /// Makes a signed-in user current; their stores and syncs are the ones the app gets next.
    /// - Throws: ``AppError/Code/account`` when the user is not signed in.
    public func switchTo(_ identity: UserIdentity) async throws(AppError) {
        let previous = await accounts.currentAccount?.identity
        do {
            try await accounts.switchTo(identity)
        } catch {
            throw AppError(code: .account, message: "Cannot switch to \(identity): \(error)")
        }
        if previous != identity { publish(.switched(from: previous, to: identity)) }
    }

    /// Runs `handler` before each logout, while the user's stores are still there (to flush
    /// unsent changes, say). Logouts wait for it. A user whose refresh token the server revoked
    /// is removed without it: the server would refuse whatever it sent.
    public func onWillLogOut(_ handler: @escaping @Sendable (UserIdentity) async -> Void) {
        willLogOutHandlers.append(handler)
    }

    /// Logs a user out (the current one by default) and removes everything of theirs from the
    /// device: their syncs are stopped, their stores and the stores' keys deleted, their refresh
    /// token revoked and their account deleted. Other users and the global stores stay.
    public func logOut(_ identity: UserIdentity? = nil) async {
        var chosen = identity
        if chosen == nil { chosen = await accounts.currentAccount?.identity }
        guard let identity = chosen else { return }
        publish(.willLogOut(identity))
        for handler in willLogOutHandlers { await handler(identity) }
        if let session = sessions[identity] { await session.syncManager?.stop() }
        // The user's events go out now, or never: their store is deleted below.
        await recordSystemEvent("userLogout", component: "UserAccountManager", for: identity)
        if let analytics = await instrumentation.existingManager(for: identity), let client = await client(for: identity) {
            await analytics.publish(with: client)
        }
        // Unregistering needs the user's token, so it comes before the revoke; it never holds the logout up.
        if let client = await client(for: identity) { await pushRegistrations.unregister(identity, with: client) }
        await removeEverything(of: identity)
    }

    /// What is left of a logout once the server is done with: for a refresh token the server
    /// revoked, the server refuses the user's requests, so nothing is sent (and the refresh that
    /// found out is still waiting on this).
    func forgetRevokedUser(_ identity: UserIdentity) async {
        publish(.willLogOut(identity))
        if let session = sessions[identity] { await session.syncManager?.stop() }
        await removeEverything(of: identity)
    }

    /// Revokes and deletes the account, and deletes the user's stores, keys and events: in the org
    /// and in every community the account has been to (it moves between them, their data stays).
    private func removeEverything(of identity: UserIdentity) async {
        await pushRegistrations.forget(identity)
        await accounts.logOut(identity)
        let communities = Set(stores.communities(withStoresOf: identity) + (await instrumentation.communities(withEventsOf: identity)))
        // Communities first: their folders are inside the org's.
        let everywhere =
            communities.sorted { $0.id18 < $1.id18 }.map { UserIdentity(orgID: identity.orgID, userID: identity.userID, communityID: $0) }
            + [identity.withoutCommunity]
        for place in everywhere {
            sessions[place] = nil
            // Removal is best effort, like the SDK's: a store that cannot be deleted now must not
            // keep the user signed in.
            do {
                try await stores.removeAllStores(for: place)
            } catch {
                Self.logger.error("The stores of \(place) could not all be removed: \(error)")
            }
            await instrumentation.remove(place)
        }
        Self.logger.info("Removed the data of \(identity)")
        if let lock { await lock.apply(await accounts.passcodePolicy) }
        publish(.loggedOut(identity))
    }

    // MARK: - The passcode lock

    /// The app's passcode lock, made on first use and kept in `directory/passcode`: its policy
    /// is the strictest of the signed-in users' (updated at each login and logout), and too many
    /// wrong passcodes log every user out, removing all their data, as the SDK does.
    /// - Throws: ``AppError/Code/account`` when the saved lock cannot be read.
    public func passcodeLock() async throws(AppError) -> PasscodeLock {
        if let lock { return lock }
        let made: PasscodeLock
        do {
            made = try await PasscodeLock(file: directory.appendingPathComponent("passcode"), keyStore: keys) { [weak self] in
                await self?.logOutEveryone()
            }
        } catch {
            throw AppError(code: .account, message: error.message, recoverySuggestion: error.recoverySuggestion)
        }
        // Another caller may have made it while this one waited.
        if let lock { return lock }
        lock = made
        await made.apply(await accounts.passcodePolicy)
        return made
    }

    private func logOutEveryone() async {
        for account in await accounts.accounts { await logOut(account.identity) }
    }

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

    // MARK: - Push notifications

    /// Gives the app the device token the platform issued (APNs or FCM), and registers the
    /// current user with it. A new token renews the registration.
    public func setDeviceToken(_ token: Data) async {
        await pushRegistrations.setDeviceToken(token)
        await refreshPushRegistration()
    }

    /// Registers the current user for push notifications when a registration is due: none yet,
    /// a failure `retryAfterFailure` ago, or a registration older than `renewal`. Call it when
    /// the app comes to the foreground, as the SDK does; logins call it.
    public func refreshPushRegistration() async {
        guard let identity = await accounts.currentAccount?.identity else { return }
        await pushRegistrations.refresh(identity) { await self.client(for: identity) }
    }

    /// Does the app's background duties until the task running it is cancelled: every
    /// `checkInterval` it registers for push when a registration is due (a retry after a failure,
    /// a renewal), and every `publishInterval` (8 hours, as the Android SDK does) it publishes
    /// the current user's analytics. Run it in a task the app owns:
    ///
    /// ```swift
    /// async let duties: Void = app.run()
    /// ```
    public func run(checkInterval: Duration = .seconds(60), publishInterval: Duration = .seconds(8 * 3600)) async {
        let clock = ContinuousClock()
        var lastPublished = clock.now
        while !Task.isCancelled {
            await refreshPushRegistration()
            if clock.now - lastPublished >= publishInterval {
                await publishAnalytics()
                lastPublished = clock.now
            }
            do {
                try await Task.sleep(for: checkInterval, clock: clock)
            } catch {
                return
            }
        }
    }

    /// Where the push registration of a user (the current one by default) stands.
    public func pushStatus(for identity: UserIdentity? = nil) async -> PushStatus {
        var chosen = identity
        if chosen == nil { chosen = await accounts.currentAccount?.identity }
        guard let chosen else { return .notRegistered }
        return await pushRegistrations.status(of: chosen)
    }

    /// A REST client for a signed-in user: their session's, or one made for the moment.
    private func client(for identity: UserIdentity) async -> RestClient? {
        if let session = sessions[identity] { return session.client }
        guard let account = await accounts.account(for: identity) else { return nil }
        return RestClient(
            credentials: account.credentials, refresher: SessionRefresher(accounts: accounts, app: self), transport: transport)
    }

    private func currentIdentity() async throws(AppError) -> UserIdentity {
        guard let identity = await accounts.currentAccount?.identity else { throw .notLoggedIn }
        return identity
    }

    /// The current user's session, made on first use.
    private func session() async throws(AppError) -> UserSession {
        guard let account = await accounts.currentAccount else { throw .notLoggedIn }
        if let session = sessions[account.identity] { return session }
        let client = RestClient(
            credentials: account.credentials, refresher: SessionRefresher(accounts: accounts, app: self), transport: transport)
        let session = sessions[account.identity] ?? UserSession(client: client)
        sessions[account.identity] = session
        return session
    }

    // MARK: - Analytics

    /// The instrumentation of a user (the current one by default), made on first use: events
    /// kept encrypted under the user, published to the org by ``publishAnalytics()``.
    /// - Throws: ``AppError/notLoggedIn``, ``AppError/Code/store`` when its key is unavailable.
    public func analytics(for identity: UserIdentity? = nil) async throws(AppError) -> AnalyticsManager {
        var chosen = identity
        if chosen == nil { chosen = await accounts.currentAccount?.identity }
        guard let identity = chosen, await accounts.account(for: identity) != nil else { throw .notLoggedIn }
        return try await instrumentation.manager(for: identity)
    }

    /// Publishes the current user's events (when the app goes to the background, as the SDK
    /// does on iOS). Returns whether events were published.
    @discardableResult
    public func publishAnalytics() async -> Bool {
        guard let identity = await accounts.currentAccount?.identity, let analytics = try? await analytics(for: identity),
            let client = await client(for: identity)
        else { return false }
        return await analytics.publish(with: client)
    }

    /// Records one of the SDK's events for `identity`; instrumentation never fails what it watches.
    func recordSystemEvent(_ name: String, component: String, for identity: UserIdentity, attributes: [String: JSON] = [:]) async {
        await instrumentation.recordSystemEvent(name, component: component, for: identity, attributes: attributes)
    }

    /// The instrumentation of `identity` if it was made in this process.
    func existingAnalytics(for identity: UserIdentity) async -> AnalyticsManager? {
        await instrumentation.existingManager(for: identity)
    }

    /// The sync manager of `identity`'s session if it was made in this process.
    func existingSyncManager(for identity: UserIdentity) -> SyncManager? {
        sessions[identity]?.syncManager
    }

    // MARK: - Developer support

    /// What the developer-support menu shows; see ``DeveloperSupportInfo/init(of:)``.
    public func developerSupportInfo() async -> DeveloperSupportInfo {
        await DeveloperSupportInfo(of: self)
    }

    private static let logger = Logger.forceKit("app")

    // MARK: - Events

    /// The app's events from now on, until the app is released.
    public nonisolated func events() -> AsyncStream<AppEvent> {
        broadcaster.stream()
    }

    private func publish(_ event: AppEvent) {
        broadcaster.publish(event)
    }
}
