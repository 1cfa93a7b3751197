import ForceKitTestSupport
import ForceKitTesting
import Foundation
import LocalOrg
import SalesforceApp
import SalesforceAuth
import SalesforceCore
import SmartStore
import Testing

@Suite("Device management (MDM): the managed configuration over bootconfig and the login hosts")
struct ManagedAppTests {
    @Test(
        "logIn without a host goes to the managed host, with the managed consumer key; the list is the managed one; dev info says Managed YES"
    )
    func managedLogin() async throws {
        try await withLocalOrg(seed: false) { org in
            try await withTemporaryDirectory { folder in
                let config = folder.appendingPathComponent("config")
                try TemplateFiles.write(for: org, into: config)
                // The app ships a consumer key of its own; device management replaces it.
                let boot = config.appendingPathComponent("bootconfig.json")
                let shipped = try String(contentsOf: boot, encoding: .utf8).replacingOccurrences(
                    of: org.credentials.clientID, with: "3MVG9ShippedWithTheAppNotKnownToThisOrg")
                try Data(shipped.utf8).write(to: boot)
                let managed = ManagedConfiguration(values: [
                    "AppServiceHosts": .string(org.credentials.loginURL), "AppServiceHostLabels": "Acme LocalOrg",
                    "OnlyShowAuthorizedHosts": true, "ManagedAppOAuthID": .string(org.credentials.clientID),
                    "ClearClipboardInBackground": true,
                ])
                let app = try await SalesforceApp(
                    configuration: try AppConfiguration(contentsOf: config), directory: folder.appendingPathComponent("app"),
                    managed: managed)

                // No host given: the selected one, which is the managed one (it was production before).
                let user = try await app.logIn(using: org.browser)
                #expect(user.credentials.instanceURL.absoluteString.hasPrefix(org.credentials.instanceURL))
                #expect(await app.loginHosts.hosts.map(\.label) == ["Acme LocalOrg"])
                await #expect(throws: LoginHostError.managed) { try await app.loginHosts.add("evil.example.com") }
                #expect(managed.clearsClipboardOnBackground && managed.warnings.isEmpty)

                let info = await app.developerSupportInfo()
                let entries = Dictionary(info.entries.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
                #expect(entries["Managed"] == "YES")
                #expect(entries["Managed - OnlyShowAuthorizedHosts"] == "true")
                #expect(entries["Managed - AppServiceHosts"] == org.credentials.loginURL)
                #expect(entries["Login Host"] == LoginHost(org.credentials.loginURL)?.host)
            }
        }
    }

    @Test("RequireCertAuth turns the password login off: the login is refused before any request, saying why")
    func certificateRequired() async throws {
        try await withLocalOrg(seed: false) { org in
            try await withTemporaryDirectory { folder in
                let config = folder.appendingPathComponent("config")
                try TemplateFiles.write(for: org, into: config)
                let app = try await SalesforceApp(
                    configuration: try AppConfiguration(contentsOf: config), directory: folder.appendingPathComponent("app"),
                    managed: ManagedConfiguration(values: ["RequireCertAuth": true]))
                let error = await #expect(throws: AppError.self) {
                    try await app.logIn(username: org.credentials.username, password: org.credentials.password, at: org.loginHost)
                }
                #expect(error?.message.contains("RequireCertAuth") == true, "\(String(describing: error))")
                #expect(await app.accounts.accounts.isEmpty)
            }
        }
    }

    @Test("The app's passcode lock takes the users' policy at login; ten wrong passcodes log every user out and remove their stores")
    func passcodeWipe() async throws {
        try await withLocalOrg(seed: false) { org in
            try await withTemporaryDirectory { folder in
                let config = folder.appendingPathComponent("config")
                try TemplateFiles.write(for: org, into: config)
                let home = folder.appendingPathComponent("app")
                let app = try await SalesforceApp(
                    configuration: try AppConfiguration(contentsOf: config), directory: home, managed: .unmanaged)
                let lock = try await app.passcodeLock()
                #expect(await lock.state == .open)
                // LocalOrg's connected app asks for a 4-digit passcode and a 10-minute lock.
                let user = try await app.logIn(at: org.loginHost, using: org.browser)
                #expect(await lock.state == .creating(length: 4))
                try await lock.create("2468")
                _ = try await app.userStore()
                #expect(await app.stores.allStoreNames(for: user.identity).isEmpty == false)
                for _ in 1..<PasscodeLock.maximumAttempts { _ = try await lock.unlock(with: "0000") }
                #expect(await app.currentUser != nil)
                #expect(try await lock.unlock(with: "0000") == .wiped)
                #expect(await app.currentUser == nil)
                #expect(await app.accounts.accounts.isEmpty)
                #expect(await app.stores.allStoreNames(for: user.identity).isEmpty)
                #expect(await lock.state == .open)
                #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("passcode").path))
            }
        }
    }
}
