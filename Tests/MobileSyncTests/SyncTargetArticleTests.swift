import ForceKitTesting
import Foundation
import MobileSync
import SalesforceCore
import SalesforceREST
import SmartStore
import Testing

/// The target of the "Writing a sync target" article, as written there.
struct RegionTarget: SyncDownTarget {
    let accounts: SoqlSyncDownTarget
    let region: String

    init(region: String) throws {
        self.region = region
        accounts = try SoqlSyncDownTarget(query: "SELECT Name, BillingState FROM Account")
    }

    init(json: JSON) throws {
        region = json["region"]?.stringValue ?? ""
        accounts = try SoqlSyncDownTarget(json: json["accounts"] ?? [:])
    }

    var json: JSON { ["type": "custom", "swiftImpl": "RegionTarget", "region": .string(region), "accounts": accounts.json] }
    // The SOQL target's pages come in cursor order, and this target keeps that order.
    var isOrderedByCursor: Bool { true }

    func fetch(after cursor: SyncCursor?, context: SyncContext) async throws -> any SyncDownFetch {
        Tagged(pages: try await accounts.fetch(after: cursor, context: context), region: region)
    }

    func remoteIds(among localIds: [String], context: SyncContext) async throws -> Set<String> {
        try await accounts.remoteIds(among: localIds, context: context)
    }

    struct Tagged: SyncDownFetch {
        let pages: any SyncDownFetch
        let region: String

        func nextPage() async throws -> SyncDownPage? {
            guard var page = try await pages.nextPage() else { return nil }
            page.records = page.records.map { record in
                var fields = record.objectValue ?? [:]
                fields["Region"] = .string(region)
                return .object(fields)
            }
            return page
        }
    }
}

@Suite("The sync target article")
struct SyncTargetArticleTests {
    @Test("the region target brings the Accounts tagged, reads back from its state after a restart, and resumes")
    func example() async throws {
        try await withSyncFixture { fixture throws in
            try await fixture.createAccounts(["Globex", "Initech"], advancing: 2)
            let manager = fixture.manager

            SyncTargetRegistry.registerDownTarget(named: "RegionTarget") { json in try RegionTarget(json: json) }

            let first = try await manager.syncDown(target: try RegionTarget(region: "West"), soupName: "accounts", name: "west")
            #expect(first.status == .done && first.recordsSynced == 2)
            #expect(try await fixture.localRecords().values.map { $0["Region"] } == ["West", "West"])

            // A new Account on the server; a restarted app's manager reads the target back from the state.
            try await fixture.createAccounts(["Umbrella"], advancing: 2)
            let again = try await fixture.restartedManager().reSync(named: "west")
            #expect(again.status == .done && again.recordsSynced == 1)
            let local = try await fixture.localRecords()
            #expect(local.count == 3 && local["Umbrella"]?["Region"] == "West")
        }
    }
}
