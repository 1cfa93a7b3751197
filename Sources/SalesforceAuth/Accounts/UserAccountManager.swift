public import Foundation
import Logging
public import SalesforceCore
public import SalesforceKeys

/// The signed-in users: log in, switch, refresh and log out, with every account kept encrypted
/// at rest (AES-256-GCM under a key from a `KeyStore`).
///
/// ```swift
/// let accounts = try await UserAccountManager(directory: appSupport.appending(path: "accounts"),
///                                             keyStore: FileKeyStore(directory: appSupport.appending(path: "keys")),
///                                             oauth: OAuthClient(bootConfig: config))
/// for await event in accounts.events() { … }          // in a task of its own
/// let account = try await accounts.logIn(at: .production, using: browser)
/// try await accounts.logOut(account.identity)                  // revokes the refresh token too
/// ```
///
/// It is also a ``CredentialsRefresher``: a REST client refreshing through the manager saves the
/// new token, and a refused refresh token logs that user out (with a
/// ``AccountEvent/refreshTokenRevoked(_:)`` event first).
public actor UserAccountManager: CredentialsRefresher {
    /// The OAuth client logins and refreshes use.
    public let oauth: OAuthClient
    /// Every signed-in account, in the order they logged in.
    public private(set) var accounts: [UserAccount]
    /// The account API calls use by default.
    public private(set) var currentAccount: UserAccount?
    /// Account files that could not be decrypted (a lost key, or tampering). They are left on
    /// disk, untouched; delete them or restore the key.
    public private(set) var unreadableAccountFiles: [URL]
    private let vault: AccountVault?
    private let broadcaster = Broadcaster<AccountEvent>()
    private let logger = Logger.forceKit("accounts")
    /// The refresh under way for each user: callers that arrive meanwhile wait for it, so a
    /// refresh token is sent once (under rotation a second use of it would fail, and log out).
    private var refreshesInFlight: [UserIdentity: Task<Result<OAuthCredentials, OAuthError>, Never>] = [:]

    /// Loads the accounts kept in `directory` (nil keeps them in memory only).
    public init(directory: URL?, keyStore: any KeyStore, oauth: OAuthClient) async throws(AccountError) {
        self.oauth = oauth
        vault = directory.map { AccountVault(directory: $0, keyStore: keyStore) }
        let loaded = try await vault?.load() ?? (accounts: [], unreadable: [])
        accounts = loaded.accounts
        unreadableAccountFiles = loaded.unreadable
        let current = vault?.loadCurrent()
        currentAccount = loaded.accounts.first { $0.identity.withoutCommunity == current?.withoutCommunity } ?? loaded.accounts.first
    }

    // MARK: - Reading

    /// The account of a user of an org, whichever community either names: one user has one account.
    public func account(for identity: UserIdentity) -> UserAccount? {
        accounts.first { $0.identity.withoutCommunity == identity.withoutCommunity }
    }

    /// The first account whose username (any case), user id (15 or 18 characters) or
    /// `orgId/userId` is `name` (see ``accounts(named:)`` for all of them).
    public func account(named name: String) -> UserAccount? {
        accounts(named: name).first
    }

    /// Every account whose username (any case), user id (15 or 18 characters) or `orgId/userId` is
    /// `name`: one username may be signed in to several orgs (sandboxes, or two LocalOrgs), so a
    /// tool that acts on one should refuse a name that means several.
    public func accounts(named name: String) -> [UserAccount] {
        let userID = try? SalesforceID(name)
        let parts = name.split(atScalars: ["/"])
        let identity = parts.count == 2 ? try? UserIdentity(orgID: parts[0], userID: parts[1]) : nil
        return accounts.filter { account in
            account.username?.lowercased() == name.lowercased() || account.identity.userID == userID
                || account.identity.withoutCommunity == identity
        }
    }

    /// The accounts of one org.
    public func accounts(inOrg orgID: SalesforceID) -> [UserAccount] {
        accounts.filter { $0.identity.orgID == orgID }
    }

    /// The passcode rules in force: the strictest of every signed-in user's mobile policy.
    public var passcodePolicy: PasscodePolicy {
        PasscodePolicy(strictestOf: accounts.map { $0.identityData?.mobilePolicy })
    }

    /// Account events, from now on, until the caller stops iterating.
    public nonisolated func events() -> AsyncStream<AccountEvent> {
        broadcaster.stream()
    }

    // MARK: - Logging in

    /// Logs a user in through a browser, fetches their identity, saves the account and makes it current.
    @discardableResult
    public func logIn(at loginHost: LoginHost, flow: OAuthFlow = .webServer, using browser: any BrowserSession) async throws(AccountError)
        -> UserAccount
    {
        let oauth = self.oauth
        return try await add { () async throws(OAuthError) in try await oauth.logIn(at: loginHost, flow: flow, using: browser) }
    }

    /// Logs a user in with the password flow (tools and tests; see ``OAuthClient/logIn(username:password:at:clientSecret:)``).
    @discardableResult
    public func logIn(username: String, password: String, at loginHost: LoginHost) async throws(AccountError) -> UserAccount {
        let oauth = self.oauth
        return try await add { () async throws(OAuthError) in try await oauth.logIn(username: username, password: password, at: loginHost) }
    }

    private func add(loggingIn: @Sendable () async throws(OAuthError) -> OAuthCredentials) async throws(AccountError) -> UserAccount {
        let credentials: OAuthCredentials
        do {
            credentials = try await loggingIn()
        } catch {
            throw .loginFailed(error)
        }
        return try await add(credentials)
    }

    /// Adds (or replaces) the account for credentials, fetching identity data, and makes it current.
    /// A user who logs in again keeps the data the app saved with their account
    /// (``setCustomData(_:for:)``: a CLI's alias, say).
    @discardableResult
    public func add(_ credentials: OAuthCredentials) async throws(AccountError) -> UserAccount {
        let identity = credentials.identity
        publish(.willLogIn(identity))
        let data: IdentityData
        do {
            data = try await oauth.identity(for: credentials)
        } catch {
            throw .identityFailed(error)
        }
        var account = UserAccount(credentials: credentials, identityData: data)
        if let earlier = accounts.first(where: { $0.identity.withoutCommunity == identity.withoutCommunity }) {
            account.customData = earlier.customData.merging(account.customData) { _, new in new }
        }
        try await vault?.save(account)
        if let index = accounts.firstIndex(where: { $0.identity.withoutCommunity == identity.withoutCommunity }) {
            accounts[index] = account
        } else {
            accounts.append(account)
        }
        try setCurrent(account)
        logger.info("Logged in \(identity) at \(credentials.instanceURL.host ?? credentials.instanceURL.absoluteString)")
        publish(.didLogIn(identity))
        return account
    }

    // MARK: - Switching

    /// Makes another signed-in user current.
    public func switchTo(_ identity: UserIdentity) throws(AccountError) {
        guard let account = account(for: identity) else { throw .unknownAccount(identity.description) }
        try setCurrent(account)
    }

    private func setCurrent(_ account: UserAccount?) throws(AccountError) {
        let from = currentAccount?.identity
        let to = account?.identity
        let changing = from != to
        if changing { publish(.willSwitch(from: from, to: to)) }
        currentAccount = account
        try vault?.saveCurrent(to)
        if changing { publish(.didSwitch(from: from, to: to)) }
    }

    /// Saves data the app keeps with an account (nothing secret).
    public func setCustomData(_ data: [String: JSON], for identity: UserIdentity) async throws(AccountError) {
        guard let index = accounts.firstIndex(where: { $0.identity.withoutCommunity == identity.withoutCommunity }) else {
            throw .unknownAccount(identity.description)
        }
        accounts[index].customData = data
        try await vault?.save(accounts[index])
        if currentAccount?.identity.withoutCommunity == identity.withoutCommunity { currentAccount = accounts[index] }
    }

    // MARK: - Refreshing

    /// Refreshes the access token of the account these credentials belong to and saves it. When
    /// the refresh token is refused, the user is logged out and the error rethrown; an account
    /// without a refresh token (a password-flow login) stays, and the error says to log in again.
    /// When the refreshed account cannot be saved, the refresh still returns its credentials
    /// and ``AccountEvent/saveFailed(_:_:)`` says so.
    public func refreshedCredentials(for credentials: OAuthCredentials) async throws(OAuthError) -> OAuthCredentials {
        let identity = credentials.identity
        // Another caller may have refreshed already; use its token rather than refresh again.
        if let stored = account(for: identity)?.credentials, stored.accessToken != credentials.accessToken {
            return stored
        }
        let key = identity.withoutCommunity
        let refresh: Task<Result<OAuthCredentials, OAuthError>, Never>
        if let running = refreshesInFlight[key] {
            refresh = running
        } else {
            refresh = Task { await self.refresh(credentials) }
            refreshesInFlight[key] = refresh
        }
        let result = await refresh.value
        if refreshesInFlight[key] == refresh { refreshesInFlight[key] = nil }
        switch result {
        case .success(let fresh): return fresh
        case .failure(let error): throw error
        }
    }

    /// One refresh: the new credentials saved (the new refresh token with them, when the server
    /// rotates it), or the failure, after which a refused refresh token logs the user out.
    private func refresh(_ credentials: OAuthCredentials) async -> Result<OAuthCredentials, OAuthError> {
        let identity = credentials.identity
        let refreshed: OAuthCredentials
        do {
            refreshed = try await oauth.refresh(account(for: identity)?.credentials ?? credentials)
        } catch {
            if error.isRefreshTokenInvalid, account(for: identity) != nil {
                logger.notice("The server refused the refresh token of \(identity): logging the user out")
                publish(.refreshTokenRevoked(identity))
                await logOut(identity, revoking: false)
            }
            return .failure(error)
        }
        if let index = accounts.firstIndex(where: { $0.identity.withoutCommunity == identity.withoutCommunity }) {
            accounts[index].credentials = refreshed
            if currentAccount?.identity.withoutCommunity == identity.withoutCommunity { currentAccount = accounts[index] }
            // The new token works in memory either way; a failed save must still be heard,
            // or the next launch starts from the old one.
            do {
                try await vault?.save(accounts[index])
            } catch {
                logger.error("The refreshed credentials of \(identity) could not be saved: \(error)")
                publish(.saveFailed(identity, error))
            }
            logger.debug("Refreshed the access token of \(identity)")
            publish(.didRefresh(identity))
        }
        return .success(refreshed)
    }

    // MARK: - Logging out

    /// Logs a user out: revokes the refresh token (whatever the server answers), deletes the
    /// saved account, and clears the current user if it was them.
    public func logOut(_ identity: UserIdentity) async {
        await logOut(identity, revoking: true)
    }

    /// Logs every user out, the current one last.
    public func logOutAll() async {
        let current = currentAccount?.identity
        for account in accounts where account.identity.withoutCommunity != current?.withoutCommunity { await logOut(account.identity) }
        if let current { await logOut(current) }
    }

    private func logOut(_ identity: UserIdentity, revoking: Bool) async {
        guard let account = account(for: identity) else { return }
        publish(.willLogOut(identity))
        accounts.removeAll { $0.identity.withoutCommunity == identity.withoutCommunity }
        vault?.delete(identity)
        if currentAccount?.identity.withoutCommunity == identity.withoutCommunity { try? setCurrent(nil) }
        if revoking, let token = account.credentials.refreshToken ?? account.credentials.accessToken {
            // Logging out never waits on the server's opinion: a failed revoke still logs out.
            try? await oauth.revoke(token: token, at: account.credentials.loginHost)
        }
        logger.info("Logged out \(identity)")
        publish(.didLogOut(identity))
        if accounts(inOrg: identity.orgID).isEmpty {
            publish(.orgDidLogOut(orgID: identity.orgID))
        }
    }

    // MARK: - Events

    private func publish(_ event: AccountEvent) {
        broadcaster.publish(event)
    }
}
