import ForceKitTestSupport
import ForceKitTesting
import Foundation
import LocalOrg
import MobileSync
import SalesforceApp
import SalesforceAuth
import SalesforceCore
import SmartStore
import Testing

/// An app whose user works both in the org and in one of its Experience Cloud sites. As in the
/// SDK, a user has one account, which moves between the org and its sites (the login decides
/// which), and a store for each community, kept while the account is elsewhere.
@Suite("Communities in an app: one account per user, a store per community")
struct CommunityAppTests {
    @Test("a user moving between the org and its Partners site keeps one account and a store in each; logging out removes both")
    func storePerCommunity() async throws {
        try await withLocalOrg(seed: true) { org in
            try await withTemporaryDirectory { folder in
                try TemplateFiles.write(for: org, into: folder.appendingPathComponent("config"))
                let home = folder.appendingPathComponent("app")
                let app = try await SalesforceApp(
                    configuration: try AppConfiguration(contentsOf: folder.appendingPathComponent("config")), directory: home)
                let site = try #require(org.server.sites.first { $0.urlPathPrefix == "partners" })
                let siteHost = try #require(LoginHost(site.url))
                func accountsInStore() async throws -> Int {
                    try await app.userStore().count(using: .buildAllQuerySpec(soupName: "accounts"))
                }

                let inOrg = try await app.logIn(at: org.loginHost, using: org.browser)
                #expect(inOrg.identity.communityID == nil)
                #expect(try await app.syncManager().reSync(named: "syncDownAccounts").recordsSynced == 300)

                // At the site: the same account, now the site's, with the site's own store.
                let atSite = try await app.logIn(at: siteHost, using: org.browser)
                #expect(atSite.identity.withoutCommunity == inOrg.identity)
                #expect(atSite.identity.communityID?.id18 == site.networkID)
                #expect(await app.accounts.accounts.count == 1)
                #expect(try await accountsInStore() == 0)
                let siteSync = try await app.syncManager().reSync(named: "syncDownAccounts")
                #expect(siteSync.status == .done && siteSync.recordsSynced == 300)

                // Back in the org, its store is as it was; and the site's is kept for the next visit.
                _ = try await app.logIn(at: org.loginHost, using: org.browser)
                #expect(await app.currentUser?.identity == inOrg.identity)
                #expect(try await accountsInStore() == 300)
                _ = try await app.logIn(at: siteHost, using: org.browser)
                #expect(try await accountsInStore() == 300)

                await app.logOut()
                let left = TemplateFiles.paths(under: home).filter { $0.contains(inOrg.identity.userID.id18) }
                #expect(left.isEmpty, "left behind: \(left)")
            }
        }
    }
}
