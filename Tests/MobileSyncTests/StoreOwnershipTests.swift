import ForceKitTestSupport
import ForceKitTesting
import Foundation
import LocalOrg
import MobileSync
import SalesforceAuth
import SalesforceCore
import SalesforceREST
import SmartStore
import Testing

/// A user's store is that user's: the first account to sync it claims it, and a manager for
/// another user or org is refused before anything is read from the server or written locally.
@Suite("Stores and syncs that belong to one user of one org")
struct StoreOwnershipTests {
    @Test("the first account claims a store; another org's client is refused, and a shared store refuses only another's syncs")
    func ownership() async throws {
        try await withSyncFixture { fixture in
            let owner = try #require(await fixture.manager.client.credentials?.identity)
            #expect(try await fixture.store.owner() == owner.withoutCommunity)
            #expect(fixture.manager.claimedUnownedStore)
            let state = try await fixture.manager.syncDown(
                target: try SoqlSyncDownTarget(query: "SELECT Id, Name FROM Account"), soupName: SyncFixture.soup, name: "accounts")
            #expect(state.owner == owner.withoutCommunity)
            // The state's owner is kept under a key of ForceKit's own, and reads back.
            #expect(try SyncState(json: state.json).owner == state.owner)
            let before = try await fixture.localCount()

            try await withLocalOrg { other in
                let client = RestClient(credentials: try await other.logIn(), refresher: nil)
                let refused = await #expect(throws: SyncError.self) { try await SyncManager(store: fixture.store, client: client) }
                #expect(
                    refused?.code == .wrongAccount && refused?.message.contains(owner.orgID.id18) == true, "\(String(describing: refused))")
                // Shared (a global store), the manager is made, but the other account's sync is not its to run.
                let shared = try await SyncManager(store: fixture.store, client: client, ownership: .shared)
                let resync = await #expect(throws: SyncError.self) { try await shared.reSync(named: "accounts") }
                #expect(resync?.code == .wrongAccount && resync?.message.hasPrefix("The sync \"accounts\" belongs to user") == true)
                let ghosts = await #expect(throws: SyncError.self) { try await shared.cleanResyncGhosts(named: "accounts") }
                #expect(ghosts?.code == .wrongAccount)
            }
            #expect(try await fixture.localCount() == before)
            // Its own account runs it again, as a restarted app does.
            #expect(try await fixture.restartedManager().reSync(named: "accounts").status == .done)
        }
    }

    @Test("a state an SDK wrote has no owner and gains no key; an owner reads back from ForceKit's own key")
    func unownedStateAdopted() async throws {
        let json: JSON = [
            "_soupEntryId": 3, "type": "syncDown", "target": ["type": "soql", "query": "SELECT Id FROM Account"],
            "options": ["mergeMode": "OVERWRITE"], "soupName": "accounts", "status": "DONE",
        ]
        var state = try SyncState(json: json)
        #expect(state.owner == nil)
        #expect(state.json["forcekitOwner"] == nil)
        state.owner = try UserIdentity(orgID: "00D000000000001", userID: "005000000000001")
        #expect(try SyncState(json: state.json).owner == state.owner)
    }
}
