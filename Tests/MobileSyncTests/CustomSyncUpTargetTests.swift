import ForceKitTesting
import Foundation
import MobileSync
import SalesforceAuth
import SalesforceCore
import SalesforceREST
import SmartStore
import Testing

/// Custom sync-up targets, as the guide documents them: registered by name, named in
/// `usersyncs.json`, writing through the app's own endpoint (here LocalOrg's Apex REST routes),
/// with the pipeline keeping flags, conflicts and kill safety as for every target.
@Suite("Custom sync-up targets")
struct CustomSyncUpTargetTests {
    static let config = """
        {"syncs": [
          {"syncName": "apexUp", "syncType": "syncUp", "soupName": "accounts",
           "target": {"type": "custom", "swiftImpl": "ApexAccounts", "path": "/accounts", "createFieldlist": ["Name"], "updateFieldlist": ["Name"]},
           "options": {"mergeMode": "OVERWRITE"}},
          {"syncName": "unknownUp", "syncType": "syncUp", "soupName": "accounts",
           "target": {"type": "custom", "swiftImpl": "NoSuchTarget"}}
        ]}
        """

    static func apexCalls(_ fixture: SyncFixture) -> [String] {
        fixture.transport.requests.filter { $0.url.path.contains("/services/apexrest/") }.map { "\($0.method) \($0.url.path)" }
    }

    @Test("a custom target named in usersyncs.json writes creates, updates and deletes through the app's Apex REST endpoint")
    func fromConfiguration() async throws {
        try await withSyncFixture { fixture throws in
            let config = try SyncsConfig(data: Array(Self.config.utf8))
            #expect(config.entries.map(\.name) == ["apexUp"])
            #expect(config.problems.count == 1 && config.problems[0].contains("no custom sync-up target is registered as \"NoSuchTarget\""))
            _ = try await fixture.manager.createSyncs(from: config)
            let saved = try #require(try await fixture.manager.syncStatus(named: "apexUp"))
            #expect(saved.target["swiftImpl"] == "ApexAccounts" && saved.target["path"] == "/accounts")

            let ids = try await fixture.createAccounts(["Keep", "Drop"], advancing: 2)
            _ = try await fixture.manager.syncDown(
                target: try SoqlSyncDownTarget(query: "SELECT Name FROM Account"), soupName: SyncFixture.soup)
            let local = try await fixture.localRecords()
            _ = try await fixture.store.updateLocally(
                soupEntryId: try #require(local["Keep"]?["_soupEntryId"]?.integerValue), inSoup: SyncFixture.soup
            ) {
                $0["Name"] = "Kept"
            }
            try await fixture.store.deleteLocally(
                soupEntryId: try #require(local["Drop"]?["_soupEntryId"]?.integerValue), inSoup: SyncFixture.soup)
            _ = try await fixture.store.createLocally(["Name": "Made Offline"], objectType: "Account", inSoup: SyncFixture.soup)

            let state = try await fixture.manager.reSync(named: "apexUp")
            #expect(state.status == .done && state.isDoneWithoutFailures && state.recordsSynced == 3, "\(state.error)")
            let calls = Self.apexCalls(fixture)
            #expect(calls.contains("POST /services/apexrest/accounts"))
            #expect(
                calls.contains("PATCH /services/apexrest/accounts/\(ids[0])")
                    && calls.contains("DELETE /services/apexrest/accounts/\(ids[1])"))
            #expect(try await fixture.serverRecord(ids[0])?["Name"] == "Kept")
            await #expect(throws: RestError.self) { try await fixture.serverRecord(ids[1]) }
            let after = try await fixture.localRecords()
            let made = try #require(after["Made Offline"])
            let madeId = try #require(made["Id"]?.stringValue)
            #expect(!LocalID.isLocal(madeId) && made[SyncField.local] == false && made["LastModifiedDate"]?.stringValue != nil)
            #expect(try await fixture.serverRecord(madeId)?["Name"] == "Made Offline")
            #expect(after["Kept"]?[SyncField.local] == false && after["Drop"] == nil)
        }
    }

    @Test("a custom target that is not registered fails the call that creates the sync, with what to do")
    func unregistered() async throws {
        try await withSyncFixture { fixture throws in
            do {
                _ = try await fixture.manager.syncUp(
                    target: .custom("Missing"), options: .syncUp(fieldlist: ["Name"]), soupName: SyncFixture.soup)
                Issue.record("a sync up with an unregistered custom target started")
            } catch {
                #expect(
                    "\(error)".contains("no custom sync-up target is registered as \"Missing\"") && "\(error)".contains("registerUpTarget"))
            }
        }
    }

    /// A target whose own code refuses records named "Refused": the app's error, not a server's.
    struct PickyTarget: CustomSyncUpTarget {
        struct Refusal: Error, CustomStringConvertible {
            var description: String { "The app's endpoint does not take this record." }
        }
        let inner = ApexAccountsTarget(path: "/accounts")

        func createOnServer(_ objectType: String, fields: [String: JSON], context: SyncUpContext) async throws -> String {
            if fields["Name"] == "Refused" { throw Refusal() }
            return try await inner.createOnServer(objectType, fields: fields, context: context)
        }
        func updateOnServer(_ objectType: String, id: String, fields: [String: JSON], context: SyncUpContext) async throws {
            try await inner.updateOnServer(objectType, id: id, fields: fields, context: context)
        }
        func deleteOnServer(_ objectType: String, id: String, context: SyncUpContext) async throws {
            try await inner.deleteOnServer(objectType, id: id, context: context)
        }
    }

    @Test("an error of the app's own target fails that record with its words; the others sync, and the next run sends it again")
    func appErrors() async throws {
        try await withSyncFixture { fixture throws in
            SyncTargetRegistry.registerUpTarget(named: "Picky") { _ in PickyTarget() }
            _ = try await fixture.store.createLocally(["Name": "Refused"], objectType: "Account", inSoup: SyncFixture.soup)
            _ = try await fixture.store.createLocally(["Name": "Taken"], objectType: "Account", inSoup: SyncFixture.soup)
            let state = try await fixture.manager.syncUp(
                target: .custom("Picky"), options: .syncUp(fieldlist: ["Name"]), soupName: SyncFixture.soup, name: "picky")
            #expect(state.status == .done && state.recordsSynced == 1 && state.recordsFailed == 1)
            let refused = try #require(try await fixture.localRecords()["Refused"])
            #expect(
                refused[SyncField.lastError] == "The app's endpoint does not take this record." && refused[SyncField.locallyCreated] == true
            )
            #expect(try await fixture.localRecords()["Taken"]?[SyncField.local] == false)
        }
    }

    @Test("Better than upstream: a custom target's create whose answer was lost is found on the resume, not made twice")
    func lostAnswer() async throws {
        try await withSyncFixture { fixture throws in
            for index in 0..<5 {
                _ = try await fixture.store.createLocally(
                    ["Name": .string("Apex \(index)")], objectType: "Account", inSoup: SyncFixture.soup)
            }
            fixture.transport.loseAnswer(number: 3, toPathContaining: "/services/apexrest/accounts")
            let target = SyncUpTarget.testing(.custom)
            let first = try await fixture.manager.syncUp(target: target, options: .syncUp(fieldlist: ["Name"]), soupName: SyncFixture.soup)
            #expect(first.status == .failed && first.recordsSynced == 2)
            let again = try await fixture.manager.reSync(id: first.id)
            #expect(again.isDoneWithoutFailures && again.recordsReconciled == 1 && again.recordsSynced == 2)
            let count = try await fixture.server.send(
                fixture.server.requests.query("SELECT COUNT() FROM Account WHERE Name LIKE 'Apex %'")
            ).json?["totalSize"]?.integerValue
            #expect(count == 5)
        }
    }
}
