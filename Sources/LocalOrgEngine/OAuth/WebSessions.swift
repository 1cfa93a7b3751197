import Foundation
import SalesforceCore

/// Browser sessions that `frontdoor.jsp` opens from an access token, by the cookie's value: the
/// authorize endpoint takes such a browser as logged in, as Salesforce does, so an identity
/// provider obtains a code for another app without a password. Kept in memory: a restart logs
/// browsers out, never apps.
final class WebSessions: Sendable {
    struct WebSession: Sendable {
        var userID: String
        /// The digest of the access token that opened it: the session lives only while it does.
        var accessTokenDigest: String
        var expires: Date
    }

    /// How long a browser session lasts.
    static let lifetime: TimeInterval = 2 * 60 * 60
    /// The most sessions kept at once.
    static let capacity = 10_000

    private let sessions = Locked([String: WebSession]())

    /// Opens a session for `userID`, from `accessToken`, and returns the cookie's value.
    func open(userID: String, accessToken: String, now: Date) -> String {
        let id = RandomText.make(length: 48, alphabet: RandomText.tokenAlphabet)
        sessions.withLock { sessions in
            sessions = sessions.filter { $0.value.expires > now }
            // Bounded: a client opening sessions in a loop pushes out the oldest, not the memory.
            if sessions.count >= Self.capacity, let oldest = sessions.min(by: { $0.value.expires < $1.value.expires })?.key {
                sessions[oldest] = nil
            }
            sessions[id] = WebSession(
                userID: userID, accessTokenDigest: PasswordHash.digest(ofToken: accessToken), expires: now.addingTimeInterval(Self.lifetime)
            )
        }
        return id
    }

    /// The session a cookie names, unless unknown or expired. The caller checks that its access
    /// token is still live: in Salesforce the frontdoor session is the API session.
    func session(of id: String, now: Date) -> WebSession? {
        sessions.withLock { sessions in
            guard let session = sessions[id], session.expires > now else {
                sessions[id] = nil
                return nil
            }
            return session
        }
    }

    /// Ends a session whose token is no longer live.
    func end(_ id: String) {
        sessions.withLock { $0[id] = nil }
    }
}
