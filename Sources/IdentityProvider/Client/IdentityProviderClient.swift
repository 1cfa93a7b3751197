public import Foundation
public import SalesforceAuth
import SalesforceCore

/// The service-provider app's side of the handoff (an "IdP client"): asks the IdP app for a
/// code, and exchanges it with its own PKCE verifier for its own tokens.
///
/// Every request carries a fresh random `state` and S256 challenge. A response is used only when
/// its state is that of a request this app sent, not yet answered and not expired, and, where the
/// platform names senders, when it comes from the configured IdP app; anything else is refused
/// before any token request. The verifier is forgotten once its request is answered.
///
/// ```swift
/// let client = IdentityProviderClient(configuration: .init(identityProviderScheme: "acmeidp"), accounts: accounts, opener: SystemURLOpener())
/// let account = try await client.logIn()          // while the app's URL handler calls client.handle(_:)
/// ```
public actor IdentityProviderClient {
    /// Where the IdP is and how long it may take.
    public struct Configuration: Sendable {
        /// The IdP app's URL scheme (the SDK's `idpAppURIScheme`); nil when none is configured.
        public var identityProviderScheme: String?
        /// The IdP app's bundle id: responses from other apps are refused where the platform names senders.
        public var identityProviderBundleID: String?
        /// The login host asked for when a login names none; nil for production, or, in a
        /// `SalesforceApp`, the app's selected login host (device management's, say).
        public var loginHost: LoginHost?
        /// This app's name, for the IdP's screens.
        public var appName: String?
        /// How long a request waits for its answer.
        public var requestLifetime: TimeInterval

        /// A configuration.
        public init(
            identityProviderScheme: String?, identityProviderBundleID: String? = nil, loginHost: LoginHost? = nil,
            appName: String? = nil, requestLifetime: TimeInterval = 300
        ) {
            self.identityProviderScheme = identityProviderScheme
            self.identityProviderBundleID = identityProviderBundleID
            self.loginHost = loginHost
            self.appName = appName
            self.requestLifetime = requestLifetime
        }
    }

    /// What became of one incoming URL.
    public enum Outcome: Sendable, Equatable {
        /// The answer to a login this app is waiting for; ``logIn(userHint:loginHost:)`` goes on with it.
        case delivered
        /// An IdP-initiated login ended with this account current; open `startURL` when set.
        case loggedIn(UserAccount, startURL: String?)
        /// Refused, unread: nothing was exchanged.
        case refused(IdPError)
        /// Not an identity-provider message.
        case ignored
    }

    private struct Pending {
        var pkce: PKCE
        var loginHost: LoginHost
        var expires: Date
    }

    private let configuration: Configuration
    private let accounts: UserAccountManager
    private let opener: any AppURLOpener
    private let clock: @Sendable () -> Date
    private var pending: [String: Pending] = [:]
    private var arrived: [String: Result<IdPAuthResponse, IdPError>] = [:]
    private var waiters: [String: CheckedContinuation<Result<IdPAuthResponse, IdPError>, Never>] = [:]
    private var answered: [String] = []

    /// A client logging users in through the IdP into `accounts` (whose OAuth client is this
    /// app's connected app), sending URLs with `opener`; `clock` decides expiry.
    public init(
        configuration: Configuration, accounts: UserAccountManager, opener: any AppURLOpener,
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.configuration = configuration
        self.accounts = accounts
        self.opener = opener
        self.clock = clock
    }

    /// The current user's account when it can be refreshed, with no message to the IdP;
    /// otherwise a login through the IdP.
    public func signIn() async throws(IdPError) -> UserAccount {
        if let current = await accounts.currentAccount, current.credentials.refreshToken != nil,
            (try? await accounts.refreshedCredentials(for: current.credentials)) != nil, let refreshed = await accounts.currentAccount
        {
            return refreshed
        }
        return try await logIn()
    }

    /// Logs a user in through the IdP: sends `authrequest`, waits for the answer, exchanges the
    /// code and adds the account, which becomes current.
    /// - Throws: ``IdPError`` `identityProviderUnavailable` when no IdP is configured or installed
    ///   (log in with the browser instead), `requestExpired`, `remoteError` with the IdP's reason,
    ///   `tokenExchangeFailed`.
    public func logIn(userHint: UserHint? = nil, loginHost: LoginHost? = nil) async throws(IdPError) -> UserAccount {
        guard let scheme = configuration.identityProviderScheme else {
            throw IdPError(
                code: .identityProviderUnavailable, message: "No identity-provider app is configured.",
                recoverySuggestion: "Log in with the browser, or set identityProviderScheme.")
        }
        let loginHost = loginHost ?? configuration.loginHost ?? .production
        let oauth = await accounts.oauth
        let state = AuthorizationRequest.newState()
        let pkce = PKCE()
        pending[state] = Pending(pkce: pkce, loginHost: loginHost, expires: clock().addingTimeInterval(configuration.requestLifetime))
        let request = IdPAuthRequest(
            clientID: oauth.consumerKey, codeChallenge: pkce.challenge, redirectURI: oauth.redirectURI, scopes: oauth.scopes.values,
            userHint: userHint, loginHost: IdentityProvider.parameter(for: loginHost), state: state, appName: configuration.appName)
        guard await opener.open(IdPMessage.authRequest(request).url(scheme: scheme)) else {
            forget(state)
            throw IdPError(
                code: .identityProviderUnavailable, message: "The identity-provider app (\(scheme)://) is not installed.",
                recoverySuggestion: "Log in with the browser instead.")
        }
        let response = try await answer(to: state).get()
        let host = response.loginHost.flatMap { LoginHost($0) } ?? loginHost
        do {
            let tokens = try await oauth.exchange(code: response.code, verifier: pkce.verifier, loginHost: host)
            let credentials = OAuthCredentials(tokens: tokens, clientID: oauth.consumerKey, redirectURI: oauth.redirectURI, loginHost: host)
            return try await accounts.add(credentials)
        } catch {
            throw IdPError(
                code: .tokenExchangeFailed, message: "The code from the identity provider could not be exchanged: \(error)",
                recoverySuggestion: "Log in again.")
        }
    }

    /// Handles a URL the OS gave this app: an answer to a pending login, an error, or an
    /// IdP-initiated start.
    @discardableResult
    public func handle(_ incoming: IncomingURL) async -> Outcome {
        let message: IdPMessage
        do {
            message = try IdPMessage(url: incoming.url)
        } catch {
            return error.code == .notAnIdPMessage ? .ignored : .refused(error)
        }
        if let expected = configuration.identityProviderBundleID, let sender = incoming.sourceApplication,
            sender.lowercased() != expected.lowercased()
        {
            return .refused(
                IdPError(
                    code: .rogueCaller, message: "\(sender) sent an identity-provider message; only \(expected) may.",
                    recoverySuggestion: nil))
        }
        switch message {
        case .authResponse(let response):
            return deliver(.success(response), state: response.state)
        case .error(let error):
            let failure = IdPError(
                code: .remoteError, message: "The identity provider answered \(error.code): \(error.description)",
                recoverySuggestion: error.reason.isEmpty ? nil : error.reason)
            return deliver(.failure(failure), state: error.state ?? "")
        case .idpInit(let initiation):
            return await start(initiation)
        case .authRequest:
            return .ignored
        }
    }

    // MARK: - Pending requests

    private func deliver(_ result: Result<IdPAuthResponse, IdPError>, state: String) -> Outcome {
        guard let request = pending[state] else { return .refused(answered.contains(state) ? .replayed : .stateMismatch) }
        forget(state)
        let outcome: Result<IdPAuthResponse, IdPError> =
            clock() > request.expires ? .failure(.requestExpired(after: Int(configuration.requestLifetime))) : result
        if let waiter = waiters.removeValue(forKey: state) {
            waiter.resume(returning: outcome)
        } else {
            arrived[state] = outcome
        }
        if case .failure(let error) = outcome, error.code == .requestExpired { return .refused(error) }
        return .delivered
    }

    /// Removes a request: its verifier is gone, and its state counts as answered (a replay is told apart).
    private func forget(_ state: String) {
        pending[state] = nil
        answered.append(state)
        if answered.count > 100 { answered.removeFirst(answered.count - 100) }
    }

    /// Waits for the answer to `state`, at most the request's lifetime.
    private func answer(to state: String) async -> Result<IdPAuthResponse, IdPError> {
        if let result = arrived.removeValue(forKey: state) { return result }
        let lifetime = configuration.requestLifetime
        return await withTaskGroup(of: Result<IdPAuthResponse, IdPError>?.self) { group in
            group.addTask { await self.wait(for: state) }
            // Ends the wait when the lifetime is over, or when the caller is cancelled: either
            // way the request is over and its waiter resumed. After an answer it finds nothing to end.
            group.addTask {
                try? await Task.sleep(for: .seconds(lifetime))
                return await self.expire(state)
            }
            var result: Result<IdPAuthResponse, IdPError> = .failure(.requestExpired(after: Int(lifetime)))
            for await next in group {
                if let next {
                    result = next
                    break
                }
            }
            group.cancelAll()
            return result
        }
    }

    private func wait(for state: String) async -> Result<IdPAuthResponse, IdPError> {
        if let result = arrived.removeValue(forKey: state) { return result }
        // Ended before the wait began: nothing would resume it.
        guard pending[state] != nil else { return .failure(.requestExpired(after: Int(configuration.requestLifetime))) }
        return await withCheckedContinuation { waiters[state] = $0 }
    }

    private func expire(_ state: String) -> Result<IdPAuthResponse, IdPError> {
        let expired = Result<IdPAuthResponse, IdPError>.failure(.requestExpired(after: Int(configuration.requestLifetime)))
        if pending[state] != nil { forget(state) }
        waiters.removeValue(forKey: state)?.resume(returning: expired)
        return expired
    }

    /// `idpinit`: the hinted user's account when this app has it, else a login through the IdP for that user.
    private func start(_ initiation: IdPInitiation) async -> Outcome {
        if let hint = initiation.userHint, let account = await accounts.accounts.first(where: { hint.matches($0.identity) }) {
            do {
                try await accounts.switchTo(account.identity)
            } catch {
                return .refused(IdPError(code: .noAccount, message: "\(error)", recoverySuggestion: nil))
            }
            return .loggedIn(account, startURL: initiation.startURL)
        }
        do {
            let account = try await logIn(userHint: initiation.userHint, loginHost: initiation.loginHost.flatMap { LoginHost($0) })
            return .loggedIn(account, startURL: initiation.startURL)
        } catch {
            return .refused(error)
        }
    }
}
