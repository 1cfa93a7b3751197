import Foundation
import SalesforceCore

/// Browser sessions, by the `sid` cookie's value: opened by `frontdoor.jsp` from an access token
/// or a one-time link, or by the console's login page. The authorize endpoint takes such a
/// browser as logged in, as Salesforce does, so an identity provider obtains a code for another
/// app without a password; the console serves its pages to it. Kept in memory: a restart logs
/// browsers out, never apps.
final class WebSessions: Sendable {
    struct WebSession: Sendable {
        var userID: String
        /// The digest of the access token behind it: the session lives only while the token does.
        var accessTokenDigest: String
        /// Whether the token was issued for this session (a console login, a one-time link), so
        /// that logging out revokes it; a token an app passed to `frontdoor.jsp` stays the app's.
        var ownsToken: Bool
        /// The value every form of the console posts back, so another site cannot post one.
        var formToken: String
        var expires: Date
    }

    /// How long a browser session lasts (Salesforce's default session timeout).
    static let lifetime: TimeInterval = 2 * 60 * 60
    /// The most sessions kept at once.
    static let capacity = 10_000

    private let sessions = Locked([String: WebSession]())

    /// Opens a session for `userID` over the access token with `accessTokenDigest`, and returns
    /// the cookie's value.
    func open(userID: String, accessTokenDigest: String, ownsToken: Bool, now: Date) -> String {
        let id = RandomText.make(length: 48, alphabet: RandomText.tokenAlphabet)
        let session = WebSession(
            userID: userID, accessTokenDigest: accessTokenDigest, ownsToken: ownsToken,
            formToken: RandomText.make(length: 32, alphabet: RandomText.tokenAlphabet), expires: now.addingTimeInterval(Self.lifetime))
        sessions.withLock { sessions in
            sessions = sessions.filter { $0.value.expires > now }
            // Bounded: a client opening sessions in a loop pushes out the oldest, not the memory.
            if sessions.count >= Self.capacity, let oldest = sessions.min(by: { $0.value.expires < $1.value.expires })?.key {
                sessions[oldest] = nil
            }
            sessions[id] = session
        }
        return id
    }

    /// The session a cookie names, unless unknown or expired. The caller checks that its access
    /// token is still live: in Salesforce the browser session is an API session.
    func session(of id: String, now: Date) -> WebSession? {
        sessions.withLock { sessions in
            guard let session = sessions[id], session.expires > now else {
                sessions[id] = nil
                return nil
            }
            return session
        }
    }

    /// Ends a session (a logout, or a token no longer live) and returns what it was.
    @discardableResult
    func end(_ id: String) -> WebSession? {
        sessions.withLock { $0.removeValue(forKey: id) }
    }
}
