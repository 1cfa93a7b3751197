public import Foundation
public import SalesforceCore

/// A logged-in user: credentials, identity and what the app keeps with them.
public struct UserAccount: Sendable, Codable, Equatable, CustomStringConvertible {
    /// The tokens and URLs.
    public var credentials: OAuthCredentials
    /// The identity service's answer, when it was fetched.
    public var identityData: IdentityData?
    /// Small, non-sensitive values the app keeps with the account.
    public var customData: [String: JSON]

    /// An account for credentials.
    public init(credentials: OAuthCredentials, identityData: IdentityData? = nil, customData: [String: JSON] = [:]) {
        self.credentials = credentials
        self.identityData = identityData
        self.customData = customData
    }

    /// Who the account belongs to, and the community it is signed in to.
    public var identity: UserIdentity { credentials.identity }
    /// The username, when identity data was fetched.
    public var username: String? { identityData?.username }
    /// Where API calls go.
    public var apiURL: URL { credentials.apiURL }
    /// Whether the account has an access token.
    public var isSessionValid: Bool { credentials.accessToken != nil }

    /// Storage paths and suffixes that keep each user's files apart, as the SDK names them.
    public var storagePath: String { "/\(identity.orgID.id18)/\(identity.userID.id18)/" }
    /// `_{orgId}_{userId}`, for per-user file names.
    public var filenameSuffix: String { "_\(identity.orgID.id18)_\(identity.userID.id18)" }

    /// The account with its tokens redacted.
    public var description: String { "UserAccount(\(username ?? identity.userID.id18), \(credentials))" }
}

/// What happened to the signed-in accounts, published by ``UserAccountManager/events()``.
public enum AccountEvent: Sendable, Equatable {
    /// A user is about to be added.
    case willLogIn(UserIdentity)
    /// A user was added and is now current.
    case didLogIn(UserIdentity)
    /// A user is about to be logged out.
    case willLogOut(UserIdentity)
    /// A user was logged out; their account is gone.
    case didLogOut(UserIdentity)
    /// The last user of an org was logged out.
    case orgDidLogOut(orgID: SalesforceID)
    /// The current user is about to change.
    case willSwitch(from: UserIdentity?, to: UserIdentity?)
    /// The current user changed.
    case didSwitch(from: UserIdentity?, to: UserIdentity?)
    /// A user's refresh token was refused: they are being logged out and must log in again.
    case refreshTokenRevoked(UserIdentity)
    /// A user's access token was refreshed (and saved, unless ``saveFailed(_:_:)`` came first).
    case didRefresh(UserIdentity)
    /// A change to a user's account works in memory but could not be saved: the next launch
    /// starts from what was saved before.
    case saveFailed(UserIdentity, AccountError)
}
