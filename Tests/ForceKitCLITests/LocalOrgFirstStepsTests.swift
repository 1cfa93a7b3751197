import ForceKitTestSupport
import ForceKitTesting
import Foundation
import LocalOrg
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
                    let reply = try await LoopbackHTTPClient(baseURL: org.credentials.instanceURL).send(
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
                #expect(await forcekit("login", "--local", "--instance", "http://x").exitCode == 64)
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

    @Test("serve --data restarts on its last port when it is free, and on another when it is taken")
    func portReuse() async throws {
        try await withTemporaryDirectory { data throws in
            var configuration = LocalOrgConfiguration()
            configuration.seedsSampleData = false
            configuration.dataDirectory = data
            let first = try await ServeCommand.start(configuration, reusingPortOf: data)
            let port = URLComponents(string: first.credentials.instanceURL)?.port
            await first.stop()
            let second = try await ServeCommand.start(configuration, reusingPortOf: data)
            #expect(URLComponents(string: second.credentials.instanceURL)?.port == port)
            // While it runs, a third one cannot have that port: it takes another.
            let third = try await ServeCommand.start(configuration, reusingPortOf: data)
            #expect(URLComponents(string: third.credentials.instanceURL)?.port != port)
            await third.stop()
            await second.stop()
        }
    }
}
