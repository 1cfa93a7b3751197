import LocalOrgEngine

/// The HTML pages of the authorize endpoint: login, consent and errors, in the console's frame
/// and style sheet and built with its auto-escaping ``HTML``. Plain forms with no scripts, so a
/// browser, a web view or a test's HTTP client can drive them alike.
enum AuthorizationPages {
    /// The login form: username and password, a Certificate-Based Login button, or both (the
    /// button skips the form's checks, since a certificate login sends no password).
    static func login(
        parameters: [String: String], appName: String, error: String?, methods: LoginMethods, siteName: String?, action: String
    ) -> String {
        let name = siteName ?? "LocalOrg"
        let certificate: HTML =
            methods.certificate
            ? "<button type=\"submit\" name=\"login_method\" value=\"certificate\" formnovalidate>Certificate-Based Login</button>" : .empty
        let form = LoginPage.form(
            action: action, hiddenFields: parameters.sorted { $0.key < $1.key }.map { ($0.key, $0.value) },
            asksPassword: methods.password, extraButtons: certificate)
        return page(
            "Log In", orgName: name,
            body: """
                <div class="card login"><h1>Log in to \(name)</h1>
                <p>\(appName) is asking to connect.</p>\(LoginPage.alert(error))
                \(form)</div>
                """)
    }

    static func consent(ticket: String, appName: String, scopes: [String], username: String, action: String) -> String {
        let items = HTML(joining: scopes.map { "<li>\($0)</li>" })
        return page(
            "Allow Access", orgName: "LocalOrg",
            body: """
                <div class="card login"><h1>Allow access?</h1>
                <p><strong>\(appName)</strong> wants to use your LocalOrg account \(username) with these scopes:</p>
                <ul>\(items)</ul>
                <form method="post" action="\(action)">
                <input type="hidden" name="ticket" value="\(ticket)">
                <button class="primary" type="submit" name="decision" value="allow">Allow</button>
                <button type="submit" name="decision" value="deny">Deny</button>
                </form></div>
                """)
    }

    static func error(_ code: String, _ description: String) -> String {
        page(
            "Error", orgName: "LocalOrg",
            body: """
                <div class="card login"><h1>Cannot log in</h1>
                \(LoginPage.alert("error=\(code)"))
                <p>\(description)</p></div>
                """)
    }

    private static func page(_ title: String, orgName: String, body: HTML) -> String {
        ConsoleLayout.page(title, user: nil, orgName: orgName, body: body).markup
    }
}
