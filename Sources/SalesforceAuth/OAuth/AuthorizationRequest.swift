public import Foundation
import SalesforceCore
import URLEncoding

/// Which OAuth flow a login uses.
public enum OAuthFlow: String, Sendable, Codable {
    /// The user-agent flow: tokens come back in the callback's fragment (`response_type=token`).
    case userAgent
    /// The web-server flow: a one-time code comes back in the query and is exchanged with a PKCE
    /// verifier (`response_type=code`); the SDK's "advanced authentication".
    case webServer
}

/// One login in progress: the authorize URL to open, and the secrets to check its callback
/// against. Keep it until the callback arrives; it is good for one callback only.
public struct AuthorizationRequest: Sendable {
    /// The flow.
    public let flow: OAuthFlow
    /// The URL to open in a browser.
    public let url: URL
    /// The login host it was built for.
    public let loginHost: LoginHost
    /// The callback URL the server will redirect to.
    public let redirectURI: String
    /// The unguessable value the callback must echo.
    public let state: String
    /// The PKCE pair (web-server flow), unless the challenge came from another app.
    public let pkce: PKCE?
    /// The PKCE challenge sent (web-server flow): the pair's, or one whose verifier another app
    /// keeps (an identity provider asking for a code on a client app's behalf).
    public let codeChallenge: String?

    /// Builds the authorize URL:
    /// `https://<host>/services/oauth2/authorize[/<brand>]?response_type=…&client_id=…&redirect_uri=…&scope=…&display=touch&state=…`,
    /// plus `code_challenge` and `code_challenge_method=S256` in the web-server flow: `pkce`'s
    /// (a new pair when nil), or `codeChallenge` when another app keeps the verifier.
    public init(
        flow: OAuthFlow, loginHost: LoginHost, consumerKey: String, redirectURI: String, scopes: OAuthScopes,
        brand: String? = nil, deviceID: String? = nil, state: String? = nil, pkce: PKCE? = nil, codeChallenge: String? = nil
    ) throws(OAuthError) {
        let state = state ?? Self.newState()
        let pkce = flow == .webServer && codeChallenge == nil ? (pkce ?? PKCE()) : nil
        let challenge = flow == .webServer ? codeChallenge ?? pkce?.challenge : nil
        var path = loginHost.baseURL + "/services/oauth2/authorize"
        if let brand = brand?.trimmingCharacters(in: CharacterSet(charactersIn: "/")), !brand.isEmpty {
            path += "/" + brand.split(atScalars: ["/"]).map { FormEncoding.encode(String($0)) }.joined(separator: "/")
        }
        var pairs = [
            ("response_type", flow == .webServer ? "code" : "token"), ("client_id", consumerKey),
            ("redirect_uri", redirectURI), ("scope", scopes.parameter), ("display", "touch"), ("state", state),
        ]
        // The method stated, not left to the server's default (RFC 7636's is `plain`).
        if let challenge { pairs += [("code_challenge", challenge), ("code_challenge_method", "S256")] }
        if let deviceID { pairs.append(("device_id", deviceID)) }
        guard let url = URL(string: path + "?" + FormEncoding.encode(pairs)) else {
            throw OAuthError(.invalidRequest, "The login host \(loginHost.host) does not make a valid URL.")
        }
        self.flow = flow
        self.url = url
        self.loginHost = loginHost
        self.redirectURI = redirectURI
        self.state = state
        self.pkce = pkce
        self.codeChallenge = challenge
    }

    /// A new unguessable `state`: 24 random bytes, base64url (32 characters).
    package static func newState() -> String {
        Data.random(count: 24).base64URLEncodedString
    }

    /// Whether `url` is this login's callback: its lower-cased text starts with the lower-cased
    /// redirect URI, as the SDK decides.
    public func isCallback(_ url: String) -> Bool {
        url.lowercased().hasPrefix(redirectURI.lowercased())
    }

    /// Reads the callback: the fragment first, else the query. It checks `state`, then returns
    /// the tokens (user-agent flow) or the code (web-server flow).
    /// - Throws: ``OAuthError`` with the server's error, `stateMismatch` when the state is wrong or
    ///   missing, and `malformedResponse` when the URL carries neither.
    public func parseCallback(_ url: String) throws(OAuthError) -> AuthorizationCallback {
        guard isCallback(url) else { throw OAuthError(.malformedResponse, "The URL is not this login's callback (\(redirectURI)).") }
        let afterHash = url.firstIndex(of: "#").map { url[url.index(after: $0)...] }
        let beforeHash = url.prefix { $0 != "#" }
        let query = beforeHash.firstIndex(of: "?").map { beforeHash[beforeHash.index(after: $0)...] }
        guard let payload = afterHash.flatMap({ $0.isEmpty ? nil : $0 }) ?? query else {
            throw OAuthError(.malformedResponse, "The callback carries no tokens, code or error.")
        }
        var fields: [String: String] = [:]
        for (name, value) in FormEncoding.decode(payload) where fields[name] == nil { fields[name] = value }
        guard fields["state"] == state else { throw OAuthError(.stateMismatch, "The callback's state does not match this login.") }
        if let error = fields["error"] { throw OAuthError(type: error, description: fields["error_description"]) }
        switch flow {
        case .webServer:
            guard let code = fields["code"], !code.isEmpty else { throw OAuthError(.malformedResponse, "The callback has no code.") }
            return .code(code)
        case .userAgent:
            return .tokens(try TokenResponse(fields: fields))
        }
    }
}

/// What a login callback delivered.
public enum AuthorizationCallback: Sendable {
    /// Tokens (user-agent flow).
    case tokens(TokenResponse)
    /// A one-time code to exchange (web-server flow).
    case code(String)
}
