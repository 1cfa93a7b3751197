public import Foundation
public import LocalOrgEngine
public import SalesforceCore

/// How to run a LocalOrg.
public struct LocalOrgConfiguration: Sendable {
    /// The address to listen on; loopback by default, so nothing outside the machine reaches it.
    public var host: String = "127.0.0.1"
    /// The port; 0 picks a free one (tests do this).
    public var port: Int = 0
    /// Where the org is kept between runs; nil keeps it in a temporary folder removed on stop.
    public var dataDirectory: URL?
    /// Whether to serve HTTPS with a certificate from a local CA kept in the data directory.
    public var tls: Bool = false
    /// How long access tokens live.
    public var tokenLifetime: TimeInterval = 2 * 60 * 60
    /// A JSON file declaring custom objects and fields, on top of the built-in ones.
    public var schemaFile: URL?
    /// Whether to start the org in ``dataDirectory`` anew: its records, files and tokens are removed
    /// (the settings, and so the credentials and connected apps, are kept). Refused, like any
    /// start, while another LocalOrg serves the directory.
    public var resetsData: Bool = false
    /// Whether a new org gets the sample Accounts, Contacts and Opportunities.
    public var seedsSampleData: Bool = true
    /// Generated Accounts and Contacts a new org gets, in volume (on top of the sample data when
    /// ``seedsSampleData`` is set); an org kept in ``dataDirectory`` keeps its own records.
    public var volumeSeed: VolumeSeed?
    /// Whether push notifications are enabled: when false, registering a device
    /// (`MobilePushServiceDevice`) answers 404, as an org without push does.
    public var pushEnabled: Bool = true
    /// Apex REST endpoints under `/services/apexrest`; any other path there echoes the request.
    public var apexRoutes: [ApexRoute] = []
    /// Receives one line per answered request, in order, on a queue of its own: a receiver
    /// that blocks loses lines (a line says how many) but never holds up a request.
    public var requestLog: (@Sendable (String) -> Void)?
    /// Whether SIGINT and SIGTERM stop the server (for the CLI).
    public var stopsOnSignals: Bool = false
    /// The time source; tests move it forward to expire tokens.
    public var clock: @Sendable () -> Date = Date.init
    /// How long a request may take to arrive, in seconds: its head from the connection's start
    /// (or the previous response), its body from its head. A connection that misses either is
    /// closed, so a request trickled in cannot hold a connection.
    public var requestDeadlines: (head: TimeInterval, body: TimeInterval) = (head: 60, body: 120)
    /// How long a stop waits for the requests under way, in seconds, before it cancels them.
    public var shutdownDeadline: TimeInterval = 5
    /// Whether every connected app rotates refresh tokens, as orgs that turn on Refresh Token
    /// Rotation do: each refresh answers with a new refresh token, and the one it used no
    /// longer works. (One app alone: `"rotateRefreshTokens": true` in `localorg.json`.)
    public var rotatesRefreshTokens: Bool = false
    /// Certificate-based login at the login pages, with the certificate authority whose user
    /// certificates log in; it serves HTTPS (``tls``) whatever that says, since the browser
    /// presents its certificate in the TLS handshake.
    public var certificateLogin: ClientCertificateLogin?
    /// A folder of Visualforce-style pages: `/apex/NAME` answers the folder's `NAME.html` to a
    /// browser signed in to the org (through its login page or `frontdoor.jsp`), as a remote
    /// hybrid app's start page is served; nil serves none.
    public var pagesDirectory: URL?

    /// A configuration with the defaults: loopback, a free port, a temporary store, HTTP.
    public init() {}
}

/// What a client needs to use a running LocalOrg: the first line `forcekit serve` prints.
public struct LocalOrgCredentials: Sendable, Equatable {
    /// The instance URL REST calls go to.
    public var instanceURL: String
    /// The login host's URL (the same server).
    public var loginURL: String
    /// The default user: the org's id and the user's.
    public var user: UserIdentity
    /// The default user's username.
    public var username: String
    /// The default user's password.
    public var password: String
    /// The default connected app's consumer key.
    public var clientID: String
    /// The default connected app's first callback URL.
    public var redirectURI: String
    /// The CA certificate to trust, with TLS.
    public var caFile: String?

    /// Creates credentials from their parts.
    public init(
        instanceURL: String, loginURL: String, user: UserIdentity, username: String, password: String,
        clientID: String, redirectURI: String, caFile: String?
    ) {
        self.instanceURL = instanceURL
        self.loginURL = loginURL
        self.user = user
        self.username = username
        self.password = password
        self.clientID = clientID
        self.redirectURI = redirectURI
        self.caFile = caFile
    }

    /// The JSON object `forcekit serve` prints first, keys in a fixed order.
    public var jsonLine: String {
        var writer = JSONStreamWriter(reservingCapacity: 512)
        writer.beginObject()
        for (key, value) in [
            ("instanceUrl", instanceURL), ("loginUrl", loginURL), ("orgId", user.orgID.id18), ("userId", user.userID.id18),
            ("username", username),
            ("password", password), ("clientId", clientID), ("redirectUri", redirectURI),
        ] {
            writer.key(key)
            writer.string(value)
        }
        writer.key("caFile")
        if let caFile { writer.string(caFile) } else { writer.null() }
        writer.endObject()
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}
