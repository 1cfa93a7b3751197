import ForceKitTesting
import Foundation
import MobileSync
import SalesforceAuth
import SalesforceCore
import SalesforceREST
import SmartStore
import Testing

@Suite("SOSL, MRU and refresh targets")
struct OtherTargetTests {
    @Test("a SOSL target brings the search's records, and a re-run searches again in full")
    func sosl() async throws {
        try await withSyncFixture { fixture throws in
            try await fixture.createAccounts(["Acme Corp", "Acme Labs", "Beta"], advancing: 2)
            let target = SoslSyncDownTarget(query: "FIND {Acme} IN NAME FIELDS RETURNING Account(Id, Name, LastModifiedDate)")
            let state = try await fixture.manager.syncDown(target: target, soupName: SyncFixture.soup, name: "search")
            #expect(state.status == .done && state.totalSize == 2)
            #expect(Set(try await fixture.localRecords().keys) == ["Acme Corp", "Acme Labs"])
            let again = try await fixture.manager.reSync(named: "search")
            #expect(again.recordsSynced == 2)
            let searches = fixture.transport.requests.filter { $0.url.path.hasSuffix("/search") }
            #expect(searches.count == 2)
        }
    }

    @Test("an MRU target brings the user's recent records of the type")
    func mru() async throws {
        try await withSyncFixture { fixture throws in
            let ids = try await fixture.createAccounts(["Acme", "Beta", "Gamma"], advancing: 2)
            // Viewing a record puts it in the user's recent items.
            for id in ids[0...1] { _ = try await fixture.server.send(fixture.server.requests.retrieve("Account", id: id)) }
            let target = MruSyncDownTarget(objectType: "Account", fieldlist: ["Id", "Name", "LastModifiedDate"])
            let state = try await fixture.manager.syncDown(target: target, soupName: SyncFixture.soup)
            #expect(state.status == .done)
            let names = Set(try await fixture.localRecords().keys)
            #expect(names.isSuperset(of: ["Acme", "Beta"]))
            #expect(try SyncTargetRegistry.downTarget(from: target.json) as? MruSyncDownTarget == target)
        }
    }

    @Test("a refresh target updates the soup's records and brings no others")
    func refresh() async throws {
        try await withSyncFixture { fixture throws in
            let ids = try await fixture.createAccounts(["Acme", "Beta", "Gamma"], advancing: 2)
            _ = try await fixture.store.upsert(
                entries: ids[0...1].map { ["Id": .string($0), "Name": "old", "attributes": ["type": "Account"]] },
                inSoup: SyncFixture.soup,
                withExternalIdPath: "Id")
            let target = RefreshSyncDownTarget(
                soupName: SyncFixture.soup, objectType: "Account", fieldlist: ["Id", "Name"], countIdsPerSoql: 1)
            let state = try await fixture.manager.syncDown(target: target, soupName: SyncFixture.soup)
            #expect(state.status == .done && state.recordsSynced == 2)
            #expect(Set(try await fixture.localRecords().keys) == ["Acme", "Beta"])
            let json = try JSON(
                parsing: #"{"type": "refresh", "sObjectType": "Contact", "fieldlist": ["Id"], "soupName": "c", "coundIdsPerSoql": 50}"#)
            let read = try #require(try SyncTargetRegistry.downTarget(from: json) as? RefreshSyncDownTarget)
            #expect(read.objectType == "Contact" && read.countIdsPerSoql == 50)
        }
    }
}
