import ForceKitTestSupport
import ForceKitTesting
import Foundation
import LocalOrg
import SalesforceApp
import SalesforceAuth
import SalesforceCore
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
}
