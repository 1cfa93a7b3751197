import ForceKitTestSupport
import ForceKitTesting
import Foundation
import LocalOrg
import LocalOrgEngine
import SalesforceAuth
import SalesforceCore
import Testing

@testable import ForceKitCLI

/// The README's first steps with LocalOrg: serve, `login --local`, `org display`, curl, with
/// nothing copied by hand.
@Suite("LocalOrg first steps: login --local, org display, HOME, port reuse")
struct LocalOrgFirstStepsTests {
    /// Records `org` as `forcekit serve` does, in `home`.
    func record(_ org: TestOrg, in home: URL) throws {
        try CLIEnvironment.$home.withValue(home) {
            try RunningLocalOrg(org.credentials, dataDirectory: nil).save()
        }
    }

    @Test("login --local needs no key, URL or password; org display prints what curl needs, as text, JSON and export lines")
    func localLoginAndDisplay() async throws {
        try await withLocalOrg(seed: true) { org throws in
            try await withTemporaryDirectory { home throws in
                try record(org, in: home)
                try await CLIEnvironment.$home.withValue(home) {
                    let login = await forcekit("login", "--local")
                    #expect(login.exitCode == 0, "\(login.error)")
                    #expect(login.output.contains("Logged in as \(org.credentials.username)"))
                    let json = try jsonObject(try #require(await forcekit("org", "display", "--json").outputLines.first))
                    #expect(json["instanceUrl"] as? String == org.credentials.instanceURL)
                    let token = try #require(json["accessToken"] as? String)
                    let reply = try await RawHTTPClient(baseURL: org.credentials.instanceURL).send(
                        "GET", "/services/data/\(APIVersion.current)/limits", headers: ["Authorization": "Bearer \(token)"])
                    #expect(reply.status == 200)
                    let shell = await forcekit("org", "display", "--shell")
                    #expect(shell.outputLines.contains("export FORCEKIT_INSTANCE_URL='\(org.credentials.instanceURL)'"))
                    #expect(shell.outputLines.contains { $0.hasPrefix("export FORCEKIT_ACCESS_TOKEN='") })
                    // With no --instance, a running LocalOrg is the one meant.
                    #expect(await forcekit("login").exitCode == 0)
                }
            }
        }
    }

    @Test("over TLS: login --local trusts the LocalOrg's CA, keeps it with the account, and query, api and org display work")
    func localLoginOverTLS() async throws {
        var configuration = LocalOrgConfiguration()
        configuration.tls = true
        try await withLocalOrg(seed: true, configuration: configuration) { org throws in
            let caFile = try #require(org.credentials.caFile)
            try await withTemporaryDirectory { home throws in
                try record(org, in: home)
                try await CLIEnvironment.$home.withValue(home) {
                    let login = await forcekit("login", "--local")
                    #expect(login.exitCode == 0, "\(login.error)")
                    #expect(org.credentials.instanceURL.hasPrefix("https://"))
                    let query = await forcekit("query", "SELECT Name FROM Account ORDER BY Name LIMIT 1")
                    #expect(query.exitCode == 0 && query.outputLines.first == "Name", "\(query.error)")
                    #expect(await forcekit("api", "GET", "limits").exitCode == 0)
                    let display = try jsonObject(try #require(await forcekit("org", "display", "--json").outputLines.first))
                    #expect(display["caFile"] as? String == caFile)
                }
            }
            // Without the CA, the same login fails and says what to pass.
            try await withTemporaryDirectory { home throws in
                await CLIEnvironment.$home.withValue(home) {
                    let untrusted = await CLIEnvironment.$variables.withValue([:]) {
                        await forcekit(
                            "login", "--instance", org.credentials.loginURL, "--username", org.credentials.username, "--password",
                            org.credentials.password)
                    }
                    #expect(untrusted.exitCode == 1 && untrusted.error.contains("--ca-file"), "\(untrusted.error)")
                    #expect(untrusted.error.contains("SSL_CERT_FILE"), "\(untrusted.error)")
                    let trusted = await forcekit(
                        "login", "--instance", org.credentials.loginURL, "--username", org.credentials.username, "--password",
                        org.credentials.password, "--ca-file", caFile)
                    #expect(trusted.exitCode == 0, "\(trusted.error)")
                }
            }
        }
    }

    @Test("commands running at once share one HTTPS client per CA file (a second one was dropped unclosed, a crash in debug)")
    func oneClientPerCAFile() async throws {
        var configuration = LocalOrgConfiguration()
        configuration.tls = true
        try await withLocalOrg(configuration: configuration) { org throws in
            let caFile = try #require(org.credentials.caFile)
            let clients = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
                for _ in 0..<256 { group.addTask { ObjectIdentifier(try TrustingTransport.trusting(caFile)) } }
                return try await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
            }
            #expect(clients.count == 1)
        }
    }

    @Test("over TLS: SSL_CERT_FILE is trusted as curl and OpenSSL trust it, for the login and the commands after it")
    func certificateFileFromTheEnvironment() async throws {
        var configuration = LocalOrgConfiguration()
        configuration.tls = true
        try await withLocalOrg(seed: true, configuration: configuration) { org throws in
            let caFile = try #require(org.credentials.caFile)
            try await withTemporaryDirectory { home throws in
                try await CLIEnvironment.$home.withValue(home) {
                    try await CLIEnvironment.$variables.withValue(["SSL_CERT_FILE": caFile]) {
                        let login = await forcekit(
                            "login", "--instance", org.credentials.loginURL, "--username", org.credentials.username, "--password",
                            org.credentials.password)
                        #expect(login.exitCode == 0, "\(login.error)")
                        let query = await forcekit("query", "SELECT Name FROM Account ORDER BY Name LIMIT 1")
                        #expect(query.exitCode == 0 && query.outputLines.first == "Name", "\(query.error)")
                        let display = try jsonObject(try #require(await forcekit("org", "display", "--json").outputLines.first))
                        #expect(display["caFile"] as? String == caFile)
                    }
                    // The CA came from the environment, so the account does not keep it: without the
                    // variable, its org is not trusted.
                    let query = await CLIEnvironment.$variables.withValue([:]) {
                        await forcekit("query", "SELECT Name FROM Account LIMIT 1")
                    }
                    #expect(query.exitCode == 1 && query.error.contains("SSL_CERT_FILE"), "\(query.error)")
                }
            }
        }
    }

    @Test("with no LocalOrg recorded, or one whose process is gone, login --local says to start one")
    func noLocalOrg() async throws {
        try await withTemporaryDirectory { home throws in
            try await CLIEnvironment.$home.withValue(home) {
                let none = await forcekit("login", "--local")
                #expect(none.exitCode == 1 && none.error.contains("no LocalOrg is running") && none.error.contains("forcekit serve"))
                var stale = RunningLocalOrg(
                    LocalOrgCredentials(
                        instanceURL: "http://127.0.0.1:9", loginURL: "http://127.0.0.1:9",
                        user: try UserIdentity(orgID: "00D000000000042", userID: "005000000000001"),
                        username: "u", password: "p", clientID: "c", redirectURI: "r", caFile: nil), dataDirectory: nil)
                stale.processID = Int32.max
                try stale.save()
                #expect(await forcekit("login", "--local").exitCode == 1)
                let elsewhere = await forcekit("login", "--local", "--instance", "http://x")
                #expect(
                    elsewhere.exitCode == 1 && elsewhere.error.contains("no LocalOrg runs at http://x (none runs)"), "\(elsewhere.error)")
                #expect(await forcekit("login", "--local", "--username", "u").exitCode == 64)
            }
        }
    }

    @Test(
        "two LocalOrgs side by side: each has its record, stopping one leaves the other's, and login --local picks the newest or the one named"
    )
    func twoLocalOrgs() async throws {
        try await withTemporaryDirectory { home throws in
            try await CLIEnvironment.$home.withValue(home) {
                try await withLocalOrg { first throws in
                    try await withLocalOrg { second throws in
                        let older = RunningLocalOrg(first.credentials, dataDirectory: nil, startedAt: Date(timeIntervalSinceNow: -60))
                        let newer = RunningLocalOrg(second.credentials, dataDirectory: nil)
                        try older.save()
                        try newer.save()
                        #expect(
                            RunningLocalOrg.all().map(\.instanceURL) == [second.credentials.instanceURL, first.credentials.instanceURL])
                        let newest = await forcekit("login", "--local")
                        #expect(newest.exitCode == 0 && newest.output.contains(second.credentials.instanceURL), "\(newest.error)")
                        #expect(newest.error.contains("2 LocalOrgs run") && newest.error.contains("--local --instance URL"))
                        let named = await forcekit("login", "--local", "--instance", first.credentials.instanceURL + "/")
                        #expect(named.exitCode == 0 && named.output.contains(first.credentials.instanceURL), "\(named.error)")
                        // The newer one stops: the older one's record stays, and login --local finds it.
                        newer.remove()
                        #expect(RunningLocalOrg.current() == older)
                        let after = await forcekit("login", "--local")
                        #expect(
                            after.exitCode == 0 && after.output.contains(first.credentials.instanceURL)
                                && !after.error.contains("LocalOrgs run"))
                    }
                }
            }
        }
    }

    @Test("https to a plain-HTTP org, or http to a TLS one, says which side speaks what and the URL to use, without a raw TLS error")
    func schemeMismatch() async throws {
        try await withTemporaryDirectory { home throws in
            try await CLIEnvironment.$home.withValue(home) {
                try await withLocalOrg { plain throws in
                    let address = plain.credentials.instanceURL.dropFirst("http://".count)
                    let login = await forcekit(
                        "login", "--instance", "https://\(address)", "--username", plain.credentials.username, "--password", "x")
                    #expect(login.exitCode == 1)
                    #expect(login.error.contains("speaks plain HTTP, not HTTPS (a LocalOrg started without --tls): use http://\(address)."))
                    #expect(!login.error.contains("BoringSSL") && !login.error.contains(".build"), "\(login.error)")
                }
                var tls = LocalOrgConfiguration()
                tls.tls = true
                try await withLocalOrg(configuration: tls) { secure throws in
                    let address = secure.credentials.instanceURL.dropFirst("https://".count)
                    let login = await forcekit(
                        "login", "--instance", "http://\(address)", "--username", secure.credentials.username, "--password", "x")
                    #expect(login.exitCode == 1)
                    #expect(
                        login.error.contains("if it speaks HTTPS (a LocalOrg started with --tls), use https://\(address)"), "\(login.error)"
                    )
                }
            }
        }
    }

    @Test("login --local gets a refresh token, so commands outlive the access token; a password login's expired token is said, not printed")
    func tokensOutliveTheirLifetime() async throws {
        try await withLocalOrg(seed: true, tokenLifetime: 60) { org throws in
            try await withTemporaryDirectory { home throws in
                try record(org, in: home)
                try await CLIEnvironment.$home.withValue(home) {
                    #expect(await forcekit("login", "--local").exitCode == 0)
                    let account = try jsonObject(try #require(await forcekit("accounts", "--json").outputLines.first))
                    #expect(account["canRefresh"] as? Bool == true)
                    org.clock.advance(by: 120)
                    let query = await forcekit("query", "SELECT COUNT() FROM Account")
                    #expect(query.exitCode == 0, "\(query.error)")

                    #expect(
                        await forcekit(
                            "login", "--instance", org.credentials.loginURL, "--username", org.credentials.username, "--password",
                            org.credentials.password
                        ).exitCode == 0)
                    #expect(await forcekit("org", "display").exitCode == 0)
                    org.clock.advance(by: 120)
                    let expired = await forcekit("org", "display")
                    #expect(expired.exitCode == 1 && expired.output.isEmpty)
                    #expect(expired.error.contains("has expired, and the account cannot refresh it"), "\(expired.error)")
                }
            }
        }
    }

    @Test("a saved login to a server that stopped says the server is not running there; api errors go to standard error")
    func stoppedServer() async throws {
        try await withTemporaryDirectory { home throws in
            try await CLIEnvironment.$home.withValue(home) {
                try await withLocalOrg { org throws in
                    try record(org, in: home)
                    #expect(await forcekit("login", "--local").exitCode == 0)
                    let missing = await forcekit("api", "GET", "sobjects/Account/001000000000000AAA")
                    #expect(missing.exitCode == 1 && missing.output.isEmpty && missing.error.contains("NOT_FOUND"))
                }
                let query = await forcekit("query", "SELECT Name FROM Account")
                #expect(query.exitCode == 1 && query.error.contains("the server is not running there"), "\(query.error)")
            }
        }
    }

    @Test("the state folder follows FORCEKIT_HOME, then HOME")
    func homeFolder() {
        #expect(ForceKitHome.directory(environment: ["FORCEKIT_HOME": "/a/fk", "HOME": "/b"]).path == "/a/fk")
        #expect(ForceKitHome.directory(environment: ["HOME": "/b"]).path == "/b/.forcekit")
        #expect(ForceKitHome.directory(environment: ["FORCEKIT_HOME": "", "HOME": "/c"]).path == "/c/.forcekit")
    }

    @Test("serve --data restarts on its last port when it is free, on another when it is taken, and never twice on one folder")
    func portReuse() async throws {
        try await withTemporaryDirectory { data throws in
            var configuration = LocalOrgConfiguration()
            configuration.seedsSampleData = false
            configuration.dataDirectory = data
            let first = try await ServeCommand.start(configuration, reusingPortOf: data)
            let port = try #require(URLComponents(string: first.credentials.instanceURL)?.port)
            await first.stop()
            let second = try await ServeCommand.start(configuration, reusingPortOf: data)
            #expect(URLComponents(string: second.credentials.instanceURL)?.port == port)
            // While it runs, a second server on the same folder is refused with its URL.
            await #expect(throws: LocalOrgError.dataDirectoryInUse(path: data.path, instanceURL: second.credentials.instanceURL)) {
                try await ServeCommand.start(configuration, reusingPortOf: data)
            }
            await second.stop()
            // Another program holds the port: the next start takes another.
            var squatter = LocalOrgConfiguration()
            squatter.seedsSampleData = false
            squatter.port = port
            try await LocalOrgServer.withRunning(squatter) { _ in
                let third = try await ServeCommand.start(configuration, reusingPortOf: data)
                #expect(URLComponents(string: third.credentials.instanceURL)?.port != port)
                await third.stop()
            }
        }
    }
}
