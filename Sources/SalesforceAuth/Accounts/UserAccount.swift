public import Foundation
public import SalesforceCore

/// A logged-in user: credentials, identity and what the app keeps with them.
public struct UserAccount: Sendable, Codable, Equatable, CustomStringConvertible {
    /// Who the account belongs to.
    public var identity: UserAccountIdentity
    /// The tokens and URLs.
    public var credentials: OAuthCredentials
    /// The identity service's answer, when it was fetched.
    public var identityData: IdentityData?
    /// Small, non-sensitive values the app keeps with the account.
    public var customData: [String: JSON]

    /// An account for credentials.
    public init(credentials: OAuthCredentials, identityData: IdentityData? = nil, customData: [String: JSON] = [:]) {
        self.identity = credentials.identity
        self.credentials = credentials
        self.identityData = identityData
        self.customData = customData
    }

    /// The username, when identity data was fetched.
    public var username: String? { identityData?.username }
    /// The org's community id, if any.
    public var communityID: String? { credentials.communityID }
    /// Where API calls go.
    public var apiURL: URL { credentials.apiURL }
    /// Whether the account has an access token.
    public var isSessionValid: Bool { credentials.accessToken != nil }

    /// Storage paths and suffixes that keep each user's files apart, as the SDK names them.
    public var storagePath: String { "/\(identity.organizationID)/\(identity.userID)/" }
    /// `_{orgId}_{userId}`, for per-user file names.
    public var filenameSuffix: String { "_\(identity.organizationID)_\(identity.userID)" }

    /// The account with its tokens redacted.
    public var description: String { "UserAccount(\(username ?? identity.userID), \(credentials))" }
}

/// What happened to the signed-in accounts, published by ``UserAccountManager/events()``.
public enum AccountEvent: Sendable, Equatable {
    /// A user is about to be added.
    case willLogIn(UserAccountIdentity)
    /// A user was added and is now current.
    case didLogIn(UserAccountIdentity)
    /// A user is about to be logged out.
    case willLogOut(UserAccountIdentity)
    /// A user was logged out; their account is gone.
    case didLogOut(UserAccountIdentity)
    /// The last user of an org was logged out.
    case orgDidLogOut(organizationID: String)
    /// The current user is about to change.
    case willSwitch(from: UserAccountIdentity?, to: UserAccountIdentity?)
    /// The current user changed.
    case didSwitch(from: UserAccountIdentity?, to: UserAccountIdentity?)
    /// A user's refresh token was refused: they are being logged out and must log in again.
    case refreshTokenRevoked(UserAccountIdentity)
    /// A user's access token was refreshed (and saved).
    case didRefresh(UserAccountIdentity)
}
