import ForceKitTesting
import Foundation
import MobileSync
import SalesforceAuth
import SalesforceCore
import SalesforceREST
import SmartStore
import Testing

/// The cases where the one-soup and the tree sync ups used to disagree, run through both: the
/// same flags, the same conflict copies and the same messages, whichever target sent the record.
@Suite("Sync up: one behaviour for every target")
struct SyncUpParityTests {
    /// The two runs a record of the `accounts` soup can go up through.
    enum Path: String, CaseIterable, CustomTestStringConvertible {
        case oneSoup, tree
        var testDescription: String { rawValue }
    }

    /// Syncs the Accounts (and their Contacts) down, and returns the local Account `name`'s entry id.
    static func syncedDown(_ fixture: SyncFixture, _ name: String) async throws -> Int64 {
        try await fixture.registerTreeSoups()
        _ = try await fixture.manager.syncDown(target: try SyncFixture.accountsWithContacts(), soupName: SyncFixture.soup)
        return try #require(try await fixture.localRecords()[name]?["_soupEntryId"]?.integerValue)
    }

    /// Runs a sync up of the `accounts` soup through `path`: composite either way.
    static func syncUp(_ path: Path, _ fixture: SyncFixture, mode: MergeMode) async throws -> SyncState {
        let options = SyncOptions.syncUp(fieldlist: ["Name"], mergeMode: mode)
        switch path {
        case .oneSoup:
            return try await fixture.manager.syncUp(target: SyncUpTarget(kind: .batch), options: options, soupName: SyncFixture.soup)
        case .tree:
            return try await fixture.manager.syncUp(target: ParentChildrenSyncUpTarget(tree: SyncFixture.accountTree()), options: options)
        }
    }

    static func isComposite(_ request: HTTPRequest) -> Bool {
        request.method == "POST" && request.url.path.hasSuffix("/composite")
    }

    @Test(
        "Better than upstream: a delete the server took, of a record the user restored and edited meanwhile, keeps the edit and creates the record again",
        arguments: Path.allCases)
    func deleteThenEditMeanwhile(path: Path) async throws {
        try await withSyncFixture { fixture throws in
            try await fixture.createOnServer("Account", ["Name": "Gone Co"])
            let entryId = try await Self.syncedDown(fixture, "Gone Co")
            try await fixture.store.deleteLocally(soupEntryId: entryId, inSoup: SyncFixture.soup)
            let store = fixture.store
            fixture.transport.beforeRequest(where: Self.isComposite) {
                // The user takes the delete back and renames the record while the delete is on its way.
                _ = try? await store.updateLocally(soupEntryId: entryId, inSoup: SyncFixture.soup) {
                    $0[SyncField.locallyDeleted] = false
                    $0["Name"] = "Back Co"
                }
            }
            let state = try await Self.syncUp(path, fixture, mode: .overwrite)
            #expect(state.status == .done && state.recordsSynced == 1)
            let kept = try #require(try await fixture.localRecords()["Back Co"], "the edit made meanwhile was lost")
            #expect(kept[SyncField.locallyCreated] == true && kept[SyncField.local] == true)

            let again = try await Self.syncUp(path, fixture, mode: .overwrite)
            #expect(again.isDoneWithoutFailures && again.recordsSynced == 1)
            let id = try #require(try await fixture.localRecords()["Back Co"]?["Id"]?.stringValue)
            let onServer = try await fixture.serverRecord(id)
            #expect(!LocalID.isLocal(id) && onServer?["Name"] == "Back Co")
        }
    }

    @Test(
        "Better than upstream: a write the server refuses as changed since (412) keeps the server's copy, and says one sentence in __last_error__ and the outcome",
        arguments: Path.allCases)
    func refusedWriteKeepsServerCopy(path: Path) async throws {
        try await withSyncFixture { fixture throws in
            let id = try await fixture.createOnServer("Account", ["Name": "Shared"])
            let entryId = try await Self.syncedDown(fixture, "Shared")
            _ = try await fixture.store.updateLocally(soupEntryId: entryId, inSoup: SyncFixture.soup) { $0["Name"] = "Mine" }
            let (org, server) = (fixture.org, fixture.server)
            fixture.transport.beforeRequest(where: Self.isComposite) {
                // Another user saves the record between the check and the write.
                org.clock.advance(by: 5)
                _ = try? await server.send(server.requests.update("Account", id: id, fields: ["Name": "Theirs"]))
            }
            var outcomes = fixture.manager.recordOutcomes().makeAsyncIterator()
            let state = try await Self.syncUp(path, fixture, mode: .leaveIfChanged)
            #expect(state.status == .done && state.recordsConflicted == 1 && state.recordsSynced == 0)
            let local = try #require(try await fixture.localRecords()["Mine"])
            #expect(local[SyncField.conflict]?["Name"] == "Theirs", "the conflict shows no server values")
            let stored = try #require(local[SyncField.lastError]?.stringValue)
            let outcome = try #require(await outcomes.next())
            #expect(outcome.kind == .conflicted && outcome.message == stored)
            let conflict = try #require(try await fixture.manager.conflicts(inSoup: SyncFixture.soup).first)
            #expect(conflict.server?["Name"] == "Theirs" && conflict.local["Name"] == "Mine")
            #expect(try await fixture.serverRecord(id)?["Name"] == "Theirs")
        }
    }

    @Test("A record the server refuses says the same in __last_error__ and in the outcome, through either path", arguments: Path.allCases)
    func refusedCreateMessage(path: Path) async throws {
        try await withSyncFixture { fixture throws in
            try await fixture.registerTreeSoups()
            _ = try await fixture.store.createLocally(
                ["Name": .string(String(repeating: "x", count: 300))], objectType: "Account", inSoup: SyncFixture.soup)
            var outcomes = fixture.manager.recordOutcomes().makeAsyncIterator()
            let state = try await Self.syncUp(path, fixture, mode: .overwrite)
            #expect(state.status == .done && state.recordsFailed == 1)
            let local = try #require(
                try await fixture.store.query(using: .buildAllQuerySpec(soupName: SyncFixture.soup, pageSize: 10)).first)
            let outcome = try #require(await outcomes.next())
            #expect(outcome.kind == .failed && outcome.message != nil && outcome.message == local[SyncField.lastError]?.stringValue)
        }
    }
}
