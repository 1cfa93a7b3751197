import Foundation
import MobileSync
import SalesforceCore
import SmartStore
import Testing

/// Upstream's own sample configurations run against a fresh LocalOrg as they are written.
@Suite("Upstream's sample configurations, unchanged")
struct SampleAppConfigTests {
    /// The MobileSyncExplorer sample's `usersyncs.json`, as forcedotcom/SalesforceMobileSDK-iOS
    /// ships it (`native/SampleApps/MobileSyncExplorer/MobileSyncExplorer/usersyncs.json`): its
    /// query and field lists name `HomePhone`, a standard Contact field.
    static let mobileSyncExplorer = #"""
        {
          "syncs": [
            {
              "syncName": "syncDownContacts",
              "syncType": "syncDown",
              "soupName": "contacts",
              "target": {"type":"soql", "query":"SELECT FirstName, LastName, Title, MobilePhone, Email, Department, HomePhone FROM Contact LIMIT 10000"},
              "options": {"mergeMode":"OVERWRITE"}
            },
            {
              "syncName": "syncUpContacts",
              "syncType": "syncUp",
              "soupName": "contacts",
              "target": {"createFieldlist":["FirstName", "LastName", "Title", "MobilePhone", "Email", "Department", "HomePhone"]},
              "options": {"fieldlist":["Id", "FirstName", "LastName", "Title", "MobilePhone", "Email", "Department", "HomePhone"], "mergeMode":"LEAVE_IF_CHANGED"}
            }
          ]
        }
        """#

    @Test("MobileSyncExplorer's usersyncs.json syncs contacts down and their edits and new contacts up, HomePhone included")
    func mobileSyncExplorer() async throws {
        try await withSyncFixture { fixture throws in
            try await fixture.registerTreeSoups()
            let lee = try await fixture.createOnServer(
                "Contact", ["FirstName": "Ada", "LastName": "Lee", "HomePhone": "(415) 555-0100", "Department": "Research"])
            let config = try SyncsConfig(data: Array(Self.mobileSyncExplorer.utf8))
            #expect(config.problems.isEmpty, "\(config.problems)")
            let syncs = try await fixture.manager.createSyncs(from: config)
            #expect(syncs.map(\.name) == ["syncDownContacts", "syncUpContacts"])
            let down = try await fixture.manager.reSync(named: "syncDownContacts")
            #expect(down.status == .done, "\(down.error)")
            let local = try #require(try await fixture.records(in: SyncFixture.contacts, by: "LastName")["Lee"])
            #expect(local["HomePhone"] == "(415) 555-0100" && local["Department"] == "Research")

            let entry = try #require(local["_soupEntryId"]?.integerValue)
            try await fixture.store.updateLocally(soupEntryId: entry, inSoup: SyncFixture.contacts) { $0["HomePhone"] = "(415) 555-0199" }
            _ = try await fixture.store.createLocally(
                ["FirstName": "Grace", "LastName": "Hopper", "HomePhone": "(212) 555-0142"], objectType: "Contact",
                inSoup: SyncFixture.contacts)
            let up = try await fixture.manager.reSync(named: "syncUpContacts")
            #expect(up.status == .done && up.isDoneWithoutFailures, "\(up.error)")
            #expect(try await fixture.serverRecord("Contact", id: lee)?["HomePhone"] == "(415) 555-0199")
            let hopper = try #require(try await fixture.records(in: SyncFixture.contacts, by: "LastName")["Hopper"]?["Id"]?.stringValue)
            #expect(try await fixture.serverRecord("Contact", id: hopper)?["HomePhone"] == "(212) 555-0142")
        }
    }
}
