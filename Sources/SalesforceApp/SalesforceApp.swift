import Crypto
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
    public let directory: URL
    /// The signed-in users.
    public let accounts: UserAccountManager
    /// The user and global stores.
    public let stores: SmartStoreManager
    private let transport: any HTTPTransport
    private let keys: any KeyStore
    private var analyticsManagers: [UserIdentity: AnalyticsManager] = [:]
    private var identityProvider: (client: IdentityProviderClient, scheme: String?)?
    private let push: PushRegistrar
    /// What analytics say of this device and app, read (or made) once at start-up.
    private let device: DeviceAttributes
    private var deviceToken: Data?
    private var pushStatuses: [UserIdentity: PushStatus] = [:]
    private var sessions: [UserIdentity: UserSession] = [:]
    private var globalSyncs: SyncManager?
    private var globalStoreIsSetUp = false
    private var willLogOutHandlers: [@Sendable (UserIdentity) async -> Void] = []
    private var subscribers: [UUID: AsyncStream<AppEvent>.Continuation] = [:]

    /// An app over `directory`, with accounts and store keys in `keyStore` (by default the
    /// Keychain on Apple platforms and 0600 files in `directory/keys` elsewhere), registering
    /// for push notifications as `push` says once it has a device token.
    /// - Throws: ``AppError/Code/account`` when the saved accounts cannot be read.
    public init(
        configuration: AppConfiguration, directory: URL, keyStore: (any KeyStore)? = nil, push: PushConfiguration = PushConfiguration(),
        transport: any HTTPTransport = URLSessionTransport.shared
    ) async throws(AppError) {
        let keys = keyStore ?? Self.defaultKeyStore(directory: directory)
        self.configuration = configuration
        self.directory = directory
        self.transport = transport
        self.keys = keys
        self.push = PushRegistrar(configuration: push)
        do {
            accounts = try await UserAccountManager(
                directory: directory.appendingPathComponent("accounts", isDirectory: true), keyStore: keys,
                oauth: OAuthClient(bootConfig: configuration.bootConfig, transport: transport))
        } catch {
            throw AppError(code: .account, message: "The saved accounts in \(directory.path) cannot be read: \(error)")
        }
        stores = SmartStoreManager(
            rootDirectory: directory.appendingPathComponent("SmartStore", isDirectory: true), protection: .encrypted(keyStore: keys))
        device = Self.deviceAttributes(directory: directory, clientID: configuration.bootConfig.consumerKey)
        AppFeatures.identifyApp(name: device.appName, version: device.appVersion, installationID: device.deviceID)
        AppFeatures.register(AppFeatures.swift)
    }

    private static func defaultKeyStore(directory: URL) -> any KeyStore {
        #if canImport(Security)
            KeychainKeyStore(service: Bundle.main.bundleIdentifier ?? "com.salesforce.mobilesdk")
        #else
            FileKeyStore(directory: directory.appendingPathComponent("keys", isDirectory: true))
        #endif
    }

    // MARK: - Users

    /// The current user, or nil before the first login and after the current user logs out.
    public var currentUser: UserAccount? {
        get async { await accounts.currentAccount }
    }

    /// Logs a user in through the browser (the web-server flow with PKCE) and makes them current.
    /// - Throws: ``AppError/Code/account`` with the login's failure.
    @discardableResult
    public func logIn(at loginHost: LoginHost = .production, using browser: any BrowserSession) async throws(AppError) -> UserAccount {
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
    /// - Throws: ``AppError/Code/account`` with the login's failure.
    @discardableResult
    public func logIn(username: String, password: String, at loginHost: LoginHost) async throws(AppError) -> UserAccount {
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
        identityProvider = (
            IdentityProviderClient(configuration: configuration, accounts: accounts, opener: opener), configuration.identityProviderScheme
        )
    }

    /// Logs a user in through the identity-provider app (the hinted one, or the one picked
    /// there) and makes them current: this app gets its own code and tokens, never the IdP's.
    /// - Throws: ``AppError/Code/account`` with the handoff's failure (no IdP configured or
    ///   installed: log in with the browser instead).
    @discardableResult
    public func logInThroughIdentityProvider(userHint: UserHint? = nil) async throws(AppError) -> UserAccount {
        guard let client = identityProvider?.client else {
            throw AppError(
                code: .account, message: "No identity provider is configured.",
                recoverySuggestion: "Call useIdentityProvider(_:opener:) first, or log in with the browser.")
        }
        let previous = await accounts.currentAccount?.identity
        let account: UserAccount
        do {
            account = try await client.logIn(userHint: userHint)
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
        if let analytics = analyticsManagers[identity], let client = await client(for: identity) { await analytics.publish(with: client) }
        // Unregistering needs the user's token, so it comes before the revoke; it never holds the logout up.
        if case .registered(let deviceID, _) = await knownPushStatus(identity), let client = await client(for: identity) {
            await push.unregister(deviceID, with: client)
        }
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

    /// Revokes and deletes the account, and deletes the user's stores, keys and events.
    private func removeEverything(of identity: UserIdentity) async {
        pushStatuses[identity] = nil
        sessions[identity] = nil
        analyticsManagers[identity] = nil
        await accounts.logOut(identity)
        // Removal is best effort, like the SDK's: a store that cannot be deleted now must not keep
        // the user signed in.
        do {
            try await stores.removeAllStores(for: identity)
        } catch {
            Self.logger.error("The stores of \(identity) could not all be removed: \(error)")
        }
        await removeAnalytics(of: identity)
        Self.logger.info("Removed the data of \(identity)")
        publish(.loggedOut(identity))
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
                await manager.observeEnds { state in
                    analytics.recordSystemEvent(
                        state.type.rawValue, component: "SyncManager",
                        attributes: [
                            "status": .string(state.status.rawValue), "numRecords": .integer(Int64(state.recordsSynced)),
                            "numFailed": .integer(Int64(state.recordsFailed)),
                        ])
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
            let manager = try await SyncManager(store: store, client: client)
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
        if token != deviceToken {
            deviceToken = token
            pushStatuses = pushStatuses.filter { $0.value == .notEnabled }
        }
        await refreshPushRegistration()
    }

    /// Registers the current user for push notifications when a registration is due: none yet,
    /// a failure `retryAfterFailure` ago, or a registration older than `renewal`. Call it when
    /// the app comes to the foreground, as the SDK does; logins call it.
    public func refreshPushRegistration() async {
        guard let deviceToken, let identity = await accounts.currentAccount?.identity else { return }
        let now = Date()
        let known = await knownPushStatus(identity)
        let token = PushRegistrar.hex(deviceToken)
        let registeredToken = await accounts.account(for: identity)?.customData[Self.pushTokenKey]?.stringValue
        let tokenChanged = registeredToken != nil && registeredToken != token
        guard tokenChanged || push.isDue(known, now: now), let client = await client(for: identity) else { return }
        let status = await push.register(deviceToken, with: client, now: now)
        pushStatuses[identity] = status
        Self.logger.info("Push registration of \(identity): \(status)")
        guard case .registered(let deviceID, let date) = status else { return }
        AppFeatures.register(AppFeatures.pushNotifications)
        // The registration outlives the process, so a relaunch neither registers twice nor
        // leaves the record behind at logout; a registration it replaces is deleted.
        if case .registered(let replaced, _) = known, replaced != deviceID { await push.unregister(replaced, with: client) }
        if var data = await accounts.account(for: identity)?.customData {
            data[Self.pushDeviceKey] = .string(deviceID)
            data[Self.pushDateKey] = .double(date.timeIntervalSince1970)
            data[Self.pushTokenKey] = .string(token)
            try? await accounts.setCustomData(data, for: identity)
        }
    }

    private static let pushDeviceKey = "pushDeviceSalesforceId"
    private static let pushDateKey = "pushRegisteredAt"
    private static let pushTokenKey = "pushDeviceToken"

    /// The user's registration as this process knows it, or as a former one saved it.
    private func knownPushStatus(_ identity: UserIdentity) async -> PushStatus {
        if let status = pushStatuses[identity] { return status }
        guard let data = await accounts.account(for: identity)?.customData, let deviceID = data[Self.pushDeviceKey]?.stringValue,
            let seconds = data[Self.pushDateKey]?.doubleValue
        else { return .notRegistered }
        let status = PushStatus.registered(deviceID: deviceID, at: Date(timeIntervalSince1970: seconds))
        pushStatuses[identity] = status
        return status
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
        return await knownPushStatus(chosen)
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
        if let manager = analyticsManagers[identity] { return manager }
        let key: SymmetricKey
        do {
            key = try await keys.key(for: Self.analyticsKeyLabel(identity))
        } catch {
            throw AppError(code: .store, message: "The analytics key of \(identity) is unavailable: \(error)")
        }
        if let winner = analyticsManagers[identity] { return winner }
        let manager = AnalyticsManager(
            store: EventStore(directory: analyticsDirectory(identity), key: key), device: device)
        analyticsManagers[identity] = manager
        AppFeatures.register(AppFeatures.analytics)
        return manager
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
        (try? await analytics(for: identity))?.recordSystemEvent(name, component: component, attributes: attributes)
    }

    private func removeAnalytics(of identity: UserIdentity) async {
        let folder = analyticsDirectory(identity)
        try? FileManager.default.removeItem(at: folder)
        // The org's folder goes too once no other user of it has events.
        FileManager.default.removeEmptyFolders(
            from: folder.deletingLastPathComponent(), below: directory.appendingPathComponent("analytics"))
        try? await keys.removeKey(for: Self.analyticsKeyLabel(identity))
    }

    private func analyticsDirectory(_ identity: UserIdentity) -> URL {
        identity.pathComponents.reduce(directory.appendingPathComponent("analytics", isDirectory: true)) {
            $0.appendingPathComponent($1, isDirectory: true)
        }
    }

    private static func analyticsKeyLabel(_ identity: UserIdentity) -> String {
        "com.salesforce.eventStore.encryptionKey." + identity.pathComponents.joined(separator: ".")
    }

    /// What the events say of this device and app; the device id is made once per app folder.
    private static func deviceAttributes(directory: URL, clientID: String) -> DeviceAttributes {
        let idFile = directory.appendingPathComponent("device-id")
        var deviceID = (try? String(contentsOf: idFile, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        if deviceID.isEmpty {
            deviceID = UUID().uuidString.lowercased()
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try? Data(deviceID.utf8).write(to: idFile, options: .atomic)
        }
        let info = Bundle.main.infoDictionary ?? [:]
        let version = ProcessInfo.processInfo.operatingSystemVersion
        return DeviceAttributes(
            appName: info["CFBundleName"] as? String ?? ProcessInfo.processInfo.processName,
            appVersion: info["CFBundleShortVersionString"] as? String ?? "1.0", osName: AppFeatures.operatingSystemName,
            osVersion: "\(version.majorVersion).\(version.minorVersion).\(version.patchVersion)", deviceID: deviceID,
            clientID: clientID)
    }

    // MARK: - Developer support

    /// What the developer-support menu shows: ForceKit's version, the app type, the user agent,
    /// the login settings, the current and signed-in users, the boot config, the stores, and for
    /// the current user their soups, syncs with their states, and push registration.
    public func developerSupportInfo() async -> DeveloperSupportInfo {
        typealias Entry = DeveloperSupportInfo.Entry
        func yesNo(_ value: Bool) -> String { value ? "YES" : "NO" }
        let boot = configuration.bootConfig
        let current = await accounts.currentAccount
        let signedIn = await accounts.accounts
        var userStores: [String] = []
        if let current { userStores = await stores.allStoreNames(for: current.identity) }
        var entries = [
            Entry(key: "SDK Version", value: ForceKitVersion.current),
            Entry(key: "App Type", value: "Native"),
            Entry(key: "User Agent", value: AppFeatures.userAgent),
            Entry(key: "Browser Login Enabled", value: "YES"),
            Entry(key: "IDP Enabled", value: identityProvider == nil ? "NO" : "YES"),
            Entry(key: "Identity Provider", value: identityProvider?.scheme.map { "\($0)://" } ?? ""),
            Entry(key: "Current User", value: current.map { $0.username ?? $0.identity.description } ?? ""),
            Entry(key: "Authenticated Users", value: signedIn.map { $0.username ?? $0.identity.description }.joined(separator: ", ")),
            Entry(key: "BootConfig - remoteAccessConsumerKey", value: boot.consumerKey),
            Entry(key: "BootConfig - oauthRedirectURI", value: boot.redirectURI),
            Entry(key: "BootConfig - oauthScopes", value: boot.scopes.joined(separator: ", ")),
            Entry(key: "BootConfig - shouldAuthenticate", value: yesNo(boot.shouldAuthenticate)),
            Entry(key: "Managed", value: "NO"),
            Entry(key: "Store Encryption", value: "AES-256-GCM pages (SQLite VFS), a key per store"),
            Entry(key: "User Stores", value: userStores.joined(separator: ", ")),
            Entry(key: "Global Stores", value: await stores.allGlobalStoreNames().joined(separator: ", ")),
        ]
        if let current {
            let identity = current.identity
            if userStores.contains(SmartStore.defaultStoreName),
                let store = try? await stores.store(for: identity)
            {
                entries.append(Entry(key: "User Store Soups", value: ((try? await store.allSoupNames()) ?? []).joined(separator: ", ")))
            }
            if let manager = sessions[identity]?.syncManager, let syncs = try? await manager.allSyncs() {
                let described = syncs.map { "\($0.name ?? String($0.id)): \($0.status.rawValue)" }
                entries.append(Entry(key: "Syncs", value: described.joined(separator: ", ")))
            }
            entries.append(Entry(key: "Push Registration", value: Self.describe(await knownPushStatus(identity))))
            if let analytics = analyticsManagers[identity] {
                let waiting = analytics.storedEventCount
                entries.append(
                    Entry(key: "Analytics", value: "\(analytics.loggingEnabled ? "enabled" : "disabled"), \(waiting) events waiting"))
            }
        }
        return DeveloperSupportInfo(entries: entries)
    }

    private static func describe(_ status: PushStatus) -> String {
        switch status {
        case .notRegistered: "not registered"
        case .registered(let deviceID, _): "registered as \(deviceID)"
        case .notEnabled: "not enabled for the connected app"
        case .failed(let reason, _): "failed: \(reason)"
        }
    }

    private static let logger = Logger.forceKit("app")

    // MARK: - Events

    /// The app's events from now on, until the app is released.
    public func events() -> AsyncStream<AppEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: AppEvent.self)
        let id = UUID()
        subscribers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.unsubscribe(id) }
        }
        return stream
    }

    private func unsubscribe(_ id: UUID) {
        subscribers[id] = nil
    }

    private func publish(_ event: AppEvent) {
        for continuation in subscribers.values { continuation.yield(event) }
    }

    deinit {
        for continuation in subscribers.values { continuation.finish() }
    }
}
