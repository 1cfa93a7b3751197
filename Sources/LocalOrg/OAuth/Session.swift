/// Who a valid access token speaks for.
public struct Session: Sendable, Equatable {
    /// The user's 18-character id.
    public var userID: String
    /// The connected app's consumer key.
    public var clientID: String
    /// The granted scopes, space-separated.
    public var scope: String
    /// The access token itself.
    public var accessToken: String
}

/// The token endpoint's answer: the fields of a Salesforce token response.
public struct TokenGrant: Sendable, Equatable {
    /// The access token (session id).
    public var accessToken: String
    /// The refresh token, when the `refresh_token` scope was granted.
    public var refreshToken: String?
    /// The granted scopes, space-separated.
    public var scope: String
    /// The user's id.
    public var userID: String
    /// When it was issued, in milliseconds since 1970.
    public var issuedAt: Int64
    /// The consumer key it was issued to.
    public var clientID: String
}
