import Foundation
public import SalesforceAuth
public import SalesforceCore

/// The identity-provider app's side of the handoff: answers `authrequest`s from allowed apps with
/// a code for the user the request names or the user picks, and starts IdP-initiated logins.
///
/// Before anything else it checks the request: the client id and redirect URI must be on
/// ``Configuration/allowedServiceProviders`` and the calling app must be one that may speak for
/// it. The user is asked before an app is let in unless it is trusted. The code is obtained with
/// that user's session (``FrontdoorURL``) for the SP's own client id and PKCE challenge; no
/// token leaves the IdP. Every refusal goes back to the SP as an `error` message with its state.
public actor IdentityProvider {
    /// What the IdP accepts.
    public struct Configuration: Sendable {
        /// The apps it answers.
        public var allowedServiceProviders: [AllowedServiceProvider]
        /// Whether a request whose sender the platform does not name is answered (macOS does not
        /// name senders). Off by default: a sender that cannot be checked is refused.
        public var answersUnknownCallers: Bool

        /// A configuration.
        public init(allowedServiceProviders: [AllowedServiceProvider], answersUnknownCallers: Bool = false) {
            self.allowedServiceProviders = allowedServiceProviders
            self.answersUnknownCallers = answersUnknownCallers
        }
    }

    /// What became of one incoming URL.
    public enum Outcome: Sendable, Equatable {
        /// A code for `user` went to the SP with `clientID`.
        case answered(user: UserIdentity, clientID: String)
        /// The request was refused; the SP was told why when it could be reached.
        case refused(IdPError)
        /// Not an `authrequest`: nothing to do here.
        case ignored
    }

    private let configuration: Configuration
    private let accounts: UserAccountManager
    private let opener: any AppURLOpener
    private let browser: any BrowserSession
    private let interaction: any IdPUserInteraction

    /// An IdP over the app's accounts, sending URLs with `opener` and obtaining codes in `browser`
    /// (a web view; ForceKitTesting's `SimulatedBrowser` where there is none).
    public init(
        configuration: Configuration, accounts: UserAccountManager, opener: any AppURLOpener, browser: any BrowserSession,
        interaction: any IdPUserInteraction
    ) {
        self.configuration = configuration
        self.accounts = accounts
        self.opener = opener
        self.browser = browser
        self.interaction = interaction
    }

    /// Handles a URL the OS gave the IdP app.
    @discardableResult
    public func handle(_ incoming: IncomingURL) async -> Outcome {
        guard let message = try? IdPMessage(url: incoming.url), case .authRequest(let request) = message else { return .ignored }
        do {
            let serviceProvider = try check(request, caller: incoming.sourceApplication)
            let account = try await account(for: request, serviceProvider: serviceProvider)
            if !serviceProvider.isTrusted, !(await interaction.allowAccess(for: serviceProvider, as: account)) {
                throw IdPError(
                    code: .accessDenied, message: "The user did not let \(serviceProvider.name) in.",
                    recoverySuggestion: "Ask again, or log in another way.")
            }
            let code = try await code(for: request, as: account)
            let loginHost = request.loginHost ?? Self.parameter(for: account.credentials.loginHost)
            let response = IdPMessage.authResponse(IdPAuthResponse(code: code, state: request.state, loginHost: loginHost))
            _ = await opener.open(response.url(scheme: Self.scheme(of: request.redirectURI)))
            return .answered(user: account.identity, clientID: request.clientID)
        } catch {
            let failure =
                (error as? IdPError)
                ?? IdPError(code: .codeNotObtained, message: "The code could not be obtained: \(error)", recoverySuggestion: nil)
            // An error carries no secret, so it may go to whatever app the redirect names.
            _ = await opener.open(
                IdPMessage.error(IdPErrorResponse(failure, state: request.state)).url(scheme: Self.scheme(of: request.redirectURI)))
            return .refused(failure)
        }
    }

    /// Starts an IdP-initiated login: opens `serviceProvider` with `idpinit` for `user`, which the
    /// SP answers by switching to its account for that user, or by asking for a code.
    /// - Throws: ``IdPError`` `noAccount` when the IdP has no such account, `identityProviderUnavailable`
    ///   when the SP is not installed.
    public func launch(_ serviceProvider: AllowedServiceProvider, as user: UserIdentity, startURL: String? = nil) async throws(IdPError) {
        guard let account = await accounts.account(for: user) else {
            throw IdPError(code: .noAccount, message: "The IdP has no account for \(user).", recoverySuggestion: "Log that user in first.")
        }
        guard let scheme = serviceProvider.scheme else {
            throw IdPError(code: .notAllowed, message: "\(serviceProvider.name) has no callback URL.", recoverySuggestion: nil)
        }
        let initiation = IdPInitiation(
            userHint: UserHint(account.identity), loginHost: Self.parameter(for: account.credentials.loginHost), startURL: startURL)
        guard await opener.open(IdPMessage.idpInit(initiation).url(scheme: scheme)) else {
            throw IdPError(
                code: .identityProviderUnavailable, message: "\(serviceProvider.name) is not installed.", recoverySuggestion: nil)
        }
    }

    // MARK: - Steps

    /// The allowed SP the request is for, when its caller may speak for it.
    private func check(_ request: IdPAuthRequest, caller: String?) throws(IdPError) -> AllowedServiceProvider {
        guard let serviceProvider = configuration.allowedServiceProviders.first(where: { $0.clientID == request.clientID }) else {
            throw IdPError(
                code: .notAllowed, message: "The client id \(request.clientID) is not on the identity provider's list of apps.",
                recoverySuggestion: "Add the app to the IdP's allowed service providers.")
        }
        guard serviceProvider.redirectURIs.contains(request.redirectURI) else {
            throw IdPError(
                code: .notAllowed, message: "\(request.redirectURI) is not a callback of \(serviceProvider.name).",
                recoverySuggestion: "Use the callback URL registered for the app.")
        }
        guard let caller else {
            guard configuration.answersUnknownCallers else {
                throw IdPError(
                    code: .rogueCaller, message: "The platform did not say which app sent the request, so it cannot be checked.",
                    recoverySuggestion: "Allow unknown callers only where the platform never names them.")
            }
            return serviceProvider
        }
        guard serviceProvider.admits(caller: caller, redirectURI: request.redirectURI) else {
            throw IdPError(
                code: .rogueCaller, message: "\(caller) sent a request for \(serviceProvider.name), which it may not send.",
                recoverySuggestion: "Only \(serviceProvider.name) itself can ask to log its users in.")
        }
        return serviceProvider
    }

    /// The account the request is answered as: the hinted one, the user's pick, or a new login.
    private func account(for request: IdPAuthRequest, serviceProvider: AllowedServiceProvider) async throws -> UserAccount {
        let all = await accounts.accounts
        let candidates = all.map {
            IdPAccountChoice.Candidate(
                identity: $0.identity, loginHost: $0.credentials.loginHost.host,
                isSignedIn: $0.credentials.accessToken != nil || $0.credentials.refreshToken != nil)
        }
        switch IdPAccountChoice.choose(hint: request.userHint, accounts: candidates, requestLoginHost: request.loginHost) {
        case .useAccount(let identity):
            if let account = all.first(where: { $0.identity == identity }) { return account }
            return try await interaction.logIn()
        case .selectUser(let identities):
            switch await interaction.chooseAccount(among: all.filter { identities.contains($0.identity) }, for: serviceProvider) {
            case .account(let account): return account
            case .addAccount: return try await interaction.logIn()
            case .cancel:
                throw IdPError(code: .accessDenied, message: "The user cancelled the choice of account.", recoverySuggestion: nil)
            }
        case .login:
            return try await interaction.logIn()
        }
    }

    /// A code for the request's client id, obtained with `account`'s session.
    private func code(for request: IdPAuthRequest, as account: UserAccount) async throws -> String {
        var credentials = account.credentials
        if credentials.accessToken == nil { credentials = try await accounts.refreshedCredentials(for: credentials) }
        let authorize = try FrontdoorURL.authorizeRequest(
            for: request, loginHost: request.loginHost.flatMap { LoginHost($0) } ?? credentials.loginHost)
        guard let token = credentials.accessToken,
            let url = FrontdoorURL.make(authorizing: authorize, instanceURL: credentials.instanceURL, accessToken: token)
        else {
            throw IdPError(code: .codeNotObtained, message: "The account of \(account.identity) has no session.", recoverySuggestion: nil)
        }
        let callback = try await browser.authenticate(url: url, redirectURI: request.redirectURI)
        return try FrontdoorURL.code(in: callback, for: authorize)
    }

    /// The `login_host` value for a host: its name, with the scheme when it is not https.
    static func parameter(for loginHost: LoginHost) -> String {
        loginHost.scheme == "https" ? loginHost.host : loginHost.baseURL
    }

    static func scheme(of redirectURI: String) -> String {
        URL(string: redirectURI)?.scheme ?? redirectURI.prefix { $0 != ":" }.description
    }
}
