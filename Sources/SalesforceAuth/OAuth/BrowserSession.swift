public import Foundation

/// The browser step of a login: show the authorize page and return the URL the server
/// redirects to when the user is done.
///
/// ForceKit ships `WebAuthenticationBrowser` (ASWebAuthenticationSession, Apple platforms)
/// and, in the `forcekit` CLI, a loopback listener that opens the system browser. Tests drive
/// the login pages directly.
public protocol BrowserSession: Sendable {
    /// Shows `url` and returns the callback URL, which starts with `redirectURI`.
    /// - Throws: ``OAuthError`` of kind `cancelled` when the user closes the browser,
    ///   `browserLaunchFailed` when it cannot open, `timedOut` when no callback comes.
    func authenticate(url: URL, redirectURI: String) async throws(OAuthError) -> String
}
