import Foundation
import GRDB

/// Who a browser is signed in as: what the console shows and checks.
package struct BrowserUser: Sendable, Equatable {
    /// The user's 18-character id.
    package var userID: String
    /// The user's username.
    package var username: String
    /// The value the console's forms carry and its posts must return.
    package var formToken: String
    /// Whether the user has the System Administrator profile (sees the org's credentials).
    package var isAdministrator: Bool
}

/// What a login form's post led to.
package enum BrowserLogin: Sendable, Equatable {
    /// Signed in: the `sid` cookie's value.
    case signedIn(session: String)
    /// Refused, with what the login page says.
    case refused(message: String)
}

/// Browser sessions: the console's login and logout, the one the authorize endpoint recognizes,
/// and the UI Bridge API's one-time links. A browser session is an API session too, as in
/// Salesforce: it stands on an access token and ends with it.
extension Org {
    /// The client id of the tokens the console's logins issue.
    static let consoleClientID = "LocalOrgConsole"

    /// The user a `sid` cookie signs in, while the session and its token live.
    package func browserUser(session cookie: String?) async -> BrowserUser? {
        guard let cookie, let session = webSessions.value(of: cookie, now: store.clock()) else { return nil }
        let user = try? await store.read { db -> (username: String, isAdministrator: Bool)? in
            guard
                let username = try String.fetchOne(
                    db, sql: #"SELECT "Username" FROM "User" WHERE "Id" = ? AND "IsActive" = 1 AND "IsDeleted" = 0"#,
                    arguments: [session.userID])
            else { return nil }
            return (username, try UserManagement.isAdministrator(session.userID, db: db))
        }
        guard await oauth.isLive(accessTokenDigest: session.accessTokenDigest), let (username, isAdministrator) = user ?? nil else {
            webSessions.remove(cookie)
            return nil
        }
        return BrowserUser(userID: session.userID, username: username, formToken: session.formToken, isAdministrator: isAdministrator)
    }

    /// Checks a username and password from the login page and opens a session, counting wrong
    /// passwords towards the lockout as the authorize page does.
    package func logIn(username: String, password: String) async -> BrowserLogin {
        switch await oauth.authenticate(username: username, password: password) {
        case .user(let userID) where await oauth.mayLogIn(userID: userID, at: nil):
            do {
                return .signedIn(session: try await openOwnedSession(userID: userID))
            } catch {
                return .refused(message: error.message)
            }
        case .user, .failed:
            // A site's external user has no place in the org's console: as a wrong password.
            return .refused(message: Self.wrongPassword)
        case .lockedOut:
            return .refused(message: Self.lockedOut(username))
        }
    }

    /// Ends a browser session, revoking the token it was given (never an app's).
    package func logOut(session cookie: String) async {
        guard let session = webSessions.remove(cookie), session.ownsToken else { return }
        try? await oauth.revoke(accessTokenDigest: session.accessTokenDigest)
    }

    /// `POST /services/oauth2/singleaccess`: a one-time `frontdoor.jsp` URL that opens a browser
    /// session for the caller on `redirectURI` (a path of this org; the home page when nil).
    package func singleAccess(for session: Session, redirectURI: String?) throws(APIError) -> String {
        // The link opens the org's own pages: a site's session has no way in there.
        guard session.networkID == nil else { throw APIError.invalidSession }
        guard let path = Self.pathOfThisOrg(redirectURI ?? "/", baseURL: baseURL) else {
            throw APIError(status: 400, errorCode: "INVALID_REQUEST", message: "redirect_uri must be a page of this org (\(baseURL)).")
        }
        let secret = oneTimeLinks.add(OneTimeLink(userID: session.userID, path: path), lifetime: OneTimeLink.lifetime, now: store.clock())
        return "\(baseURL)/secur/frontdoor.jsp?otp=\(secret)"
    }

    /// Issues a token for a browser's own session and opens the session on it.
    package func openOwnedSession(userID: String) async throws(APIError) -> String {
        let grant = try await oauth.issue(userID: userID, clientID: Self.consoleClientID, scope: ["web", "api"], withRefreshToken: false)
        return openSession(userID: userID, accessToken: grant.accessToken, ownsToken: true)
    }

    /// Opens a browser session over an access token and returns the `sid` cookie's value.
    func openSession(userID: String, accessToken: String, ownsToken: Bool) -> String {
        let session = WebSession(userID: userID, accessTokenDigest: PasswordHash.digest(ofToken: accessToken), ownsToken: ownsToken)
        return webSessions.add(session, lifetime: WebSession.lifetime, now: store.clock())
    }

    /// A URL or path as a path of this server, or nil when it leads elsewhere: browsers read
    /// `//host` and `/\host` as another host, so those are refused too. Checked on bytes, as a
    /// browser reads a URL: `//` with a variation selector after it is one Swift `Character`
    /// that is not `/`, yet the browser sees `//` and a host it maps to `evil.com`.
    package static func pathOfThisOrg(_ target: String, baseURL: String) -> String? {
        let base = Array(baseURL.lowercased().utf8) + [UInt8(ascii: "/")]
        let bytes = Array(target.utf8)
        let isOwnURL = bytes.count >= base.count && bytes[..<base.count].map { $0 | (($0 >= 65 && $0 <= 90) ? 0x20 : 0) } == base
        let path = isOwnURL ? Array(bytes[(base.count - 1)...]) : bytes
        guard path.first == UInt8(ascii: "/"), path.dropFirst().first != UInt8(ascii: "/"), !path.contains(UInt8(ascii: "\\")),
            !String(decoding: path, as: UTF8.self).unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else { return nil }
        return String(decoding: path, as: UTF8.self)
    }

    static let wrongPassword = "Please check your username and password."

    static func lockedOut(_ username: String) -> String {
        "Your login attempt has failed too many times: \(username) is locked out for \(Int(LoginAttempts.lockout / 60)) minutes."
    }
}
