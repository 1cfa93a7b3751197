/// What the authorize endpoint shows next: a page, or a redirect back to the app.
package enum AuthorizeStep: Sendable, Equatable {
    /// The login form; `error` after a wrong password (answered with 401).
    case login(parameters: [String: String], appName: String, error: String?)
    /// The consent form for a login that passed the password check; `browserBinding` goes to the
    /// browser as a cookie, and the decision counts only from the browser that sends it back.
    case consent(ticket: String, appName: String, scopes: [String], username: String, browserBinding: String)
    /// Back to the app's callback, with a code, tokens or an error.
    case redirect(String)
    /// An error page: the request cannot be sent back to the app (an unknown client, a
    /// callback it did not register, an expired ticket).
    case error(code: String, description: String)
}
