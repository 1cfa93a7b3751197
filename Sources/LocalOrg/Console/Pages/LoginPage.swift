/// The console's login page: a username and password of the org's users, as Salesforce's
/// login page asks.
enum LoginPage {
    static func page(orgName: String, startURL: String, error: String?) -> HTML {
        let message: HTML = error.map { "<p class=\"error\" role=\"alert\">\($0)</p>" } ?? .empty
        return ConsoleLayout.page(
            "Log In", user: nil, orgName: orgName,
            body: """
                <div class="card login"><h1>Log in to \(orgName)</h1>\(message)
                <form method="post" action="\(ConsolePaths.login)">
                <input type="hidden" name="startURL" value="\(startURL)">
                <label for="username">Username</label><input type="text" id="username" name="username" autocomplete="username" required autofocus>
                <label for="password">Password</label><input type="password" id="password" name="password" autocomplete="current-password" required>
                <button class="primary" type="submit">Log In</button></form>
                <p class="muted">The default user's username and password are in the first line <code>forcekit serve</code> prints, \
                and in <code>localorg.json</code> in the org's data folder. <code>forcekit org open</code> opens this console signed in.</p></div>
                """)
    }
}
