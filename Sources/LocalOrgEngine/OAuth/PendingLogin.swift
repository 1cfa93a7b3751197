import Foundation

/// A login that passed the password check and waits for the user's consent, kept under a ticket
/// (``ExpiringSecrets``) for ten minutes: the consent page posts the ticket back, so the password
/// is never sent twice.
struct PendingLogin: Sendable {
    /// How long a login waits for its decision.
    static let lifetime: TimeInterval = 10 * 60

    var userID: String
    var username: String
    var app: ConnectedApp
    var parameters: AuthorizeParameters
    var scopes: [String]
    /// The site the login happened at (its network id); nil for the internal org.
    var networkID: String?
    /// The value of the cookie the consent page set: the decision must come with it.
    var browserBinding = RandomText.make(length: 32, alphabet: RandomText.tokenAlphabet)
}
