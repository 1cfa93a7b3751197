import Foundation
import SalesforceCore
import URLEncoding

/// Talks to a Salesforce authorization server: builds logins, exchanges codes, refreshes and
/// revokes tokens, and fetches identity. It sends no client secret and no cookies.
///
/// ```swift
/// let oauth = OAuthClient(consumerKey: config.consumerKey, redirectURI: config.redirectURI, scopes: config.scopes)
/// let login = try oauth.authorizationRequest(flow: .webServer, loginHost: .production)
/// let callback = try await browser.authenticate(url: login.url, callbackURLScheme: "myapp")
/// let credentials = try await oauth.completeLogin(login, callbackURL: callback)
/// ```
public struct OAuthClient: Sendable {
    /// The connected app's consumer key.
    public let consumerKey: String
    /// The callback URL registered with the connected app.
    public let redirectURI: String
    /// The scopes asked for, `refresh_token` included.
    public let scopes: OAuthScopes
    /// An id for this installation, sent as `device_id`.
    public var deviceID: String?
    /// The brand path of a community's branded login page.
    public var brand: String?
    /// Extra parameters sent with every refresh.
    public var additionalRefreshParameters: [String: String] = [:]
    /// How requests are sent.
    public let transport: any HTTPTransport

    /// A client for the app described by these values.
    public init(
        consumerKey: String, redirectURI: String, scopes: some Sequence<String>, transport: any HTTPTransport = URLSessionTransport.shared
    ) {
        self.consumerKey = consumerKey
        self.redirectURI = redirectURI
        self.scopes = OAuthScopes(scopes)
        self.transport = transport
    }

    /// A client for the app a boot configuration describes.
    public init(bootConfig: BootConfig, transport: any HTTPTransport = URLSessionTransport.shared) {
        self.init(consumerKey: bootConfig.consumerKey, redirectURI: bootConfig.redirectURI, scopes: bootConfig.scopes, transport: transport)
    }

    // MARK: - Interactive login

    /// Starts a login at `loginHost`: open the request's URL in a browser and give its callback to ``completeLogin(_:callbackURL:)``.
    public func authorizationRequest(flow: OAuthFlow = .webServer, loginHost: LoginHost) throws(OAuthError) -> AuthorizationRequest {
        try AuthorizationRequest(
            flow: flow, loginHost: loginHost, consumerKey: consumerKey, redirectURI: redirectURI,
            scopes: scopes, brand: brand, deviceID: deviceID)
    }

    /// Finishes a login from its callback URL: checks the state, exchanges the code (web-server
    /// flow) and returns the credentials.
    public func completeLogin(_ request: AuthorizationRequest, callbackURL: String) async throws(OAuthError) -> OAuthCredentials {
        let tokens: TokenResponse
        switch try request.parseCallback(callbackURL) {
        case .tokens(let received): tokens = received
        case .code(let code): tokens = try await exchange(code: code, verifier: request.pkce?.verifier ?? "", loginHost: request.loginHost)
        }
        return OAuthCredentials(tokens: tokens, clientID: consumerKey, redirectURI: redirectURI, loginHost: request.loginHost)
    }

    /// Runs a whole interactive login through `browser`.
    public func logIn(at loginHost: LoginHost, flow: OAuthFlow = .webServer, using browser: any BrowserSession) async throws(OAuthError)
        -> OAuthCredentials
    {
        let request = try authorizationRequest(flow: flow, loginHost: loginHost)
        let callback = try await browser.authenticate(url: request.url, redirectURI: redirectURI)
        return try await completeLogin(request, callbackURL: callback)
    }

    /// Exchanges a web-server flow's code for tokens. The code works once.
    public func exchange(code: String, verifier: String, loginHost: LoginHost) async throws(OAuthError) -> TokenResponse {
        var pairs = [
            ("grant_type", "authorization_code"), ("code", code), ("code_verifier", verifier), ("client_id", consumerKey),
            ("redirect_uri", redirectURI), ("format", "json"),
        ]
        if let deviceID { pairs.append(("device_id", deviceID)) }
        return try await postToken(pairs, to: loginHost.baseURL)
    }

    /// Logs in with a username and password: the OAuth password flow.
    ///
    /// For tools, scripts and tests only: an app must never ask for a Salesforce password
    /// itself. Salesforce appends the user's security token to the password outside trusted IP
    /// ranges, and issues no refresh token for this flow.
    public func logIn(username: String, password: String, at loginHost: LoginHost, clientSecret: String? = nil) async throws(OAuthError)
        -> OAuthCredentials
    {
        var pairs = [
            ("grant_type", "password"), ("client_id", consumerKey), ("username", username), ("password", password),
            ("scope", scopes.parameter), ("format", "json"),
        ]
        if let clientSecret { pairs.append(("client_secret", clientSecret)) }
        let tokens = try await postToken(pairs, to: loginHost.baseURL)
        return OAuthCredentials(tokens: tokens, clientID: consumerKey, redirectURI: redirectURI, loginHost: loginHost)
    }

    // MARK: - Refresh and revoke

    /// Gets a new access token with the refresh token. Goes to the community URL when the
    /// account has one, else the login host. A refresh token in the answer replaces the old one.
    public func refresh(_ credentials: OAuthCredentials) async throws(OAuthError) -> OAuthCredentials {
        guard let refreshToken = credentials.refreshToken else { throw OAuthError(.noRefreshToken, "The account has no refresh token.") }
        var pairs = [
            ("grant_type", "refresh_token"), ("refresh_token", refreshToken), ("client_id", credentials.clientID),
            ("redirect_uri", credentials.redirectURI), ("format", "json"),
        ]
        if let deviceID { pairs.append(("device_id", deviceID)) }
        pairs += additionalRefreshParameters.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        let base =
            credentials.identity.communityID != nil
            ? (credentials.communityURL?.absoluteString ?? credentials.loginHost.baseURL)
            : credentials.loginHost.baseURL
        let tokens = try await postToken(pairs, to: base)
        var updated = credentials
        updated.apply(tokens)
        return updated
    }

    /// Revokes a token at the login host: a refresh token takes its access tokens with it.
    /// Logging out does not wait on the answer; this reports it for callers that care.
    public func revoke(token: String, at loginHost: LoginHost) async throws(OAuthError) {
        let response = try await post([("token", token)], to: loginHost.baseURL + "/services/oauth2/revoke")
        guard response.isSuccess else { throw Self.error(from: response) }
    }

    // MARK: - Identity

    /// Fetches the identity document for credentials, refusing to send a token to a URL that is
    /// not HTTPS (loopback excepted, for LocalOrg).
    public func identity(for credentials: OAuthCredentials) async throws(IdentityError) -> IdentityData {
        let url = credentials.identityURL
        guard url.scheme == "https" || (url.scheme == "http" && LoginHost(url.absoluteString)?.scheme == "http") else {
            throw .httpsRequired
        }
        let request = HTTPRequest(
            method: "GET", url: url,
            headers: [
                ("Authorization", "Bearer \(credentials.accessToken ?? "")"),
                ("Accept", "application/json"),
            ])
        let response: HTTPResponse
        do {
            response = try await transport.send(request)
        } catch {
            throw .transport(error)
        }
        guard response.isSuccess else { throw IdentityError(status: response.status, body: response.body) }
        return try IdentityData(json: response.body)
    }

    // MARK: - Sending

    private func postToken(_ pairs: [(String, String)], to base: String) async throws(OAuthError) -> TokenResponse {
        let response = try await post(pairs, to: base + "/services/oauth2/token")
        guard response.isSuccess else { throw Self.error(from: response) }
        return try TokenResponse(json: response.body)
    }

    private func post(_ pairs: [(String, String)], to address: String) async throws(OAuthError) -> HTTPResponse {
        guard let url = URL(string: address) else { throw OAuthError(.invalidRequest, "\(address) is not a valid URL.") }
        let request = HTTPRequest(
            method: "POST", url: url,
            headers: [
                ("Content-Type", "application/x-www-form-urlencoded"),
                ("Accept", "application/json"),
            ],
            body: Data(FormEncoding.encode(pairs).utf8))
        do {
            return try await transport.send(request)
        } catch {
            var failure = OAuthError(error == .cancelled ? .cancelled : .network, error.description)
            failure.transportError = error
            throw failure
        }
    }

    private static func error(from response: HTTPResponse) -> OAuthError {
        if let json = try? JSON(parsing: Array(response.body)), let type = json["error"]?.stringValue {
            return OAuthError(type: type, description: json["error_description"]?.stringValue, status: response.status)
        }
        let text = String(decoding: response.body.prefix(200), as: UTF8.self)
        return OAuthError(type: "http_\(response.status)", description: text.isEmpty ? nil : text, status: response.status)
    }
}
