import ForceKitTesting
import Foundation
import SalesforceAuth
import SalesforceCore
import SalesforceREST
import Testing

@testable import MobileSync
@testable import SmartStore

/// Priming a soup through a Bulk API 2.0 query job, and the handover to the REST cursor.
@Suite("Bulk API priming")
struct BulkPrimingTests {
    static func primingTarget(_ query: String = "SELECT Name, NumberOfEmployees, Owner.Name FROM Account") throws -> SoqlSyncDownTarget {
        var target = try SoqlSyncDownTarget(query: query)
        target.primesWithBulkAPI = true
        return target
    }

    @Test("a first sync through a query job brings the same records, typed as REST brings them, and re-syncs go through REST")
    func sameRecordsAsREST() async throws {
        try await withSyncFixture { fixture throws in
            let ids = try await fixture.createAccounts((0..<450).map { "Account \($0)" })
            try await fixture.updateOnServer("Account", id: ids[0], ["NumberOfEmployees": 42])
            try await fixture.store.registerSoup("viaREST", indexSpecs: [IndexSpec(path: "Id", type: .string)])
            let state = try await fixture.manager.syncDown(target: try Self.primingTarget(), soupName: SyncFixture.soup, name: "primed")
            #expect(state.status == .done && state.isDoneWithoutFailures && state.totalSize == 450 && state.recordsSynced == 450)
            #expect(fixture.transport.requests.contains { $0.url.path.hasSuffix("/jobs/query") })
            _ = try await fixture.manager.syncDown(
                target: try SoqlSyncDownTarget(query: "SELECT Name, NumberOfEmployees, Owner.Name FROM Account"), soupName: "viaREST")
            func serverFields(_ records: [JSON]) -> [String: JSON] {
                var byId: [String: JSON] = [:]
                for record in records {
                    let fields = RecordFlags(record).serverFields
                    if let id = fields["Id"]?.stringValue { byId[id] = .object(fields.filter { $0.key != SyncField.syncId }) }
                }
                return byId
            }
            let primed = serverFields(try await fixture.store.query(using: .buildAllQuerySpec(soupName: SyncFixture.soup, pageSize: 1000)))
            let viaREST = serverFields(try await fixture.store.query(using: .buildAllQuerySpec(soupName: "viaREST", pageSize: 1000)))
            #expect(primed.count == 450 && primed.keys == viaREST.keys)
            for (id, record) in primed {
                // A parent's URL needs its id, which the CSV has only when the query selects it.
                var rest = try #require(viaREST[id]?.objectValue)
                if case .object(var owner) = rest["Owner"] {
                    owner["attributes"] = ["type": owner["attributes"]?["type"] ?? .null]
                    rest["Owner"] = .object(owner)
                }
                #expect(record == .object(rest))
            }
            #expect(primed[ids[0]]?["NumberOfEmployees"] == 42 && primed[ids[1]]?["Owner"]?["Name"]?.stringValue?.isEmpty == false)
            let jobsBefore = fixture.transport.requests.filter { $0.url.path.contains("/jobs/") }.count
            fixture.org.clock.advance(by: 5)
            try await fixture.updateOnServer("Account", id: ids[1], ["Name": "Renamed"])
            let again = try await fixture.manager.reSync(named: "primed")
            #expect(again.recordsSynced == 1 && fixture.transport.requests.filter { $0.url.path.contains("/jobs/") }.count == jobsBefore)
        }
    }

    @Test("Gap-free handover: records changed, created or deleted while the job's results are read still come down in the same run")
    func changesDuringTheJob() async throws {
        try await withSyncFixture { fixture throws in
            let ids = try await fixture.createAccounts((0..<30).map { "Account \($0)" })
            let server = fixture.server
            let clock = fixture.org.clock
            fixture.transport.beforeRequest(where: { $0.url.path.hasSuffix("/results") }) {
                clock.advance(by: 2)
                _ = try? await server.send(server.requests.update("Account", id: ids[3], fields: ["Name": "Changed meanwhile"]))
                _ = try? await server.send(server.requests.create("Account", fields: ["Name": "Created meanwhile"]))
                _ = try? await server.send(server.requests.delete("Account", id: ids[4]))
            }
            let state = try await fixture.manager.syncDown(
                target: try Self.primingTarget("SELECT Name FROM Account"), soupName: SyncFixture.soup)
            // LocalOrg reads a job's rows when its results are read: the changed record comes with
            // them; the created one is not among the job's rows and comes with the handover.
            #expect(state.status == .done && state.isDoneWithoutFailures && state.recordsSynced == 30)
            let local = try await fixture.localRecords()
            #expect(local["Changed meanwhile"] != nil && local["Account 3"] == nil && local["Created meanwhile"] != nil)
            #expect(local["Account 4"] == nil && local.count == 30)
            #expect(state.maxTimeStamp > 0)
        }
    }

    @Test("a job the server fails fails the sync with the server's reason, and nothing is half-saved as done")
    func failedJob() async throws {
        try await withSyncFixture { fixture throws in
            try await fixture.createAccounts(["One", "Two"])
            fixture.transport.failRequest(number: 1, toPathContaining: "/results")
            let state = try await fixture.manager.syncDown(target: try Self.primingTarget(), soupName: SyncFixture.soup, name: "primed")
            #expect(state.status == .failed && !state.error.isEmpty && state.maxTimeStamp == -1)
            let again = try await fixture.manager.reSync(named: "primed")
            let count = try await fixture.localCount()
            #expect(again.status == .done && count == 2)
        }
    }
}
