import Crypto
import Foundation
package import SalesforceCore

/// OpenID Connect: the discovery document, the org's keys, ID tokens for the `openid` scope,
/// and token introspection.
extension Org {
    /// How long an ID token is good for, in seconds: two minutes, as real orgs' tokens have it.
    static let idTokenLifetime: Int64 = 120

    /// `/.well-known/openid-configuration`: where this org's endpoints are and what it supports.
    package var openIDConfiguration: JSON {
        let base = baseURL
        return [
            "issuer": .string(base),
            "authorization_endpoint": .string(base + "/services/oauth2/authorize"),
            "token_endpoint": .string(base + "/services/oauth2/token"),
            "revocation_endpoint": .string(base + "/services/oauth2/revoke"),
            "userinfo_endpoint": .string(base + "/services/oauth2/userinfo"),
            "jwks_uri": .string(base + "/id/keys"),
            "introspection_endpoint": .string(base + "/services/oauth2/introspect"),
            "scopes_supported": [
                "id", "api", "web", "full", "chatter_api", "visualforce", "refresh_token", "openid", "profile", "email",
                "address", "phone", "offline_access", "custom_permissions", "wave_api", "eclair_api",
            ],
            "response_types_supported": ["code", "token", "token id_token"],
            "subject_types_supported": ["public"],
            "id_token_signing_alg_values_supported": ["RS256"],
            "display_values_supported": ["page", "popup", "touch"],
            "token_endpoint_auth_methods_supported": ["client_secret_post", "client_secret_basic", "private_key_jwt"],
            "claims_supported": [
                "active", "address", "email", "email_verified", "family_name", "given_name", "is_app_installed",
                "language", "locale", "name", "nickname", "organization_id", "phone_number", "phone_number_verified", "photos",
                "picture", "preferred_username", "profile", "sub", "updated_at", "urls", "user_id", "user_type", "zoneinfo",
            ],
        ]
    }

    /// `/.well-known/auth-configuration`: how the org's (or a site's) login is set up, as
    /// Salesforce's own apps read it before showing a login page. LocalOrg's are the plain
    /// defaults: the standard page, no single sign-on, no native browser asked for.
    package func authConfiguration(site: ExperienceSite?) -> JSON {
        [
            "OrgId": .string(String(settings.organizationID.prefix(15))), "Url": .string(site.map(url(of:)) ?? baseURL),
            "MobileSDK": [
                "UseiOSNativeBrowserForAuthentication": false, "UseAndroidNativeBrowserForAuthentication": false,
                "shareBrowserSessionIOS": false, "shareBrowserSessionAndroid": false,
            ],
            "LoginPage": .null, "SamlProviders": [], "AuthProviders": [], "CertificateLogin": .null, "LoginPageType": "standard",
            "LoginPageTypeConfigs": [:],
        ]
    }

    /// `/id/keys`: the keys that verify this org's ID tokens.
    package func publicKeys() async throws(APIError) -> JSON {
        try await signingKey().keySet
    }

    /// The org's signing key, read from its store (or made) the first time it is needed.
    func signingKey() async throws(APIError) -> SigningKey {
        if let key = loadedSigningKey.current { return key }
        let key = try await SigningKey.load(from: store)
        loadedSigningKey.withLock { $0 = $0 ?? key }
        return key
    }

    /// The ID token a grant with the `openid` scope carries: who signed in (`sub`, the identity
    /// URL), for which app (`aud`), and the access token it came with (`at_hash`).
    func idToken(for grant: TokenGrant) async throws(APIError) -> String {
        let issuedAt = grant.issuedAt / 1000
        // The left half of the access token's SHA-256, as OpenID Connect Core §3.1.3.6 has it.
        let hash = Data(SHA256.hash(data: Data(grant.accessToken.utf8))).prefix(16)
        var claims: [String: JSON] = [
            "at_hash": .string(Data(hash).base64URLEncodedString), "sub": .string(identityURL(userID: grant.userID)),
            "aud": .string(grant.clientID), "iss": .string(baseURL), "exp": .integer(issuedAt + Self.idTokenLifetime),
            "iat": .integer(issuedAt),
        ]
        // OpenID Connect Core §3.1.2.1: the authorize request's nonce, unchanged.
        if let nonce = grant.nonce { claims["nonce"] = .string(nonce) }
        return try await signingKey().token(.object(claims))
    }

    /// `POST /services/oauth2/introspect`: whether a token is live, and whose, for the app that
    /// asks with its consumer key and secret (in the form or as HTTP Basic).
    /// - Throws: an `OAuthError` `invalid_client` for an app that does not authenticate.
    package func introspect(_ fields: [String: String], authorization: String?) async throws -> JSON {
        var clientID = fields["client_id"]
        var secret = fields["client_secret"]
        if let authorization, authorization.lowercased().hasPrefix("basic "),
            let decoded = Data(base64Encoded: String(authorization.dropFirst(6)).trimmingCharacters(in: .whitespaces)),
            let pair = String(data: decoded, encoding: .utf8), let colon = pair.firstIndex(of: ":")
        {
            clientID = String(pair[..<colon])
            secret = String(pair[pair.index(after: colon)...])
        }
        // An app LocalOrg keeps without a secret (a mobile app's) names itself by its key alone.
        guard let app = oauth.app(clientID: clientID ?? ""), app.consumerSecret == nil || secret == app.consumerSecret else {
            throw OAuthError("invalid_client", "invalid client credentials")
        }
        let token = fields["token"] ?? ""
        guard !token.isEmpty, let session = try? await oauth.session(accessToken: token) else { return ["active": false] }
        let username = await oauth.username(of: session.userID)
        let issued = await oauth.issuedAt(accessToken: token)
        return [
            "active": true, "scope": .string(session.scope), "client_id": .string(session.clientID),
            "username": username.map(JSON.string) ?? .null, "sub": .string(identityURL(userID: session.userID)),
            "token_type": "access_token", "exp": issued.map { .integer($0.expires / 1000) } ?? .null,
            "iat": issued.map { .integer($0.issued / 1000) } ?? .null, "nbf": issued.map { .integer($0.issued / 1000) } ?? .null,
        ]
    }
}
