public import Foundation
public import SalesforceCore

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
    /// Who the credentials belong to: org, user and, when the user logged in through one, the
    /// community.
    public var identity: UserIdentity
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
        self.identity = tokens.identity
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
        // A refresh answer names the community only when it has one: the login's stays.
        identity = UserIdentity(
            orgID: tokens.identity.orgID, userID: tokens.identity.userID, communityID: tokens.identity.communityID ?? identity.communityID)
        issuedAt = tokens.issuedAt
        if !tokens.scopes.isEmpty { scopes = tokens.scopes }
        if let communityURL = tokens.communityURL { self.communityURL = communityURL }
        additionalFields.merge(tokens.additionalFields) { $1 }
    }

    /// Where API calls go: the community's URL when there is one, else the instance.
    public var apiURL: URL { communityURL ?? instanceURL }

    /// The credentials with the tokens redacted.
    public var description: String {
        "OAuthCredentials(user: \(identity.userID), org: \(identity.orgID), instance: \(instanceURL.absoluteString), "
            + "accessToken: \(accessToken == nil ? "nil" : "REDACTED"), refreshToken: \(refreshToken == nil ? "nil" : "REDACTED"))"
    }
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
