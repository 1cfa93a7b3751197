import Foundation
public import LocalOrg
public import SalesforceAuth
import SalesforceCore

/// A LocalOrg started for a test, with a clock the test moves and the OAuth client, login host,
/// browser and raw requests that reach it. ``withLocalOrg(_:seed:tokenLifetime:startingAt:configuration:_:)``
/// starts one, on a free loopback port or in process, and always stops it.
public struct TestOrg: Sendable {
    /// How a test reaches its org, as HummingbirdTesting's `.router` and `.live`.
    public enum Setup: Sendable {
        /// A server on a free loopback port, reached over URLSession as an app reaches an org.
        case live
        /// No socket: the org's routes, middleware included, answer each request in this process.
        /// Everything that talks to the org must use ``TestOrg/transport`` (``TestOrg/browser``,
        /// ``TestOrg/oauthClient(transport:scopes:)`` and ``TestOrg/send(_:_:token:json:form:headers:)``
        /// do); a request to the org's URL over the network finds nothing there.
        case inProcess
    }

    /// The running org.
    public let server: LocalOrgServer
    /// The org's clock: tokens expire when the test moves it.
    public let clock: MovableClock
    /// How the test reaches the org.
    public let setup: Setup
    /// What carries requests to the org: URLSession for a live org, its routes for an in-process
    /// one. A REST client or OAuth client made for the test takes it.
    public let transport: any HTTPTransport
    /// The raw client behind ``send(_:_:token:json:form:headers:)``: redirects are returned, not
    /// followed, and the cookies the org sets are kept, as in one browser tab.
    package let client: RawHTTPClient

    init(server: LocalOrgServer, clock: MovableClock, setup: Setup) {
        self.server = server
        self.clock = clock
        self.setup = setup
        if let responder = server.inProcess, let base = URL(string: server.credentials.instanceURL) {
            let transport = InProcessTransport(responder: responder, baseURL: base)
            self.transport = transport
            client = RawHTTPClient(baseURL: server.credentials.instanceURL, transport: transport)
        } else {
            transport = URLSessionTransport.shared
            client = RawHTTPClient(baseURL: server.credentials.instanceURL)
        }
    }

    /// What a client needs: URLs, default user, connected app.
    public var credentials: LocalOrgCredentials { server.credentials }
    /// The org as a login host.
    public var loginHost: LoginHost { LoginHost(server.credentials.loginURL)! }
    /// A browser that logs the default user in at the org's pages and allows access.
    public var browser: SimulatedBrowser {
        browser(username: credentials.username, password: credentials.password)
    }

    /// A browser whose user types `username` and `password` at the org's login page, then allows
    /// access on the consent page (or denies it). It reaches the org as the test does, and
    /// returns redirects instead of following them.
    public func browser(username: String, password: String, allowsAccess: Bool = true) -> SimulatedBrowser {
        switch setup {
        case .live: SimulatedBrowser(username: username, password: password, allowsAccess: allowsAccess)
        case .inProcess: SimulatedBrowser(username: username, password: password, allowsAccess: allowsAccess, transport: transport)
        }
    }

    /// An OAuth client for the org's default connected app, over `transport` (the org's
    /// ``transport`` when nil).
    public func oauthClient(transport: (any HTTPTransport)? = nil, scopes: [String] = ["api", "web"]) -> OAuthClient {
        OAuthClient(
            consumerKey: credentials.clientID, redirectURI: credentials.redirectURI, scopes: scopes, transport: transport ?? self.transport)
    }

    /// Logs the default user in through the login pages (web-server flow with PKCE): credentials
    /// with a refresh token.
    public func logIn(transport: (any HTTPTransport)? = nil) async throws -> OAuthCredentials {
        try await oauthClient(transport: transport).logIn(at: loginHost, using: browser)
    }
}
