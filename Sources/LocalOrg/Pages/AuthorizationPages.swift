import LocalOrgEngine

/// The HTML pages of the authorize endpoint: login, consent and errors. Plain forms with no
/// scripts, so a browser, a web view or a test's HTTP client can drive them alike.
enum AuthorizationPages {
    private static func page(title: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(MarkupEscaping.escaped(title)) | LocalOrg</title>
        <style>body{font-family:system-ui,sans-serif;background:#f3f3f3;margin:0}main{max-width:22rem;margin:4rem auto;background:#fff;padding:2rem;border-radius:.5rem;box-shadow:0 1px 4px #0002}
        h1{font-size:1.25rem}label{display:block;margin:.75rem 0 .25rem}input[type=text],input[type=password]{width:100%;padding:.5rem;box-sizing:border-box}
        button{margin-top:1rem;padding:.5rem 1rem;margin-right:.5rem}.error{color:#b00}</style></head>
        <body><main>\(body)</main></body></html>
        """
    }

    private static func hiddenFields(_ fields: [String: String]) -> String {
        fields.sorted { $0.key < $1.key }
            .map { "<input type=\"hidden\" name=\"\(MarkupEscaping.escaped($0.key))\" value=\"\(MarkupEscaping.escaped($0.value))\">" }
            .joined(separator: "\n")
    }

    /// The login form: username and password, a Certificate-Based Login button, or both (the
    /// button skips the form's checks, since a certificate login sends no password).
    static func login(
        parameters: [String: String], appName: String, error: String?, methods: LoginMethods, siteName: String?, action: String
    ) -> String {
        let password = """
            <label for="username">Username</label><input type="text" id="username" name="username" autocomplete="username" required>
            <label for="password">Password</label><input type="password" id="password" name="password" autocomplete="current-password" required>
            <button type="submit">Log In</button>
            """
        let certificate = """
            <button type="submit" name="login_method" value="certificate" formnovalidate>Certificate-Based Login</button>
            """
        return page(
            title: "Log In",
            body: """
                <h1>Log in to \(MarkupEscaping.escaped(siteName ?? "LocalOrg"))</h1>
                <p>\(MarkupEscaping.escaped(appName)) is asking to connect.</p>
                \(error.map { "<p class=\"error\" role=\"alert\">\(MarkupEscaping.escaped($0))</p>" } ?? "")
                <form method="post" action="\(MarkupEscaping.escaped(action))">
                \(hiddenFields(parameters))
                \(methods.password ? password : "")
                \(methods.certificate ? certificate : "")
                </form>
                """)
    }

    static func consent(ticket: String, appName: String, scopes: [String], username: String, action: String) -> String {
        let items = scopes.map { "<li>\(MarkupEscaping.escaped($0))</li>" }.joined()
        return page(
            title: "Allow Access",
            body: """
                <h1>Allow access?</h1>
                <p><strong>\(MarkupEscaping.escaped(appName))</strong> wants to use your LocalOrg account \(MarkupEscaping.escaped(username)) with these scopes:</p>
                <ul>\(items)</ul>
                <form method="post" action="\(MarkupEscaping.escaped(action))">
                <input type="hidden" name="ticket" value="\(MarkupEscaping.escaped(ticket))">
                <button type="submit" name="decision" value="allow">Allow</button>
                <button type="submit" name="decision" value="deny">Deny</button>
                </form>
                """)
    }

    static func error(_ code: String, _ description: String) -> String {
        page(
            title: "Error",
            body: """
                <h1>Cannot log in</h1>
                <p class="error" role="alert">error=\(MarkupEscaping.escaped(code))</p>
                <p>\(MarkupEscaping.escaped(description))</p>
                """)
    }
}
