public import Foundation

/// What a logged-in user's API calls need: the tokens and where to send them.
///
/// Its description never shows a token, so credentials can be logged safely.
public struct OAuthCredentials: Sendable, Codable, Equatable, CustomStringConvertible {
    /// The connected app's consumer key.
    public var clientID: String
    /// The callback URL the login used.
    public var redirectURI: String
    /// Where the user logged in, and where refresh and revoke go.
    public var loginHost: LoginHost
    /// The identity URL, `https://<host>/id/<orgId>/<userId>`.
    public var identityURL: URL
    /// Where REST calls go.
    public var instanceURL: URL
    /// The community's id, when the user logged in through one.
    public var communityID: String?
    /// The community's URL.
    public var communityURL: URL?
    /// The access token (the session id).
    public var accessToken: String?
    /// The refresh token.
    public var refreshToken: String?
    /// When the access token was issued.
    public var issuedAt: Date?
    /// The scopes granted.
    public var scopes: [String]
    /// Other fields of the token response.
    public var additionalFields: [String: String]

    /// Credentials from a token response.
    public init(tokens: TokenResponse, clientID: String, redirectURI: String, loginHost: LoginHost) {
        self.clientID = clientID
        self.redirectURI = redirectURI
        self.loginHost = loginHost
        self.identityURL = tokens.identityURL
        self.instanceURL = tokens.instanceURL
        self.scopes = []
        self.additionalFields = [:]
        apply(tokens)
    }

    /// Takes a refresh's answer: new access token, instance and community; the refresh token
    /// only when the answer has one.
    public mutating func apply(_ tokens: TokenResponse) {
        accessToken = tokens.accessToken
        if let refreshToken = tokens.refreshToken { self.refreshToken = refreshToken }
        instanceURL = tokens.instanceURL
        identityURL = tokens.identityURL
        issuedAt = tokens.issuedAt
        if !tokens.scopes.isEmpty { scopes = tokens.scopes }
        if let communityID = tokens.communityID { self.communityID = communityID }
        if let communityURL = tokens.communityURL { self.communityURL = communityURL }
        additionalFields.merge(tokens.additionalFields) { $1 }
    }

    /// The org id, from the identity URL.
    public var organizationID: String { identityURL.pathComponents.dropLast().last ?? "" }
    /// The user id, from the identity URL.
    public var userID: String { identityURL.pathComponents.last ?? "" }
    /// Who these credentials belong to.
    public var identity: UserAccountIdentity { UserAccountIdentity(userID: userID, organizationID: organizationID) }
    /// Where API calls go: the community's URL when there is one, else the instance.
    public var apiURL: URL { communityURL ?? instanceURL }

    /// The credentials with the tokens redacted.
    public var description: String {
        "OAuthCredentials(user: \(userID), org: \(organizationID), instance: \(instanceURL.absoluteString), "
            + "accessToken: \(accessToken == nil ? "nil" : "REDACTED"), refreshToken: \(refreshToken == nil ? "nil" : "REDACTED"))"
    }
}

/// Who an account belongs to: a user in an org. Ids compare on their first 15 characters, so
/// the 15- and 18-character forms of an id are the same user.
public struct UserAccountIdentity: Sendable, Codable, Hashable, CustomStringConvertible {
    /// The user id (`005…`).
    public var userID: String
    /// The org id (`00D…`).
    public var organizationID: String

    /// Creates an identity.
    public init(userID: String, organizationID: String) {
        self.userID = userID
        self.organizationID = organizationID
    }

    /// Same user when the 15-character prefixes match.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.userID.prefix(15) == rhs.userID.prefix(15) && lhs.organizationID.prefix(15) == rhs.organizationID.prefix(15)
    }

    /// Hashes the 15-character prefixes.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(userID.prefix(15))
        hasher.combine(organizationID.prefix(15))
    }

    /// `orgId/userId`.
    public var description: String { "\(organizationID)/\(userID)" }
}

/// Gets new credentials when an access token has expired. ``OAuthClient`` refreshes; the
/// ``UserAccountManager`` also saves the result and logs the user out when the refresh token is
/// revoked.
public protocol CredentialsRefresher: Sendable {
    /// New credentials for `credentials`, whose access token the server refused.
    func refreshedCredentials(for credentials: OAuthCredentials) async throws(OAuthError) -> OAuthCredentials
}

extension OAuthClient: CredentialsRefresher {
    /// Refreshes, with nothing saved.
    public func refreshedCredentials(for credentials: OAuthCredentials) async throws(OAuthError) -> OAuthCredentials {
        try await refresh(credentials)
    }
}
