/// What the authorize endpoint shows next: a page, or a redirect back to the app.
package enum AuthorizeStep: Sendable, Equatable {
    /// The login form with the ways it offers to log in, branded for a site when `siteName` is
    /// set; `error` after a refused login (answered with 401).
    case login(parameters: [String: String], appName: String, error: String?, methods: LoginMethods, siteName: String?)
    /// The consent form for a login that passed the password check; `browserBinding` goes to the
    /// browser as a cookie, and the decision counts only from the browser that sends it back.
    case consent(ticket: String, appName: String, scopes: [String], username: String, browserBinding: String)
    /// Back to the app's callback, with a code, tokens or an error.
    case redirect(String)
    /// An error page: the request cannot be sent back to the app (an unknown client, a
    /// callback it did not register, an expired ticket).
    case error(code: String, description: String)
}

/// The ways a login page offers to log in.
package struct LoginMethods: Sendable, Equatable {
    /// The username and password form.
    package var password: Bool
    /// The Certificate-Based Login button.
    package var certificate: Bool
}
