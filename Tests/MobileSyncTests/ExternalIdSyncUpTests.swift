import ForceKitTesting
import Foundation
import SalesforceCore
import SalesforceREST
import Testing

@testable import MobileSync
@testable import SmartStore

/// Sync up with the SDK's `externalIdFieldName`: new records are upserted by it.
@Suite("Sync up by external id")
struct ExternalIdSyncUpTests {
    /// How many Accounts the server has whose name starts with `prefix`.
    private func serverCount(_ fixture: SyncFixture, prefix: String) async throws -> Int64? {
        try await fixture.server.send(fixture.server.requests.query("SELECT COUNT() FROM Account WHERE Name LIKE '\(prefix)%'"))
            .json?["totalSize"]?.integerValue
    }

    /// Creates `count` Accounts locally, each with an external id, syncs them up with `target`,
    /// then puts the store back as it was before the sync: as after an app killed once the server
    /// had committed the creates but before their ids were saved. Then syncs up again.
    private func resentAfterKill(_ fixture: SyncFixture, target: SyncUpTarget, prefix: String) async throws -> SyncState {
        for index in 0..<5 {
            _ = try await fixture.store.createLocally(
                ["Name": .string("\(prefix) \(index)"), "External_Id__c": .string("\(prefix)-\(index)")], objectType: "Account",
                inSoup: SyncFixture.soup)
        }
        let before = try await fixture.store.query(using: .buildAllQuerySpec(soupName: SyncFixture.soup, pageSize: 1_000))
        let options = SyncOptions.syncUp(fieldlist: ["Name"])
        let first = try await fixture.manager.syncUp(target: target, options: options, soupName: SyncFixture.soup)
        #expect(first.status == .done && first.recordsSynced == 5)
        try await fixture.store.upsert(entries: before, inSoup: SyncFixture.soup)
        return try await fixture.manager.syncUp(target: target, options: options, soupName: SyncFixture.soup)
    }

    @Test(
        "records sent again after a kill are upserted by their external id: no duplicate, and each local record gets its server id",
        arguments: SyncUpTarget.Kind.allCases.filter { $0 != .custom })
    func noDuplicatesAfterKill(kind: SyncUpTarget.Kind) async throws {
        try await withSyncFixture { fixture throws in
            let target = SyncUpTarget(kind: kind, externalIdFieldName: "External_Id__c")
            let again = try await resentAfterKill(fixture, target: target, prefix: "Kept")
            #expect(again.status == .done && again.recordsSynced == 5 && again.isDoneWithoutFailures)
            #expect(try await serverCount(fixture, prefix: "Kept") == 5)
            for record in try await fixture.localRecords().values {
                let id = try #require(record["Id"]?.stringValue)
                #expect(!LocalID.isLocal(id) && record[SyncField.local] == false)
                #expect(try await fixture.serverRecord(id)?["External_Id__c"] == record["External_Id__c"])
            }
            // Without an external id the same resend creates every record twice (upstream's behaviour).
            _ = try await resentAfterKill(fixture, target: SyncUpTarget(kind: kind), prefix: "Twice")
            #expect(try await serverCount(fixture, prefix: "Twice") == 10)
        }
    }

    @Test("the external id field is sent even when the field list leaves it out, and the target keeps it in its JSON")
    func targetJSON() throws {
        let target = SyncUpTarget(kind: .batch, externalIdFieldName: "External_Id__c")
        #expect(target.json["externalIdFieldName"] == "External_Id__c")
        #expect(try SyncUpTarget(json: target.json) == target)
        #expect(try SyncUpTarget(json: ["type": "collection", "externalIdFieldName": ""]).externalIdFieldName == nil)
        let record: JSON = ["Name": "A", "External_Id__c": "x-1", "attributes": ["type": "Account"], "_soupEntryId": 1]
        let fields = SyncUpItem.createFields(of: record, target: target, options: .syncUp(fieldlist: ["Name"]))
        #expect(fields == ["Name": "A", "External_Id__c": "x-1"])
    }
}
