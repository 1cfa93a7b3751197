import ForceKitTesting
import Foundation
import MobileSync
import SalesforceCore
import SalesforceREST
import SmartStore
import Testing

@Suite("The MobileSync article's example")
struct DocumentationExampleTests {
    @Test("It runs as written against LocalOrg, and the changes reach the server")
    func articleExample() async throws {
        try await withSyncFixture { fixture throws in
            try await fixture.createAccounts(["Globex", "Initech"], advancing: 2)
            let store = fixture.store
            let client = fixture.manager.client
            let someEntryId = try #require(try await fixture.entryIdAfterFirstSync(store: store, client: client))

            let manager = try await SyncManager(store: store, client: client)

            // Bring Accounts down, then only what changed since, on each re-run.
            let accounts = try SoqlSyncDownTarget(query: "SELECT Name, Industry FROM Account")
            var state = try await manager.syncDown(target: accounts, soupName: "accounts", name: "accounts")

            // Work offline.
            let acme = try await store.createLocally(["Name": "Acme"], objectType: "Account", inSoup: "accounts")
            try await store.updateLocally(soupEntryId: someEntryId, inSoup: "accounts") { $0["Industry"] = "Energy" }

            // Send the changes, refusing to overwrite newer server changes.
            state = try await manager.syncUp(
                options: .syncUp(fieldlist: ["Name", "Industry"], mergeMode: .leaveIfChanged), soupName: "accounts")
            if !state.isDoneWithoutFailures {
                for conflict in try await manager.conflicts(inSoup: "accounts") {
                    // Both sides' edits: the device's changes on top of the server's version.
                    try await manager.resolveConflict(
                        soupEntryId: conflict.soupEntryId, inSoup: "accounts", .merged(conflict.localChanges))
                }
            }
            state = try await manager.reSync(named: "accounts")

            #expect(state.status == .done && state.isDoneWithoutFailures)
            let local = try await fixture.localRecords()
            #expect(local["Acme"]?["_soupEntryId"] == acme["_soupEntryId"])
            let acmeId = try #require(local["Acme"]?["Id"]?.stringValue)
            #expect(try await fixture.serverRecord(acmeId)?["Name"] == "Acme")
            #expect(local.values.contains { $0["Industry"] == "Energy" && $0[SyncField.local] == false })
        }
    }

    @Test("The related-records example runs as written: the Energy tree comes down, the offline tree goes up linked")
    func relatedRecordsExample() async throws {
        try await withSyncFixture { fixture throws in
            try await fixture.registerTreeSoups()
            let energy = try await fixture.createOnServer("Account", ["Name": "Power Co", "Industry": "Energy"])
            let lead = try await fixture.createOnServer("Contact", ["LastName": "Volt", "AccountId": .string(energy)])
            try await fixture.createOnServer("Case", ["Subject": "Outage", "ContactId": .string(lead)])
            try await fixture.createOnServer("Account", ["Name": "Bank Co", "Industry": "Banking"])
            let (store, manager) = (fixture.store, fixture.manager)

            let tree = RelatedObject(
                objectType: "Account", soupName: "accounts", fieldlist: ["Name"],
                children: [
                    RelatedObject(
                        child: "Contact", soupName: "contacts", parentIdFieldName: "AccountId", fieldlist: ["LastName"],
                        children: [RelatedObject(child: "Case", soupName: "cases", parentIdFieldName: "ContactId", fieldlist: ["Subject"])])
                ])
            let down = try ParentChildrenSyncDownTarget(tree: tree, parentSoqlFilter: "Industry = 'Energy'")
            _ = try await manager.syncDown(target: down, soupName: "accounts", name: "energy")

            // An Account, its Contact and the Contact's Case created offline go up in one composite request.
            let account = try await store.createLocally(["Name": "New Co"], objectType: "Account", inSoup: "accounts")
            let contact = try await store.createLocally(
                ["LastName": "Lee", "AccountId": account["Id"]!], objectType: "Contact", inSoup: "contacts")
            _ = try await store.createLocally(["Subject": "Setup", "ContactId": contact["Id"]!], objectType: "Case", inSoup: "cases")
            _ = try await manager.syncUp(target: ParentChildrenSyncUpTarget(tree: tree), options: .syncUp(fieldlist: ["Name"]))

            #expect(try await fixture.localRecords().keys.sorted() == ["New Co", "Power Co"])
            let cases = try await fixture.records(in: SyncFixture.cases, by: "Subject")
            #expect(cases.keys.sorted() == ["Outage", "Setup"] && cases.values.allSatisfy { $0[SyncField.local] == false })
            let setup = try #require(cases["Setup"]?["Id"]?.stringValue)
            let onServer = try await fixture.server.send(
                fixture.server.requests.query("SELECT Contact.Account.Name FROM Case WHERE Id = '\(setup)'")
            ).json
            #expect(onServer?["records"]?[0]?["Contact"]?["Account"]?["Name"] == "New Co")
        }
    }
}

extension SyncFixture {
    /// Syncs the Accounts down once without a name and returns one record's entry id.
    func entryIdAfterFirstSync(store: SmartStore, client: RestClient) async throws -> Int64? {
        _ = try await manager.syncDown(target: try SoqlSyncDownTarget(query: "SELECT Name FROM Account"), soupName: Self.soup)
        return try await localRecords()["Globex"]?["_soupEntryId"]?.integerValue
    }
}
