import Foundation

/// What `frontdoor.jsp` answers.
package enum FrontdoorStep: Sendable, Equatable {
    /// A browser session was opened: set `session` as the `sid` cookie and redirect to `location`.
    case redirect(location: String, session: String)
    /// The session id or the return URL was refused: an error page.
    case error(code: String, description: String)
}

/// `/secur/frontdoor.jsp?sid=<access token>&retURL=<url>`: turns an API session into a browser
/// session and goes on to `retURL`, as the identity-provider handoff uses it to obtain a code for
/// another app with the IdP user's session.
extension Org {
    /// Checks the access token and the return URL, and opens a browser session.
    ///
    /// `retURL` must stay on this server (a path, or a URL of this org's base URL), so the
    /// endpoint can never send a browser elsewhere with a session.
    package func frontdoor(sid: String?, retURL: String?) async -> FrontdoorStep {
        guard let sid, !sid.isEmpty, let session = try? await oauth.session(accessToken: sid) else {
            return .error(code: "invalid_session", description: "The session id is not valid or has expired; log in again.")
        }
        let target = retURL.flatMap { $0.isEmpty ? nil : $0 } ?? "/"
        let path =
            target.lowercased().hasPrefix(baseURL.lowercased() + "/") ? String(target.dropFirst(baseURL.count)) : target
        // A path of this server only: browsers read `//host` and `/\host` as another host.
        guard path.hasPrefix("/"), !path.dropFirst().hasPrefix("/"), !path.contains("\\"),
            !path.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else {
            return .error(code: "invalid_return_url", description: "retURL must be a page of this org (\(baseURL)).")
        }
        return .redirect(location: path, session: webSessions.open(userID: session.userID, accessToken: sid, now: store.clock()))
    }
}
