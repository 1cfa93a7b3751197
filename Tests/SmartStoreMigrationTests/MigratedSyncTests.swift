import ForceKitTestSupport
import ForceKitTesting
import Foundation
import MobileSync
import SalesforceCore
import SalesforceREST
import SmartStore
import SmartStoreMigration
import Testing

@Suite("Syncs migrated from a Mobile SDK store run on, against LocalOrg")
struct MigratedSyncTests {
    /// The fixture's sync down saved its last page at this stamp (`maxTimeStamp`), 2023-11-14T22:13:20.150Z.
    static let maxTimeStamp: Int64 = 1_700_000_000_150

    @Test("The sync down resumes from its timestamp, and the records changed offline go up once")
    func syncsResume() async throws {
        // The org's clock starts two weeks before the sync state's stamp.
        let start = Date(timeIntervalSince1970: TimeInterval(Self.maxTimeStamp) / 1000 - 14 * 86_400)
        try await withLocalOrg(.inProcess, tokenLifetime: 90 * 86_400, startingAt: start) { org in
            let credentials = try await org.logIn(transport: org.transport)
            let server = RestClient(credentials: credentials, refresher: nil, transport: org.transport)
            _ = try await server.send(server.requests.create("Account", fields: ["Name": "Changed before the stamp"]))
            org.clock.advance(by: 30 * 86_400)
            _ = try await server.send(server.requests.create("Account", fields: ["Name": "Changed after the stamp"]))

            try await MobileSDKStoreMigrationTests.withNewStore { store, _ in
                _ = try await MobileSDKStoreMigrationTests.migration("passphrase.db").migrate(into: store)
                let migrated = try await store.count(using: .buildAllQuerySpec(soupName: "accounts"))
                let client = RestClient(credentials: credentials, refresher: nil, transport: org.transport)
                let manager = try await SyncManager(store: store, client: client)

                let before = try #require(try await manager.syncStatus(named: "accounts"))
                #expect(before.maxTimeStamp == Self.maxTimeStamp)
                let down = try await manager.reSync(named: "accounts")
                #expect(down.status == .done)
                #expect(down.maxTimeStamp > Self.maxTimeStamp)
                let names = Set(
                    try await store.query(using: .buildAllQuerySpec(soupName: "accounts", pageSize: 1_000)).compactMap {
                        $0["Name"]?.stringValue
                    })
                #expect(names.contains("Changed after the stamp"))
                #expect(!names.contains("Changed before the stamp"))
                #expect(try await store.count(using: .buildAllQuerySpec(soupName: "accounts")) == migrated + 1)

                // The three accounts created offline in the SDK's store are created once, however
                // often the sync up runs.
                let up = try await manager.syncUp(options: .syncUp(fieldlist: ["Name"]), soupName: "accounts")
                #expect(up.id == 2, "the sync up's id follows the SDK's syncs_soup sequence")
                // What the SDK's store held as dirty, read from the fixture's rows.
                let fixture = try MobileSDKStoreMigrationTests.expectedEntries("TABLE_1", of: "passphrase.db").values
                let dirty = fixture.filter { $0["__local__"] == true }
                let edited = dirty.filter { $0["__locally_updated__"] == true && $0["__locally_deleted__"] != true }
                #expect(up.status == .done)
                #expect(up.recordsSynced == dirty.count)
                #expect(up.recordsFailed == 0)
                let again = try await manager.reSync(id: up.id)
                #expect(again.totalSize == 0)
                #expect(again.recordsSynced == 0)
                #expect(try await store.count(using: .buildExactQuerySpec(soupName: "accounts", path: "__local__", matchKey: "true")) == 0)
                let editedOnServer = try await server.send(server.requests.query("SELECT Name FROM Account WHERE Name LIKE '%(edited)'"))
                #expect(
                    (editedOnServer.json?["records"]?.arrayValue ?? []).compactMap { $0["Name"]?.stringValue }.sorted()
                        == edited.compactMap { $0["Name"]?.stringValue }.sorted())
                let created = try await server.send(
                    server.requests.query("SELECT Id, Name FROM Account WHERE Name LIKE 'New %' ORDER BY Name"))
                #expect(created.json?["records"]?.arrayValue?.compactMap { $0["Name"]?.stringValue } == ["New 0", "New 1", "New 2"])
                let local = try await store.query(
                    using: .buildSmartQuerySpec(
                        smartSQL: "SELECT {accounts:Id} FROM {accounts} WHERE {accounts:Name} LIKE 'New %' ORDER BY {accounts:Name}"))
                #expect(local.allSatisfy { $0[0]?.stringValue?.hasPrefix("001") == true }, "\(local)")
            }
        }
    }
}
