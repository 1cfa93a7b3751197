import ForceKitTesting
import Foundation
import MobileSync
import SalesforceCore
import SalesforceREST
import SmartStore
import Testing

@Suite("Conflicts")
struct ConflictTests {
    /// A1 and A2 synced down, then both changed on the server and on the device, then synced up
    /// under LEAVE_IF_CHANGED: two conflicts.
    private func twoConflicts(_ fixture: SyncFixture) async throws -> [String] {
        let ids = try await fixture.createAccounts(["A1", "A2"], advancing: 2)
        _ = try await fixture.manager.syncDown(
            target: try SoqlSyncDownTarget(query: "SELECT Name FROM Account"), soupName: SyncFixture.soup)
        let local = try await fixture.localRecords()
        fixture.org.clock.advance(by: 2)
        for (index, name) in ["A1", "A2"].enumerated() {
            _ = try await fixture.server.send(
                fixture.server.requests.update("Account", id: ids[index], fields: ["Name": .string(name + " server")]))
            let entry = try #require(local[name]?["_soupEntryId"]?.integerValue)
            try await fixture.store.updateLocally(soupEntryId: entry, inSoup: SyncFixture.soup) { $0["Name"] = .string(name + " mine") }
        }
        let state = try await fixture.manager.syncUp(options: Self.options, soupName: SyncFixture.soup)
        #expect(state.recordsConflicted == 2)
        return ids
    }

    static let options = SyncOptions.syncUp(fieldlist: ["Name"], mergeMode: .leaveIfChanged)

    @Test("Conflicts list the local, server and base versions; keep mine wins at the next sync up, take theirs drops the change")
    func listAndResolve() async throws {
        try await withSyncFixture { fixture throws in
            let ids = try await twoConflicts(fixture)
            let conflicts = try await fixture.manager.conflicts(inSoup: SyncFixture.soup)
            #expect(conflicts.count == 2)
            let first = try #require(conflicts.first { $0.id == ids[0] })
            #expect(first.local["Name"] == "A1 mine" && first.server?["Name"] == "A1 server" && first.base?["Name"] == "A1")
            // Field by field: only the app's fields that differ; the device's change is what a merge keeps.
            #expect(first.fields == [ConflictField(name: "Name", base: "A1", local: "A1 mine", server: "A1 server")])
            #expect(first.fields.first?.changedOnBothSides == true && first.localChanges == ["Name": "A1 mine"])
            let second = try #require(conflicts.first { $0.id == ids[1] })
            try await fixture.manager.resolveConflict(soupEntryId: first.soupEntryId, inSoup: SyncFixture.soup, .keepMine)
            try await fixture.manager.resolveConflict(soupEntryId: second.soupEntryId, inSoup: SyncFixture.soup, .takeTheirs)
            #expect(try await fixture.manager.conflicts(inSoup: SyncFixture.soup).isEmpty)
            let state = try await fixture.manager.syncUp(options: Self.options, soupName: SyncFixture.soup)
            #expect(state.recordsSynced == 1 && state.recordsConflicted == 0)
            #expect(try await fixture.serverRecord(ids[0])?["Name"] == "A1 mine")
            #expect(try await fixture.serverRecord(ids[1])?["Name"] == "A2 server")
            let local = try await fixture.localRecords()
            #expect(local["A2 server"]?[SyncField.local] == false && local["A1 mine"]?[SyncField.local] == false)
        }
    }

    @Test("A merged version is sent over the server's at the next sync up")
    func merged() async throws {
        try await withSyncFixture { fixture throws in
            let ids = try await twoConflicts(fixture)
            let conflict = try #require(try await fixture.manager.conflicts(inSoup: SyncFixture.soup).first { $0.id == ids[0] })
            try await fixture.manager.resolveConflict(
                soupEntryId: conflict.soupEntryId, inSoup: SyncFixture.soup, .merged(["Name": "A1 both"]))
            _ = try await fixture.manager.syncUp(options: Self.options, soupName: SyncFixture.soup)
            #expect(try await fixture.serverRecord(ids[0])?["Name"] == "A1 both")
            await #expect(throws: SyncError.self) {
                try await fixture.manager.resolveConflict(soupEntryId: conflict.soupEntryId, inSoup: SyncFixture.soup, .keepMine)
            }
        }
    }
}
