import ForceKitTestSupport
import ForceKitTesting
import Foundation
import LocalOrg
import SalesforceCore
import Testing

@testable import ForceKitCLI

#if canImport(Glibc)
    import Glibc
#endif

/// One mistake, one answer: the same exit status and prefix in every command, the usage line of
/// the command that was meant, and the usual failures (a busy port, an untrusted certificate, a
/// host or site that is not there) in one sentence that says what to do, with no library's names.
@Suite("The CLI's errors speak with one voice")
struct OneVoiceTests {
    /// What a library's own text looks like when it leaks into a message.
    static let leaks = ["NIO", "BoringSSL", "SocketAddressError", "errno", ".build/", "bind(", "Error(", "error:1"]

    static func expectPlain(_ result: CommandResult) {
        for leak in leaks { #expect(!result.error.contains(leak), "\(leak) in: \(result.error)") }
        #expect(result.error.hasPrefix("Error: "), "\(result.error)")
    }

    @Test("a file or folder that is not there is a usage error (64) in every command, named with its option, before any login")
    func missingFiles() async throws {
        try await withTemporaryDirectory { home in
            let missing = home.appendingPathComponent("missing").path
            let store = home.appendingPathComponent("store.sqlite").path
            let commands: [[String]] = [
                ["store", "query", "X", "--path", missing + ".sqlite"],
                ["store", "upsert", "X", missing + ".json", "--path", store],
                ["link", "route", "--config", missing + ".json", "https://example.com/x"],
                ["link", "route", "--config", ExampleFiles.deepLinkConfig, "--links", missing + ".txt"],
                ["sync", "config", missing + ".json", "--path", store],
                ["sync", "down", "accounts", "--path", store, "--parent-children", missing + ".json"],
                ["sync", "resync", "big", "--path", missing + ".sqlite"],
                ["sync", "clean-ghosts", "big", "--path", missing + ".sqlite"],
                ["login", "--local", "--ca-file", missing + ".pem"],
                ["login", "--cert", missing + ".pem"],
                ["data", "import", "tree", "--plan", missing + ".json"],
                ["data", "import", "tree", "--files", missing + ".json"],
                ["data", "import", "csv", "Account", missing + ".csv"],
                ["doctor", "--app", missing],
                ["serve", "--schema", missing + ".json"],
                ["serve", "--apex-routes", missing + ".json"],
                ["serve", "--client-ca", missing + ".pem"],
                ["hybrid", "serve", missing],
                ["bridge", "--app", missing],
                ["create", "Demo", "--forcekit-path", missing, "--output", home.path],
                ["api", "POST", "sobjects/Account", "--data", "@" + missing + ".json"],
            ]
            await CLIEnvironment.$home.withValue(home) {
                for command in commands {
                    let result = await forcekit(command)
                    #expect(result.exitCode == 64, "\(command): \(result.exitCode) \(result.error)")
                    #expect(result.error.contains(missing), "\(command): \(result.error)")
                    Self.expectPlain(result)
                }
            }
            // Nothing was made where the missing paths point.
            let made = (try? FileManager.default.contentsOfDirectory(atPath: home.path)) ?? []
            #expect(made.allSatisfy { !$0.hasPrefix("missing") }, "\(made)")
        }
    }

    @Test("the work's failures and ArgumentParser's usage errors share the prefix Error:")
    func onePrefix() async throws {
        try await withTemporaryDirectory { home in
            await CLIEnvironment.$home.withValue(home) {
                let store = home.appendingPathComponent("store.sqlite").path
                #expect(await forcekit("store", "register", "accounts", "--index", "Name:string", "--path", store).exitCode == 0)
                let failures = [
                    await forcekit("store", "query", "Nope", "--path", store),
                    await forcekit("query", "SELECT Id FROM Account"),
                    await forcekit("org", "display", "-o", "nobody"),
                    await forcekit("data", "update", "Account", "Industry=Retail"),
                ]
                for result in failures {
                    #expect(result.exitCode != 0)
                    Self.expectPlain(result)
                    #expect(!result.error.contains("error: "), "\(result.error)")
                }
            }
        }
    }

    @Test("an unknown subcommand of a group shows that group's usage line, not the tool's")
    func nestedUsage() async {
        let misspelled = await forcekit("org", "dispaly")
        #expect(misspelled.exitCode == 64)
        #expect(misspelled.error.contains("Did you mean 'display'?"), "\(misspelled.error)")
        #expect(misspelled.error.contains("Usage: forcekit org <subcommand>"), "\(misspelled.error)")
        #expect(misspelled.error.contains("See 'forcekit help org'"), "\(misspelled.error)")
        let deeper = await forcekit("sync", "bogus")
        #expect(deeper.error.contains("Usage: forcekit sync <subcommand>"), "\(deeper.error)")
        let top = await forcekit("qurey")
        #expect(top.error.contains("Usage: forcekit <subcommand>"), "\(top.error)")
    }

    @Test("a busy port is one sentence: which port, and the flag that picks another")
    func busyPort() async throws {
        let (socketDescriptor, port) = try Self.listeningSocket()
        defer { close(socketDescriptor) }
        try await withTemporaryDirectory { home in
            await CLIEnvironment.$home.withValue(home) {
                let serve = await forcekit("serve", "--port", String(port))
                #expect(serve.exitCode == 1)
                #expect(serve.error.contains("port \(port) on 127.0.0.1 is in use by another program"), "\(serve.error)")
                #expect(serve.error.contains("--port"))
                Self.expectPlain(serve)
            }
        }
    }

    @Test("an untrusted certificate, a host that does not exist and a site that does not exist say what to do")
    func unreachableOrgs() async throws {
        var configuration = LocalOrgConfiguration()
        configuration.tls = true
        try await withLocalOrg(seed: false, configuration: configuration) { org throws in
            try await withTemporaryDirectory { home throws in
                try await CLIEnvironment.$home.withValue(home) {
                    let credentials = org.credentials
                    let untrusted = await CLIEnvironment.$variables.withValue([:]) {
                        await forcekit(
                            "login", "--instance", credentials.loginURL, "--username", credentials.username, "--password",
                            credentials.password)
                    }
                    #expect(untrusted.exitCode == 1)
                    #expect(
                        untrusted.error.contains("certificate is not trusted") && untrusted.error.contains("--ca-file"),
                        "\(untrusted.error)")
                    Self.expectPlain(untrusted)

                    // .invalid never resolves (RFC 2606), with or without a network.
                    let nowhere = await forcekit("login", "--instance", "https://no-such-org.invalid", "--username", "u", "--password", "p")
                    #expect(nowhere.exitCode == 1)
                    #expect(nowhere.error.contains("No host named no-such-org.invalid could be found"), "\(nowhere.error)")
                    Self.expectPlain(nowhere)

                    try RunningLocalOrg(credentials, dataDirectory: nil).save()
                    let noSite = await forcekit(
                        "login", "--local", "--community", "nosuchsite", "--ca-file", try #require(credentials.caFile))
                    #expect(noSite.exitCode == 1)
                    #expect(noSite.error.contains("there is no site at \(credentials.instanceURL)/nosuchsite"), "\(noSite.error)")
                    #expect(noSite.error.contains("--community"))
                    Self.expectPlain(noSite)
                }
            }
        }
    }

    @Test("a managed configuration file with a value of the wrong type is refused naming the key")
    func malformedManagedConfiguration() async throws {
        try await withTemporaryDirectory { folder in
            try Data(#"{"remoteAccessConsumerKey": "key", "oauthRedirectURI": "app:///done", "oauthScopes": ["api"]}"#.utf8)
                .write(to: folder.appendingPathComponent("bootconfig.json"))
            let managed = folder.appendingPathComponent("managed.json")
            try Data(#"{"AppServiceHosts": ["acme.my.salesforce.com"], "OnlyShowAuthorizedHosts": "sometimes"}"#.utf8).write(to: managed)
            let doctor = await forcekit("doctor", "--app", folder.path, "--managed", managed.path)
            #expect(doctor.exitCode == 1)
            #expect(doctor.error.contains("OnlyShowAuthorizedHosts must be true or false"), "\(doctor.error)")
            Self.expectPlain(doctor)
        }
    }

    /// A socket listening on a free loopback port, as another program holds one.
    static func listeningSocket() throws -> (Int32, Int) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard bound == 0, listen(descriptor, 1) == 0 else {
            close(descriptor)
            throw CLIInputError("could not listen on loopback")
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
    }
}
