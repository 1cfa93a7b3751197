/// The login page of the console and of the authorize endpoint: a username and password of the
/// org's users, as Salesforce's login page asks. Both post to a password check in the engine
/// (`Org.logIn` and the authorize flow share `OAuthService.authenticate`).
enum LoginPage {
    /// The console's login page, which returns to `startURL`.
    static func page(orgName: String, startURL: String, error: String?) -> HTML {
        let form = LoginPage.form(
            action: ConsolePaths.login, hiddenFields: [("startURL", startURL)], asksPassword: true, extraButtons: .empty)
        return ConsoleLayout.page(
            "Log In", user: nil, orgName: orgName,
            body: """
                <div class="card login"><h1>Log in to \(orgName)</h1>\(alert(error))
                \(form)
                <p class="muted">The default user's username and password are in the first line <code>forcekit serve</code> prints, \
                and in <code>localorg.json</code> in the org's data folder. <code>forcekit org open</code> opens this console signed in.</p></div>
                """)
    }

    /// The form both login pages show: hidden fields that carry the request along, the username
    /// and password when the page asks for them, and any other way to log in.
    static func form(action: String, hiddenFields: [(String, String)], asksPassword: Bool, extraButtons: HTML) -> HTML {
        let hidden = HTML(joining: hiddenFields.map { "<input type=\"hidden\" name=\"\($0.0)\" value=\"\($0.1)\">" }, separator: "\n")
        let password: HTML =
            asksPassword
            ? """
            <label for="username">Username</label><input type="text" id="username" name="username" autocomplete="username" required autofocus>
            <label for="password">Password</label><input type="password" id="password" name="password" autocomplete="current-password" required>
            <button class="primary" type="submit">Log In</button>
            """ : .empty
        return """
            <form method="post" action="\(action)">
            \(hidden)
            \(password)\(extraButtons)</form>
            """
    }

    /// A refused login's reason, read out by screen readers (and by `SimulatedBrowser`).
    static func alert(_ message: String?) -> HTML {
        message.map { "<p class=\"error\" role=\"alert\">\($0)</p>" } ?? .empty
    }
}
