import Hummingbird
import LocalOrgEngine
import SalesforceCore

/// The home page: what this org is and how to reach it: its ids and URLs, its users and how they
/// log in, its connected apps, and its objects with their record counts.
struct HomePage {
    let api: ConsoleAPI
    let caFile: String?

    func page() async throws -> Response {
        let org = api.org
        let settings = org.settings
        let facts: [(String, HTML)] = [
            ("Organization ID", "<span class=\"mono\">\(settings.organizationID)</span>"),
            ("Instance and login URL", "<span class=\"mono\">\(org.baseURL)</span>"),
            ("REST API", "<span class=\"mono\">\(org.baseURL)/services/data/\(APIVersion.current.description)</span>"),
            (
                "CA file",
                caFile.map { "<span class=\"mono\">\($0)</span> (trust it to call this org over HTTPS)" }
                    ?? "None: this org is served over plain HTTP (<code>forcekit serve --tls</code> serves HTTPS)"
            ),
            ("From the CLI", "<code>forcekit login --local</code>, then <code>forcekit org display</code>"),
        ]
        let users = try await api.query("SELECT Id, Name, Username, Profile.Name, IsActive FROM User ORDER BY CreatedDate").records
        let userRows: [[HTML]] = users.map { user in
            let username = user["Username"]?.stringValue ?? ""
            let credential: HTML =
                username == settings.username
                ? (api.user.isAdministrator
                    ? "password <span class=\"mono\">\(settings.password)</span>" : "password in <code>localorg.json</code>")
                : "set by an administrator"
            return [
                HTML.link(user["Name"]?.stringValue ?? username, to: ConsolePaths.record("User", user["Id"]?.stringValue ?? "")),
                "<span class=\"mono\">\(username)</span>", "\(user["Profile"]?["Name"]?.stringValue)",
                user["IsActive"]?.boolValue == true ? "Active" : "Inactive", credential,
            ]
        }
        let appRows: [[HTML]] = settings.connectedApps.map { app in
            [
                "\(app.name)", "<span class=\"mono\">\(app.consumerKey)</span>",
                HTML(joining: app.callbackURLs.map { "<span class=\"mono\">\($0)</span>" as HTML }, separator: "<br>"),
                "\(app.scopes.joined(separator: " "))",
                app.consumerSecret == nil
                    ? "none (a mobile app)"
                    : (api.user.isAdministrator ? "<span class=\"mono\">\(app.consumerSecret)</span>" : "hidden: administrators see it"),
            ]
        }
        var objectRows: [[HTML]] = []
        for object in api.objects() {
            guard let count = try? await api.query(ConsoleQueries.count(of: object.name)).totalSize else { continue }
            objectRows.append([
                HTML.link(object.labelPlural, to: ConsolePaths.list(object.name)), "<code>\(object.name)</code>", "\(count)",
            ])
        }
        let body: HTML = """
            <h1>\(settings.organizationName)</h1>
            <div class="card"><dl>\(facts.map { "<dt>\($0.0)</dt><dd>\($0.1)</dd>" as HTML })</dl></div>
            <h2>Users</h2>\(HTML.table(headers: ["Name", "Username", "Profile", "Status", "Credentials"], rows: userRows))
            <h2>Connected apps</h2>\(HTML.table(headers: ["Name", "Consumer key", "Callback URLs", "Scopes", "Consumer secret"], rows: appRows))
            <h2>Objects</h2>\(HTML.table(headers: ["Object", "API name", "Records"], rows: objectRows))
            """
        return ConsoleLayout.response(ConsoleLayout.page("Home", user: api.user, orgName: settings.organizationName, body: body))
    }
}
