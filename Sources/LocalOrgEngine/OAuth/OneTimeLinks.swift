import Foundation
import SalesforceCore

/// The one-time links of the UI Bridge API (`POST /services/oauth2/singleaccess`): each opens one
/// browser session for its user at `frontdoor.jsp?otp=…`, once, within a few minutes, so a tool
/// that opens a browser never puts an access token in a URL.
final class OneTimeLinks: Sendable {
    struct Link: Sendable {
        var userID: String
        /// The page the session starts on, a path of this server.
        var path: String
        var expires: Date
    }

    /// How long a link stays usable.
    static let lifetime: TimeInterval = 5 * 60
    private static let capacity = 10_000
    private let links = Locked([String: Link]())

    /// A new link's secret, for `userID`, landing on `path`.
    func make(userID: String, path: String, now: Date) -> String {
        let secret = RandomText.make(length: 48, alphabet: RandomText.tokenAlphabet)
        links.withLock { links in
            links = links.filter { $0.value.expires > now }
            if links.count >= Self.capacity, let oldest = links.min(by: { $0.value.expires < $1.value.expires })?.key {
                links[oldest] = nil
            }
            links[PasswordHash.digest(ofToken: secret)] = Link(userID: userID, path: path, expires: now.addingTimeInterval(Self.lifetime))
        }
        return secret
    }

    /// The link a secret opens, used up by this call; nil when unknown, used or expired.
    func take(_ secret: String, now: Date) -> Link? {
        links.withLock { links in
            guard let link = links.removeValue(forKey: PasswordHash.digest(ofToken: secret)), link.expires > now else { return nil }
            return link
        }
    }
}
