import ForceKitTestSupport
import ForceKitTesting
import Foundation
import LocalOrg
import SalesforceApp
import SalesforceCore
import SmartStore
import Testing

@testable import ForceKitCLI

@Suite("forcekit doctor")
struct DoctorCommandTests {
    @Test("prints an app's developer support info as text and JSON; a folder that is not there is a usage error that writes nothing")
    func doctor() async throws {
        try await withLocalOrg(seed: true) { org in
            try await withTemporaryDirectory { folder in
                let config = folder.appendingPathComponent("config")
                try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
                let boot = """
                    {"remoteAccessConsumerKey": "\(org.credentials.clientID)", "oauthRedirectURI": "\(org.credentials.redirectURI)",
                     "oauthScopes": ["api", "web"]}
                    """
                try Data(boot.utf8).write(to: config.appendingPathComponent("bootconfig.json"))
                let appData = folder.appendingPathComponent("app")
                let app = try await SalesforceApp(configuration: try AppConfiguration(contentsOf: config), directory: appData)
                try await app.logIn(at: org.loginHost, using: org.browser)

                let json = await forcekit("doctor", "--app", appData.path, "--config", config.path, "--json")
                #expect(json.exitCode == 0, "\(json.error)")
                let object = try jsonObject(try #require(json.outputLines.first))
                #expect(object["Current User"] as? String == org.credentials.username)
                #expect(object["SDK Version"] as? String == ForceKitVersion.current)

                let text = await forcekit("doctor", "--app", appData.path, "--config", config.path)
                #expect(text.exitCode == 0 && text.outputLines.first?.hasPrefix("SDK Version") == true, "\(text.error)")
                #expect(text.outputLines.contains { $0.hasPrefix("Managed ") && $0.hasSuffix(" NO") }, "\(text.output)")

                // A managed configuration (MDM) file: Managed YES, and each key with its value.
                let mdm = folder.appendingPathComponent("mdm.json")
                try Data(#"{"AppServiceHosts": ["acme.my.salesforce.com"], "RequireCertAuth": true}"#.utf8).write(to: mdm)
                let managed = await forcekit("doctor", "--app", appData.path, "--config", config.path, "--managed", mdm.path, "--json")
                #expect(managed.exitCode == 0, "\(managed.error)")
                let managedInfo = try jsonObject(try #require(managed.outputLines.first))
                #expect(managedInfo["Managed"] as? String == "YES" && managedInfo["Managed - RequireCertAuth"] as? String == "true")
                #expect(managedInfo["Managed - AppServiceHosts"] as? String == #"["acme.my.salesforce.com"]"#)
                #expect(managedInfo["Login Host"] as? String == "acme.my.salesforce.com")
                try Data("not json".utf8).write(to: mdm)
                let bad = await forcekit("doctor", "--app", appData.path, "--config", config.path, "--managed", mdm.path)
                #expect(bad.exitCode == 1 && bad.error.contains("The managed configuration \(mdm.path) cannot be used"), "\(bad.error)")

                let missing = folder.appendingPathComponent("nowhere")
                let refused = await forcekit("doctor", "--app", missing.path, "--config", config.path)
                #expect(refused.exitCode == 64 && refused.error.contains("--app \(missing.path) cannot be used: there is no such folder"))
                #expect(!FileManager.default.fileExists(atPath: missing.path))
            }
        }
    }

    @Test("with no --app, reports the CLI's own home: its accounts, LocalOrg and stores (a LocalOrg's data folder is not a store)")
    func cliHome() async throws {
        try await withLoggedInHome { org, home in
            let db = home.appendingPathComponent("stores/app.sqlite").path
            #expect(await forcekit("store", "register", "accounts", "--path", db, "--index", "Name:string").exitCode == 0)
            let orgData = home.appendingPathComponent("org")
            try FileManager.default.createDirectory(at: orgData, withIntermediateDirectories: true)
            try Data("{}".utf8).write(to: orgData.appendingPathComponent("localorg.json"))
            _ = try await SmartStore(url: orgData.appendingPathComponent("org.sqlite"), encryption: .plaintext)

            let json = await forcekit("doctor", "--json")
            #expect(json.exitCode == 0, "\(json.error)")
            let object = try jsonObject(try #require(json.outputLines.first))
            #expect(object["Home"] as? String == home.path)
            #expect((object["Current User"] as? String)?.hasPrefix(org.credentials.username) == true)
            #expect(object["Stores"] as? String == "stores/app.sqlite")
            #expect(object["LocalOrg"] != nil && object["SDK Version"] as? String == ForceKitVersion.current)
            let text = await forcekit("doctor")
            #expect(text.exitCode == 0 && text.output.contains("stores/app.sqlite"), "\(text.error)")
        }
    }
}
