import ForceKitTestSupport
import ForceKitTesting
import Foundation
import LocalOrg
import MobileSync
import SalesforceApp
import SalesforceAuth
import SalesforceCore
import SalesforceREST
import SmartStore
import Testing

@Suite("The app layer: a whole app life on LocalOrg")
struct AppLifeStoryTests {
    @Test(
        "first launch from the template files, browser login, syncs, offline edits, sync up, a second user, the first logged out; push and analytics reach the org"
    )
    func wholeLife() async throws {
        try await withLocalOrg(seed: true) { org in
            try await withTemporaryDirectory { folder in
                let config = folder.appendingPathComponent("config")
                let home = folder.appendingPathComponent("app")
                try TemplateFiles.write(for: org, into: config)

                // First launch: nobody is logged in; the browser login makes the first user current.
                var app: SalesforceApp? = try await SalesforceApp(configuration: try AppConfiguration(contentsOf: config), directory: home)
                #expect(await app?.currentUser == nil)
                let first = try #require(try await app?.logIn(at: org.loginHost, using: org.browser))
                await app?.setDeviceToken(Data([0x01, 0xab, 0xff]))

                // The syncs of usersyncs.json bring the accounts down into the store of userstore.json.
                let syncs = try #require(try await app?.syncManager())
                #expect(try await syncs.reSync(named: "syncDownAccounts").recordsSynced == 300)
                let store = try #require(try await app?.userStore())

                // Offline: one account renamed, one created; then sync up.
                let acme = try #require(
                    try await store.query(using: .buildExactQuerySpec(soupName: "accounts", path: "Name", matchKey: "Acme Inc.")).first)
                let acmeEntry = try #require(acme[SoupEntryField.id]?.integerValue)
                let acmeId = try #require(acme["Id"]?.stringValue)
                _ = try await store.updateLocally(soupEntryId: acmeEntry, inSoup: "accounts") { $0["Name"] = "Acme Offline" }
                _ = try await store.createLocally(["Name": "Made Offline"], objectType: "Account", inSoup: "accounts")
                let up = try await syncs.syncUp(options: SyncOptions(mergeMode: .leaveIfChanged, fieldlist: ["Name"]), soupName: "accounts")
                #expect(up.status == .done && up.recordsSynced == 2 && up.recordsFailed == 0)
                let client = try #require(try await app?.restClient())
                let onServer = try await client.send(client.requests.retrieve("Account", id: acmeId, fields: ["Name"])).json
                #expect(onServer?["Name"] == "Acme Offline")

                // The app restarts: the user is still there, with their store.
                app = nil
                let relaunched = try await SalesforceApp(configuration: try AppConfiguration(contentsOf: config), directory: home)
                #expect(await relaunched.currentUser?.identity == first.identity)
                #expect(try await relaunched.userStore().count(using: .buildAllQuerySpec(soupName: "accounts")) == 301)

                // A second user logs in and is switched to; then the first logs out.
                _ = try await org.server.addUser(username: "second@localorg.test", password: "Second-Password-1")
                let second = try await relaunched.logIn(username: "second@localorg.test", password: "Second-Password-1", at: org.loginHost)
                _ = try await relaunched.syncManager().reSync(named: "syncDownAccounts")
                try await relaunched.switchTo(first.identity)
                await relaunched.setDeviceToken(Data([0x01, 0xab, 0xff]))
                let admin = RestClient(credentials: try await org.logIn(), refresher: nil)
                let deviceQuery = "SELECT Id, ConnectionToken FROM MobilePushServiceDevice"
                let registered = try await admin.send(admin.requests.query(deviceQuery)).json
                #expect(registered?["totalSize"] == 1 && registered?["records"]?[0]?["ConnectionToken"] == "01abff")
                await relaunched.logOut(first.identity)
                #expect(await relaunched.currentUser == nil)
                #expect(!TemplateFiles.paths(under: home).contains { $0.contains(first.identity.userID.id18) })
                try await relaunched.switchTo(second.identity)
                #expect(try await relaunched.userStore().count(using: .buildAllQuerySpec(soupName: "accounts")) == 301)

                // The org saw the device registered and unregistered, and the first user's events.
                let devices = try await admin.send(admin.requests.query(deviceQuery)).json
                #expect(devices?["totalSize"] == 0)
                let events = org.server.receivedAnalytics.compactMap { $0["payload"]?["eventSource"]?.stringValue }
                for name in ["addUser", "userSmartStoreInit", "syncDown", "syncUp", "userLogout"] {
                    #expect(events.contains(name), "\(name) not in \(events)")
                }
            }
        }
    }
}
