import Crypto
import DeepLinking
public import Foundation
import IdentityProvider
import Logging
import MobileSync
public import SalesforceAuth
public import SalesforceCore
public import SalesforceKeys
import SalesforceREST
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
    let transport: any HTTPTransport
    nonisolated package let keys: any KeyStore
    let instrumentation: AppAnalytics
    var identityProvider: (client: IdentityProviderClient, scheme: String?, loginHost: LoginHost?)?
    let pushRegistrations: PushRegistrations
    var sessions: [UserIdentity: UserSession] = [:]
    var globalSyncs: SyncManager?
    var globalStoreIsSetUp = false
    private var willLogOutHandlers: [@Sendable (UserIdentity) async -> Void] = []
    var lock: PasscodeLock?
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

    func didLogIn(_ account: UserAccount, previous: UserIdentity?) async -> UserAccount {
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

    /// The sync manager of `identity`'s session if it was made in this process.
    func existingSyncManager(for identity: UserIdentity) -> SyncManager? {
        sessions[identity]?.syncManager
    }

    // MARK: - Developer support

    /// What the developer-support menu shows; see ``DeveloperSupportInfo/init(of:)``.
    public func developerSupportInfo() async -> DeveloperSupportInfo {
        await DeveloperSupportInfo(of: self)
    }

    static let logger = Logger.forceKit("app")

    // MARK: - Events

    /// The app's events from now on, until the app is released.
    public nonisolated func events() -> AsyncStream<AppEvent> {
        broadcaster.stream()
    }

    func publish(_ event: AppEvent) {
        broadcaster.publish(event)
    }
}
