/// Who a valid access token speaks for.
package struct Session: Sendable, Equatable {
    /// The user's 18-character id.
    package var userID: String
    /// The connected app's consumer key.
    package var clientID: String
    /// The granted scopes, space-separated.
    package var scope: String
    /// The access token itself.
    package var accessToken: String
    /// The Experience Cloud site (its `0DB` network id) the session belongs to; nil for the
    /// internal org. A session works only at its own site's URL.
    package var networkID: String? = nil
}

/// The token endpoint's answer: the fields of a Salesforce token response.
package struct TokenGrant: Sendable, Equatable {
    /// The access token (session id).
    package var accessToken: String
    /// The refresh token, when the `refresh_token` scope was granted.
    package var refreshToken: String?
    /// The granted scopes, space-separated.
    package var scope: String
    /// The user's id.
    package var userID: String
    /// When it was issued, in milliseconds since 1970.
    package var issuedAt: Int64
    /// The consumer key it was issued to.
    package var clientID: String
    /// The Experience Cloud site it was issued at (its `0DB` id); nil for the internal org.
    package var networkID: String? = nil
    /// The OpenID Connect `nonce` of the authorize request, which the ID token repeats.
    package var nonce: String? = nil
}
