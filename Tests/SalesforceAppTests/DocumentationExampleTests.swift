import ForceKitTestSupport
import ForceKitTesting
import Foundation
import MobileSync
import SalesforceApp
import SmartStore
import Testing

/// The DocC article's example, run as written against LocalOrg.
@Suite("SalesforceApp documentation")
struct DocumentationExampleTests {
    @Test("the article's example logs in, syncs from usersyncs.json, reads the store and logs out")
    func articleExample() async throws {
        try await withLocalOrg(seed: true) { org in
            try await withTemporaryDirectory { folder in
                let configFolder = folder.appendingPathComponent("config")
                let appSupport = folder.appendingPathComponent("app")
                let (loginHost, browser) = (org.loginHost, org.browser)
                try TemplateFiles.write(for: org, into: configFolder)

                let app = try await SalesforceApp(configuration: try AppConfiguration(contentsOf: configFolder), directory: appSupport)
                if await app.currentUser == nil {
                    try await app.logIn(at: loginHost, using: browser)  // the web-server flow with PKCE
                }
                let syncs = try await app.syncManager()  // usersyncs.json's syncs, created once
                let state = try await syncs.reSync(named: "syncDownAccounts")
                print(state.status, state.recordsSynced)  // done 300
                let store = try await app.userStore()  // userstore.json's soups
                let count = try await store.count(using: .buildAllQuerySpec(soupName: "accounts"))

                await app.logOut()  // nothing of the user stays

                #expect(state.status == .done && state.recordsSynced == 300 && count == 300)
                #expect(await app.currentUser == nil)
            }
        }
    }
}
