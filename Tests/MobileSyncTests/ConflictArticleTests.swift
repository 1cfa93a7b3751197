import ForceKitTesting
import Foundation
import MobileSync
import SalesforceCore
import SalesforceREST
import SmartStore
import Testing

@Suite("The conflicts article")
struct ConflictArticleTests {
    @Test("a device's edit of a record changed on the server is a conflict; merged, both edits reach the server")
    func example() async throws {
        try await withSyncFixture { fixture throws in
            let (store, manager) = (fixture.store, fixture.manager)
            let id = try #require(try await fixture.createAccounts(["Globex"], advancing: 2).first)
            _ = try await manager.syncDown(
                target: try SoqlSyncDownTarget(query: "SELECT Name, Industry FROM Account"), soupName: "accounts", name: "accounts")
            let entryId = try #require(try await fixture.localRecords()["Globex"]?["_soupEntryId"]?.integerValue)
            // Someone else renames it on the server, a few seconds later.
            fixture.org.clock.advance(by: 5)
            _ = try await fixture.server.send(fixture.server.requests.update("Account", id: id, fields: ["Name": "Globex Corp"]))

            // The device edits a record someone else changed on the server since the last sync.
            try await store.updateLocally(soupEntryId: entryId, inSoup: "accounts") { $0["Industry"] = "Energy" }
            let state = try await manager.syncUp(
                options: .syncUp(fieldlist: ["Name", "Industry"], mergeMode: .leaveIfChanged), soupName: "accounts")
            #expect(state.recordsConflicted == 1 && !state.isDoneWithoutFailures)

            for conflict in try await manager.conflicts(inSoup: "accounts") {
                // The device's changed fields on top of the server's version: both edits survive.
                try await manager.resolveConflict(soupEntryId: conflict.soupEntryId, inSoup: "accounts", .merged(conflict.localChanges))
            }
            let after = try await manager.syncUp(
                options: .syncUp(fieldlist: ["Name", "Industry"], mergeMode: .leaveIfChanged), soupName: "accounts")
            #expect(after.isDoneWithoutFailures)

            let server = try #require(try await fixture.serverRecord(id))
            #expect(server["Name"] == "Globex Corp" && server["Industry"] == "Energy")
        }
    }
}
