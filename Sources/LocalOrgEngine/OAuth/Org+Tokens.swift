import SalesforceCore

/// The token and revoke endpoints.
extension Org {
    /// A token endpoint request (`grant_type` authorization_code, refresh_token or password):
    /// the fields of Salesforce's token response. At a `site`'s token endpoint, codes and refresh
    /// tokens from that site work, and the response names the site.
    /// - Throws: an `OAuthError` as the endpoint answers it.
    package func token(_ fields: [String: String], site: ExperienceSite? = nil) async throws -> [String: String] {
        let networkID = site?.networkID
        let clientID = fields["client_id"] ?? ""
        let grant: TokenGrant
        switch fields["grant_type"] {
        case "authorization_code":
            grant = try await oauth.exchange(
                code: fields["code"] ?? "", clientID: clientID, redirectURI: fields["redirect_uri"],
                codeVerifier: fields["code_verifier"], clientSecret: fields["client_secret"], networkID: networkID)
        case "refresh_token":
            grant = try await oauth.refresh(
                token: fields["refresh_token"] ?? "", clientID: clientID, clientSecret: fields["client_secret"], networkID: networkID)
        case "password":
            grant = try await oauth.password(
                username: fields["username"] ?? "", password: fields["password"] ?? "",
                clientID: clientID, clientSecret: fields["client_secret"], scope: fields["scope"], networkID: networkID)
        case let other:
            throw OAuthError("unsupported_grant_type", other == nil ? "grant type is missing" : "grant type not supported")
        }
        guard let app = oauth.app(clientID: clientID) else { throw OAuthError.invalidClientID }
        // Real orgs send an ID token with a code's exchange, not with a refresh or a password login.
        return try await tokenFields(grant, app: app, withIDToken: fields["grant_type"] == "authorization_code")
    }

    /// Revokes a refresh token (and its access tokens) or an access token.
    /// - Throws: an `OAuthError` `unsupported_token_type` for a token the org does not know.
    package func revoke(_ fields: [String: String]) async throws {
        // The revoke call stays out of the guard's condition: Swift 6.3 crashes compiling an
        // awaited typed-throws call there in release builds.
        let token = fields["token"] ?? ""
        let revoked = token.isEmpty ? false : try await oauth.revoke(token: token)
        guard revoked else { throw OAuthError("unsupported_token_type", "this token type is not supported") }
    }

    /// The fields of a token response, signed as Salesforce signs them: HMAC-SHA256 of the
    /// identity URL and `issued_at` under the consumer secret (the org id for apps without one).
    /// `withIDToken` and the `openid` scope add an ID token.
    func tokenFields(_ grant: TokenGrant, app: ConnectedApp, withIDToken: Bool) async throws(APIError) -> [String: String] {
        let identity = identityURL(userID: grant.userID)
        var fields = [
            "access_token": grant.accessToken,
            "instance_url": baseURL,
            "id": identity,
            "token_type": "Bearer",
            "issued_at": String(grant.issuedAt),
            "scope": grant.scope,
            "signature": PasswordHash.signature(
                identityURL: identity, issuedAt: grant.issuedAt, key: app.consumerSecret ?? settings.organizationID),
        ]
        fields["refresh_token"] = grant.refreshToken
        if withIDToken, grant.scope.split(atScalars: [" "]).contains("openid") { fields["id_token"] = try await idToken(for: grant) }
        // A site's tokens name it: the SDK keeps these and sends API calls to the site's URL.
        if let site = site(networkID: grant.networkID) {
            fields["sfdc_community_id"] = site.networkID
            fields["sfdc_community_url"] = url(of: site)
        }
        return fields
    }
}
