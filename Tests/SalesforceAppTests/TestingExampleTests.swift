import ForceKitTestSupport
import ForceKitTesting
import Foundation
import MobileSync
import SalesforceApp
import SalesforceAuth
import Testing

@Suite("The ForceKitTesting article's example")
struct TestingExampleTests {
    @Test("a LocalOrg for the test, the login at its pages, a sync, and the clock moved past the token's life")
    func accountsSync() async throws {
        try await withTemporaryDirectory { scratch in
            try await withLocalOrg(seed: true) { org in
                let config = scratch.appendingPathComponent("config")
                try TemplateFiles.write(for: org, into: config)
                let (configuration, folder) = (try AppConfiguration(contentsOf: config), scratch.appendingPathComponent("app"))

                let app = try await SalesforceApp(configuration: configuration, directory: folder)
                _ = try await app.logIn(at: org.loginHost, using: org.browser)
                let down = try await app.syncManager().reSync(named: "syncDownAccounts")
                #expect(down.recordsSynced == 300)
                org.clock.advance(by: 7200)  // the access token expires; the next call refreshes it
                let again = try await app.syncManager().reSync(named: "syncDownAccounts")
                #expect(again.status == .done)
            }
        }
    }
}
