import ForceKitCLI
import ForceKitTestSupport
import ForceKitTesting
import Foundation
import LocalOrg
import SalesforceAuth
import SalesforceCore
import Testing

@Suite("login, accounts, api, query and logout against LocalOrg")
struct AccountCommandTests {
    @Test("Password login, then api and query as that account, then logout")
    func passwordLogin() async throws {
        try await withLocalOrg(seed: true) { org throws in
            try await withTemporaryDirectory { home throws in
                try await CLIEnvironment.$home.withValue(home) {
                    let login = await forcekit(
                        "login", "--instance", org.credentials.loginURL, "--client-id", org.credentials.clientID,
                        "--username", org.credentials.username, "--password", org.credentials.password)
                    #expect(login.exitCode == 0, "\(login.error)")
                    #expect(login.output.hasPrefix("Logged in as \(org.credentials.username) (org \(org.credentials.user.orgID))"))

                    let accounts = await forcekit("accounts", "--json")
                    let listed = try jsonObject(accounts.outputLines[0])
                    #expect(listed["username"] as? String == org.credentials.username && listed["current"] as? Bool == true)
                    #expect(listed["canRefresh"] as? Bool == false)

                    let created = await forcekit("api", "POST", "sobjects/Account", "--data", #"{"Name": "CLI Co", "Industry": "Energy"}"#)
                    #expect(created.exitCode == 0 && created.output.contains("\"success\": true"))
                    let named = await forcekit(
                        "api", "GET", "query?q=SELECT%20Name%20FROM%20Account%20WHERE%20Industry%20=%20'Energy'%20LIMIT%201")
                    #expect(named.exitCode == 0 && named.output.contains("\"totalSize\": 1"), "\(named.error)")
                    let limits = await forcekit("api", "GET", "/services/data/v62.0/limits")
                    #expect(limits.output.contains("DailyApiRequests"))
                    let bad = await forcekit("api", "POST", "sobjects/Account", "--data", "{}")
                    #expect(bad.exitCode == 1 && bad.error.contains("REQUIRED_FIELD_MISSING"))

                    let table = await forcekit("query", "SELECT Name, Industry FROM Account WHERE Name = 'CLI Co'")
                    #expect(table.outputLines == ["Name    Industry", "------  --------", "CLI Co  Energy", "1 record"])
                    let json = await forcekit("query", "SELECT Name FROM Contact", "--json")
                    #expect(json.outputLines.count == 755)
                    #expect(try jsonObject(json.outputLines[0])["attributes"] == nil)
                    #expect(json.error.isEmpty)
                    let paged = await forcekit("query", "SELECT Name FROM Contact", "--batch-size", "300")
                    #expect(paged.outputLines.count == 758)
                    #expect(
                        paged.error
                            == "fetched page 1 (300 of 755 records)\nfetched page 2 (600 of 755 records)\nfetched page 3 (755 of 755 records)\n"
                    )

                    let logout = await forcekit("logout")
                    #expect(logout.output == "Logged out \(org.credentials.username), with their stores, keys, sync states and events.\n")
                    let after = await forcekit("query", "SELECT Id FROM Account")
                    #expect(after.exitCode == 1 && after.error.contains("forcekit login"))
                }
            }
        }
    }

    @Test("Browser login: the loopback listener receives the redirect and the account can refresh")
    func browserLogin() async throws {
        try await withLocalOrg { org throws in
            try await withTemporaryDirectory { home throws in
                let driver = SimulatedBrowser(username: org.credentials.username, password: org.credentials.password)
                let open: @Sendable (URL) async -> Void = { url in
                    // The browser: log in at the pages, then follow the redirect to the listener.
                    guard let callback = try? await driver.approve(authorizeURL: url) else { return }
                    _ = try? await RawHTTPClient(baseURL: "").send("GET", callback)
                }
                try await CLIEnvironment.$home.withValue(home) {
                    try await CLIEnvironment.$openBrowser.withValue(open) {
                        let login = await forcekit(
                            "login", "--browser", "--instance", org.credentials.loginURL, "--client-id", org.credentials.clientID,
                            "--redirect-uri", "http://127.0.0.1:0/oauth/callback", "--json")
                        #expect(login.exitCode == 0, "\(login.error)")
                        #expect(!login.error.contains("note: no LocalOrg runs"), "\(login.error)")
                        // Without --client-id, the login says first what a real org needs.
                        let sample = await forcekit(
                            "login", "--browser", "--instance", org.credentials.loginURL, "--redirect-uri",
                            "http://127.0.0.1:0/oauth/callback")
                        #expect(sample.error.hasPrefix("note: no LocalOrg runs and no --client-id was given"), "\(sample.error)")
                        #expect(sample.error.contains("--client-id KEY (or FORCEKIT_CLIENT_ID)"))
                        let account = try jsonObject(login.outputLines.last ?? "")
                        #expect(account["canRefresh"] as? Bool == true)
                        org.clock.advance(by: 7200)
                        let limits = await forcekit("api", "GET", "limits")
                        #expect(limits.exitCode == 0, "\(limits.error)")
                    }
                }
            }
        }
    }

    @Test("The README's LocalOrg login needs no consumer key: LocalOrg knows the Mobile SDK's sample app")
    func loginWithoutClientID() async throws {
        try await withLocalOrg { org throws in
            try await withTemporaryDirectory { home throws in
                try await CLIEnvironment.$home.withValue(home) { () async throws in
                    let login = await forcekit(
                        "login", "--instance", org.credentials.loginURL, "--username", org.credentials.username,
                        "--password", org.credentials.password, "--json")
                    #expect(login.exitCode == 0, "\(login.error)")
                    #expect(try jsonObject(login.outputLines.last ?? "")["username"] as? String == org.credentials.username)
                    let limits = await forcekit("api", "GET", "limits")
                    #expect(limits.exitCode == 0 && limits.output.contains("DailyApiRequests"), "\(limits.error)")
                }
            }
        }
    }

    @Test("An expired password-flow session keeps its account and says to log in again")
    func expiredPasswordSession() async throws {
        try await withLocalOrg(tokenLifetime: 60) { org throws in
            try await withTemporaryDirectory { home throws in
                try await CLIEnvironment.$home.withValue(home) {
                    let login = await forcekit(
                        "login", "--instance", org.credentials.loginURL, "--username", org.credentials.username,
                        "--password", org.credentials.password)
                    #expect(login.exitCode == 0, "\(login.error)")
                    org.clock.advance(by: 120)
                    let expired = await forcekit("query", "SELECT Id FROM Account")
                    #expect(expired.exitCode == 1)
                    #expect(expired.error.contains("The session expired") && expired.error.contains("Log in again"), "\(expired.error)")
                    #expect(!expired.error.contains("no account"))
                    let accounts = await forcekit("accounts", "--json")
                    let listed = try jsonObject(accounts.outputLines.first ?? "")
                    #expect(listed["username"] as? String == org.credentials.username && listed["current"] as? Bool == true)
                    let again = await forcekit(
                        "login", "--instance", org.credentials.loginURL, "--username", org.credentials.username,
                        "--password", org.credentials.password)
                    #expect(again.exitCode == 0)
                    #expect(await forcekit("query", "SELECT Id FROM Account").exitCode == 0)
                    #expect(await forcekit("accounts", "--json").outputLines.count == 1)
                }
            }
        }
    }

    @Test("Usage errors: an empty client id, half a password pair, an unknown --user")
    func usageErrors() async throws {
        try await withTemporaryDirectory { home throws in
            await CLIEnvironment.$home.withValue(home) {
                let emptyKey = await forcekit("login", "--username", "a", "--password", "b", "--client-id", "")
                #expect(emptyKey.exitCode == 64 && emptyKey.error.contains("--client-id needs a consumer key"))
                let half = await forcekit("login", "--username", "a", "--client-id", "k")
                #expect(half.exitCode == 64 && half.error.contains("--username and --password go together"))
                let unknown = await forcekit("api", "GET", "limits", "--user", "nobody@example.com")
                #expect(unknown.exitCode == 1 && unknown.error.contains("no signed-in account matches"))
                let empty = await forcekit("accounts")
                #expect(empty.output == "No accounts. Log in with forcekit login.\n")
            }
        }
    }
}
