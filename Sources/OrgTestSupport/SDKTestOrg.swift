import ForceKitTestSupport
public import Foundation
public import LocalOrg
public import SalesforceAuth
import SalesforceCore

/// A LocalOrg for SDK tests: started on a free loopback port with a clock the test moves, and
/// the OAuth client, login host and browser that log into it.
public struct SDKTestOrg: Sendable {
    /// The running server.
    public let server: LocalOrgServer
    /// The org's clock.
    public let clock: MovableClock

    /// What a client needs: URLs, default user, connected app.
    public var credentials: LocalOrgCredentials { server.credentials }
    /// The org as a login host.
    public var loginHost: LoginHost { LoginHost(server.credentials.loginURL)! }
    /// A browser that logs the default user in at the org's pages.
    public var browser: PageDrivingBrowser {
        PageDrivingBrowser(driver: LoginPageDriver(username: credentials.username, password: credentials.password))
    }

    /// Starts an org from `configuration`, with the sample data when `seed` is set; tokens live
    /// `tokenLifetime` seconds of the org's clock. Tests start one with
    /// ``withOrg(seed:tokenLifetime:configuration:_:)``, which always stops it.
    static func start(seed: Bool, tokenLifetime: TimeInterval, configuration: LocalOrgConfiguration) async throws -> SDKTestOrg {
        let clock = MovableClock()
        var configuration = configuration
        configuration.seedsSampleData = seed
        configuration.tokenLifetime = tokenLifetime
        configuration.clock = { clock.now }
        return SDKTestOrg(server: try await LocalOrgServer.start(configuration), clock: clock)
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

/// A browser that hands the authorize URL to a ``LoginPageDriver``.
public struct PageDrivingBrowser: BrowserSession {
    /// The user at the pages.
    public var driver: LoginPageDriver

    /// A browser for this user.
    public init(driver: LoginPageDriver) {
        self.driver = driver
    }

    /// Logs in at the pages and returns the redirect.
    public func authenticate(url: URL, redirectURI: String) async throws(SalesforceAuth.OAuthError) -> String {
        do {
            return try await driver.approve(authorizeURL: url)
        } catch {
            throw SalesforceAuth.OAuthError(.browserLaunchFailed, "\(error)")
        }
    }
}

/// A clock that stands still unless a test moves it.
public final class MovableClock: Sendable {
    private let time = Locked(Date())

    /// Creates a clock at the current time.
    public init() {}

    /// The clock's time.
    public var now: Date { time.current }

    /// Moves the clock forward.
    public func advance(by seconds: TimeInterval) {
        time.withLock { $0 += seconds }
    }
}
