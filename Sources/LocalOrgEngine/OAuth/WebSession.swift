import Foundation

/// A browser session, kept under the `sid` cookie's value: opened by `frontdoor.jsp` from an
/// access token or a one-time link, or by the console's login page. The authorize endpoint takes
/// such a browser as logged in, as Salesforce does, so an identity provider obtains a code for
/// another app without a password; the console serves its pages to it. Kept in memory
/// (``ExpiringSecrets``): a restart logs browsers out, never apps.
struct WebSession: Sendable {
    /// How long a browser session lasts (Salesforce's default session timeout).
    static let lifetime: TimeInterval = 2 * 60 * 60

    var userID: String
    /// The digest of the access token behind it: the session lives only while the token does
    /// (in Salesforce the browser session is an API session).
    var accessTokenDigest: String
    /// Whether the token was issued for this session (a console login, a one-time link), so
    /// that logging out revokes it; a token an app passed to `frontdoor.jsp` stays the app's.
    var ownsToken: Bool
    /// The value every form of the console posts back, so another site cannot post one.
    var formToken = RandomText.make(length: 32, alphabet: RandomText.tokenAlphabet)
}
