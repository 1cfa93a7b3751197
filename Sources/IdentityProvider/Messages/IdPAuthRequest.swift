import SalesforceAuth

/// `authrequest`, from an SP to the IdP: "log a user in to me".
///
/// The SP keeps the PKCE verifier and sends only its challenge; the code the IdP obtains is
/// worthless to anyone without the verifier.
public struct IdPAuthRequest: Sendable, Equatable {
    /// The SP's consumer key (`oauth_client_id`).
    public var clientID: String
    /// The PKCE challenge, base64url(SHA-256(verifier)) (`code_challenge`).
    public var codeChallenge: String
    /// The SP's callback URL, registered in its connected app (`oauth_redirect_uri`).
    public var redirectURI: String
    /// The scopes asked for (`scopes`, comma-separated); `refresh_token` is always among them.
    public var scopes: [String]
    /// The user to log in, when the SP knows (`user_hint`).
    public var userHint: UserHint?
    /// The login host the SP uses (`login_host`); the IdP uses its own when absent.
    public var loginHost: String?
    /// The SP's value, echoed in the answer (`state`).
    public var state: String
    /// The SP's name, for the IdP's consent and account screens (`app_name`).
    public var appName: String?
    /// Parameters this version does not know, kept as they came.
    public var extra: [String: String]

    /// A request; `refresh_token` is added to the scopes, as the SDK adds it.
    public init(
        clientID: String, codeChallenge: String, redirectURI: String, scopes: [String] = [], userHint: UserHint? = nil,
        loginHost: String? = nil, state: String, appName: String? = nil, extra: [String: String] = [:]
    ) {
        self.clientID = clientID
        self.codeChallenge = codeChallenge
        self.redirectURI = redirectURI
        self.scopes = OAuthScopes(scopes).values
        self.userHint = userHint
        self.loginHost = loginHost
        self.state = state
        self.appName = appName
        self.extra = extra
    }

    var parameters: [(String, String)] {
        var pairs = [
            ("oauth_client_id", clientID), ("code_challenge", codeChallenge), ("code_challenge_method", "S256"),
            ("oauth_redirect_uri", redirectURI), ("scopes", OAuthScopes(scopes).commaSeparated),
        ]
        if let userHint { pairs.append(("user_hint", userHint.description)) }
        if let loginHost { pairs.append(("login_host", loginHost)) }
        pairs.append(("state", state))
        if let appName { pairs.append(("app_name", appName)) }
        return pairs + extra.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    init(_ fields: MessageFields) throws(IdPError) {
        self.init(
            clientID: try fields.required("oauth_client_id"), codeChallenge: try fields.required("code_challenge"),
            redirectURI: try fields.required("oauth_redirect_uri"),
            scopes: OAuthScopes.split(fields["scopes"] ?? ""),
            userHint: fields["user_hint"].flatMap(UserHint.init(parsing:)), loginHost: fields["login_host"],
            state: try fields.required("state"), appName: fields["app_name"],
            extra: fields.unknown(besides: [
                "oauth_client_id", "code_challenge", "code_challenge_method", "oauth_redirect_uri", "scopes", "user_hint", "login_host",
                "state", "app_name",
            ]))
    }
}
