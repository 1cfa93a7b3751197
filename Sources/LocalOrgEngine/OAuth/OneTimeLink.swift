import Foundation

/// A one-time link of the UI Bridge API (`POST /services/oauth2/singleaccess`), kept under its
/// secret (``ExpiringSecrets``): it opens one browser session for its user at
/// `frontdoor.jsp?otp=…`, once, within five minutes, so a tool that opens a browser never puts an
/// access token in a URL.
struct OneTimeLink: Sendable {
    /// How long a link stays usable.
    static let lifetime: TimeInterval = 5 * 60

    var userID: String
    /// The page the session starts on, a path of this server.
    var path: String
}
