public import LocalOrg
public import SalesforceAuth

/// A LocalOrg started for a test: on a free loopback port, with a clock the test moves, and the
/// OAuth client, login host and browser that log into it. ``withLocalOrg(seed:tokenLifetime:configuration:_:)``
/// starts one and always stops it.
public struct TestOrg: Sendable {
    /// The running server.
    public let server: LocalOrgServer
    /// The org's clock: tokens expire when the test moves it.
    public let clock: MovableClock

    /// What a client needs: URLs, default user, connected app.
    public var credentials: LocalOrgCredentials { server.credentials }
    /// The org as a login host.
    public var loginHost: LoginHost { LoginHost(server.credentials.loginURL)! }
    /// A browser that logs the default user in at the org's pages and allows access.
    public var browser: SimulatedBrowser {
        SimulatedBrowser(username: credentials.username, password: credentials.password)
    }

    /// An OAuth client for the org's default connected app.
    public func oauthClient(transport: any HTTPTransport = URLSessionTransport.shared, scopes: [String] = ["api", "web"]) -> OAuthClient {
        OAuthClient(consumerKey: credentials.clientID, redirectURI: credentials.redirectURI, scopes: scopes, transport: transport)
    }

    /// Logs the default user in through the login pages (web-server flow with PKCE): credentials
    /// with a refresh token.
    public func logIn(transport: any HTTPTransport = URLSessionTransport.shared) async throws -> OAuthCredentials {
        try await oauthClient(transport: transport).logIn(at: loginHost, using: browser)
    }
}
