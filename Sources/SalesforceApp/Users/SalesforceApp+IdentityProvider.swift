public import IdentityProvider
public import SalesforceAuth

// Logins through an identity-provider app, and the URLs it sends back.
extension SalesforceApp {
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
}
