import Foundation

/// What `frontdoor.jsp` answers.
package enum FrontdoorStep: Sendable, Equatable {
    /// A browser session was opened: set `session` as the `sid` cookie and redirect to `location`.
    case redirect(location: String, session: String)
    /// The session id, the one-time link or the return URL was refused: an error page.
    case error(code: String, description: String)
}

/// `/secur/frontdoor.jsp`: turns an API session into a browser session and goes on to a page of
/// this org. With `sid=<access token>&retURL=<page>` (as `sf org open` and the identity-provider
/// handoff use it) the session stands on that token; with `otp=<secret>` (a one-time link from
/// `POST /services/oauth2/singleaccess`) it gets a token of its own and the link is used up.
extension Org {
    /// Checks the credential and the return URL, and opens a browser session.
    ///
    /// `retURL` must stay on this server (a path, or a URL of this org's base URL), so the
    /// endpoint can never send a browser elsewhere with a session.
    package func frontdoor(sid: String?, otp: String? = nil, retURL: String?) async -> FrontdoorStep {
        let requested = retURL.flatMap { $0.isEmpty ? nil : $0 }
        if let otp, !otp.isEmpty {
            guard let link = oneTimeLinks.take(otp, now: store.clock()) else {
                return .error(
                    code: "invalid_session",
                    description: "This link was used already or has expired; ask for a new one (forcekit org open).")
            }
            guard let path = Self.pathOfThisOrg(requested ?? link.path, baseURL: baseURL) else { return Self.foreignReturnURL(baseURL) }
            do {
                return .redirect(location: path, session: try await openOwnedSession(userID: link.userID))
            } catch {
                return .error(code: "server_error", description: error.message)
            }
        }
        // A site's session opens no browser session on the org's own pages.
        guard let sid, !sid.isEmpty, let apiSession = try? await oauth.session(accessToken: sid), apiSession.networkID == nil else {
            return .error(code: "invalid_session", description: "The session id is not valid or has expired; log in again.")
        }
        guard let path = Self.pathOfThisOrg(requested ?? "/", baseURL: baseURL) else { return Self.foreignReturnURL(baseURL) }
        return .redirect(location: path, session: openSession(userID: apiSession.userID, accessToken: sid, ownsToken: false))
    }

    private static func foreignReturnURL(_ baseURL: String) -> FrontdoorStep {
        .error(code: "invalid_return_url", description: "retURL must be a page of this org (\(baseURL)).")
    }
}
