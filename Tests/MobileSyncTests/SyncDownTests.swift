import ForceKitTesting
import Foundation
import GRDB
import SOQL
import SalesforceAuth
import SalesforceCore
import SalesforceREST
import Testing

@testable import MobileSync
@testable import SmartStore

@Suite("Sync down")
struct SyncDownTests {
    @Test("records come down clean, stamped with the sync, and the state says DONE with the counts and the cursor")
    func firstSync() async throws {
        try await withSyncFixture { fixture throws in
            try await fixture.createAccounts(["Acme", "Beta", "Gamma"], advancing: 2)
            let updates = UpdateLog()
            let target = try SoqlSyncDownTarget(query: "SELECT Name FROM Account")
            let state = try await fixture.manager.syncDown(
                target: target, soupName: SyncFixture.soup, name: "accounts", onUpdate: updates.record)
            #expect(state.status == .done && state.progress == 100 && state.totalSize == 3)
            #expect(state.recordsSynced == 3 && state.recordsFailed == 0 && state.isDoneWithoutFailures)
            let local = try await fixture.localRecords()
            #expect(Set(local.keys) == ["Acme", "Beta", "Gamma"])
            let gamma = try #require(local["Gamma"])
            for flag in SyncField.flags { #expect(gamma[flag] == false) }
            #expect(gamma[SyncField.syncId]?.integerValue == state.id)
            #expect(gamma["attributes"]?["type"] == "Account")
            let gammaStamp = try #require(
                gamma["LastModifiedDate"]?.stringValue.flatMap(SOQLDateTime.init(parsing:))?.millisecondsSinceEpoch)
            #expect(state.maxTimeStamp == gammaStamp && state.cursorId == gamma["Id"]?.stringValue)
            #expect(updates.statuses.first == .running && updates.statuses.last == .done)
            #expect(state.startTime > 0 && state.endTime >= state.startTime, "NM-12")
            #expect(updates.statuses.filter { $0 == .done }.count == 1)
            #expect(try await fixture.manager.syncStatus(named: "accounts") == state)
        }
    }

    @Test("the stored query has the id and stamp fields and a (stamp, id) order added")
    func queryMutation() throws {
        let target = try SoqlSyncDownTarget(query: "SELECT Name FROM Account")
        #expect(target.query == "SELECT Id, LastModifiedDate, Name FROM Account ORDER BY LastModifiedDate, Id")
        #expect(target.isOrderedByCursor)
        let ordered = try SoqlSyncDownTarget(query: "select Id, Name, LastModifiedDate from Account order by LastModifiedDate limit 500")
        #expect(ordered.query == "SELECT Id, Name, LastModifiedDate FROM Account ORDER BY LastModifiedDate, Id LIMIT 500")
        let byName = try SoqlSyncDownTarget(query: "SELECT Name FROM Account ORDER BY Name DESC")
        #expect(!byName.isOrderedByCursor)
        #expect(throws: SyncError.self) { try SoqlSyncDownTarget(query: "SELECT COUNT() FROM Account") }
        #expect(throws: SyncError.self) { try SoqlSyncDownTarget(query: "SELECT Name FROM") }
    }

    @Test("A re-run keeps the user's OR inside parentheses and resumes after the (stamp, id) cursor")
    func resyncPredicate() throws {
        let target = try SoqlSyncDownTarget(query: "SELECT Name FROM Account WHERE Name = 'A' OR Name = 'B'")
        let query = target.query(after: SyncCursor(stamp: 1_556_704_800_000, id: "001A"))
        #expect(
            query
                == "SELECT Id, LastModifiedDate, Name, IsDeleted FROM Account WHERE (Name = 'A' OR Name = 'B') AND "
                + "(LastModifiedDate > 2019-05-01T10:00:00.000+0000 OR (LastModifiedDate = 2019-05-01T10:00:00.000+0000 AND Id > '001A')) "
                + "ORDER BY LastModifiedDate, Id")
    }

    @Test("pages of 200 are saved one by one with progress, and all records arrive once")
    func paging() async throws {
        try await withSyncFixture { fixture throws in
            try await fixture.createAccounts((0..<450).map { "Account \($0)" })
            var target = try SoqlSyncDownTarget(query: "SELECT Name FROM Account")
            target.batchSize = 200
            let updates = UpdateLog()
            let state = try await fixture.manager.syncDown(target: target, soupName: SyncFixture.soup, onUpdate: updates.record)
            #expect(state.status == .done && state.totalSize == 450 && state.recordsSynced == 450)
            #expect(try await fixture.localCount() == 450)
            #expect(updates.progress.contains(44) && updates.progress.contains(88) && updates.progress.last == 100)
        }
    }

    @Test(
        "Better than upstream: records sharing the stamp of the last saved page are not lost when a run fails between pages"
    )
    func gapFreeAfterFailure() async throws {
        try await withSyncFixture { fixture throws in
            // 450 records with one stamp: upstream resumes with LastModifiedDate > stamp and loses
            // every record after the first saved page.
            try await fixture.createAccounts((0..<450).map { "Account \($0)" })
            var target = try SoqlSyncDownTarget(query: "SELECT Name FROM Account")
            target.batchSize = 200
            fixture.transport.failRequest(number: 2, toPathContaining: "/query")
            let failed = try await fixture.manager.syncDown(target: target, soupName: SyncFixture.soup, name: "accounts")
            #expect(failed.status == .failed && !failed.error.isEmpty)
            #expect(failed.recordsSynced == 200)
            #expect(try await fixture.localCount() == 200)
            let stamps = try await fixture.localRecords().values.compactMap { $0["LastModifiedDate"]?.stringValue }
            #expect(Set(stamps).count == 1)
            let resumed = try await fixture.manager.reSync(named: "accounts")
            #expect(resumed.status == .done)
            #expect(resumed.recordsSynced == 250, "only what the failed run had not saved comes down again")
            #expect(try await fixture.localCount() == 450)
        }
    }

    @Test("Kill and resume: a run cut off after a page resumes from its saved cursor, losing and repeating nothing")
    func killAndResume() async throws {
        try await withSyncFixture { fixture throws in
            try await fixture.createAccounts((0..<600).map { "Account \($0)" })
            var target = try SoqlSyncDownTarget(query: "SELECT Name FROM Account")
            target.batchSize = 200
            let state = try await fixture.manager.createSyncDown(target: target, soupName: SyncFixture.soup, name: "accounts")
            // The process "dies" while the second page is on its way: the state still says RUNNING.
            fixture.transport.failRequest(number: 2, toPathContaining: "/query")
            _ = try await fixture.manager.reSync(id: state.id)
            var crashed = try #require(try await fixture.manager.syncStatus(id: state.id))
            crashed.status = .running
            try await SyncStateStore(store: fixture.store).save(crashed)
            let restarted = try await fixture.restartedManager()
            #expect(try await restarted.syncStatus(id: state.id)?.status == .stopped)
            #expect(try await restarted.syncs(withStatus: .stopped).map(\.id) == [state.id])
            let resumed = try await restarted.reSync(id: state.id)
            #expect(resumed.status == .done && resumed.recordsSynced == 400)
            let names = try await fixture.localRecords().keys
            let count = try await fixture.localCount()
            #expect(names.count == 600 && count == 600)
        }
    }

    @Test("A re-run brings only changes, and a record deleted on the server is deleted locally (no ghost)")
    func incrementalWithDeletes() async throws {
        try await withSyncFixture { fixture throws in
            let ids = try await fixture.createAccounts(["Acme", "Beta", "Gamma"], advancing: 2)
            let target = try SoqlSyncDownTarget(query: "SELECT Name FROM Account")
            _ = try await fixture.manager.syncDown(target: target, soupName: SyncFixture.soup, name: "accounts")
            fixture.org.clock.advance(by: 2)
            _ = try await fixture.server.send(fixture.server.requests.update("Account", id: ids[1], fields: ["Name": "Beta 2"]))
            _ = try await fixture.server.send(fixture.server.requests.delete("Account", id: ids[2]))
            try await fixture.createAccounts(["Delta"], advancing: 2)
            let again = try await fixture.manager.reSync(named: "accounts")
            #expect(again.status == .done && again.totalSize == 3 && again.recordsSynced == 3)
            #expect(Set(try await fixture.localRecords().keys) == ["Acme", "Beta 2", "Delta"])
            #expect(try await fixture.localRecords()["Delta"]?["IsDeleted"] == nil)
        }
    }

    @Test("OVERWRITE replaces a locally changed record; LEAVE_IF_CHANGED keeps it and counts it")
    func mergeModes() async throws {
        try await withSyncFixture { fixture throws in
            try await fixture.createAccounts(["Acme", "Beta"], advancing: 2)
            let target = try SoqlSyncDownTarget(query: "SELECT Name FROM Account")
            _ = try await fixture.manager.syncDown(target: target, soupName: SyncFixture.soup)
            let acme = try #require(try await fixture.localRecords()["Acme"]?["_soupEntryId"]?.integerValue)
            try await fixture.store.updateLocally(soupEntryId: acme, inSoup: SyncFixture.soup) { $0["Note"] = "mine" }
            let kept = try await fixture.manager.syncDown(target: target, options: .syncDown(.leaveIfChanged), soupName: SyncFixture.soup)
            #expect(kept.status == .done && kept.recordsConflicted == 1 && kept.recordsSynced == 1)
            #expect(try await fixture.localRecords()["Acme"]?["Note"] == "mine")
            #expect(try await fixture.localRecords()["Acme"]?[SyncField.local] == true)
            _ = try await fixture.manager.syncDown(target: target, options: .syncDown(.overwrite), soupName: SyncFixture.soup)
            #expect(try await fixture.localRecords()["Acme"]?["Note"] == nil)
            #expect(try await fixture.localRecords()["Acme"]?[SyncField.local] == false)
        }
    }

    @Test("Better than upstream: a record edited while a long LEAVE_IF_CHANGED sync down runs keeps the edit")
    func editDuringSyncDown() async throws {
        try await withSyncFixture { fixture throws in
            try await fixture.createAccounts((0..<450).map { "Account \($0)" })
            var target = try SoqlSyncDownTarget(query: "SELECT Name FROM Account")
            target.batchSize = 200
            let first = try await fixture.manager.syncDown(target: target, options: .syncDown(.leaveIfChanged), soupName: SyncFixture.soup)
            // The server changes everything; the user edits the last record while the re-run is between pages.
            fixture.org.clock.advance(by: 2)
            let ids = try await fixture.localRecords().values.compactMap { $0["Id"]?.stringValue }
            for chunk in ids.chunks(of: 200) {
                _ = try await fixture.server.send(
                    fixture.server.requests.updateRecords(
                        chunk.map { SObjectRecord("Account", fields: ["Id": .string($0), "Industry": "Energy"]) }))
            }
            let last = try #require(
                try await fixture.localRecords().values.max { ($0["Id"]?.stringValue ?? "") < ($1["Id"]?.stringValue ?? "") })
            let entryId = try #require(last["_soupEntryId"]?.integerValue)
            let store = fixture.store
            fixture.transport.beforeRequest(where: { $0.url.path.contains("/query/") }) {
                _ = try? await store.updateLocally(soupEntryId: entryId, inSoup: SyncFixture.soup) { $0["Note"] = "edited offline" }
            }
            let state = try await fixture.manager.reSync(id: first.id)
            #expect(state.status == .done && state.recordsConflicted == 1 && state.recordsSynced == 449)
            let after = try #require(try await store.retrieve(usingSoupEntryIds: [entryId], inSoup: SyncFixture.soup).first)
            #expect(after["Note"] == "edited offline")
            #expect(after[SyncField.local] == true)
        }
    }
}

/// Collects a run's updates.
final class UpdateLog: Sendable {
    private let states = Locked<[SyncState]>([])

    var record: @Sendable (SyncState) -> Void { { [states] state in states.withLock { $0.append(state) } } }
    var statuses: [SyncStatus] { states.current.map(\.status) }
    var progress: [Int] { states.current.map(\.progress) }
}

@Suite("Sync down: records stored as the server sent them")
struct ReceivedTextTests {
    @Test("Records keep the server's own text, with the flags after their fields, and read back clean")
    func serverText() async throws {
        try await withSyncFixture { fixture throws in
            try await fixture.createAccounts(["Acme", "Beta"])
            // A server that spaces its JSON and spells numbers its own way.
            fixture.transport.rewriteResponses(where: { $0.url.path.contains("/query") }) { body in
                Data(String(decoding: body, as: UTF8.self).replacingOccurrences(of: "\"Name\":", with: "\"Name\" :  ").utf8)
            }
            let state = try await fixture.manager.syncDown(
                target: try SoqlSyncDownTarget(query: "SELECT Name, NumberOfEmployees FROM Account"), soupName: SyncFixture.soup)
            #expect(state.status == .done && state.recordsSynced == 2)
            let local = try await fixture.localRecords()
            #expect(Set(local.keys) == ["Acme", "Beta"])
            for record in local.values {
                #expect(record[SyncField.local] == false && record[SyncField.locallyUpdated] == false)
                #expect(record[SyncField.syncId] == .integer(state.id) && record[SyncField.lastError] == .null)
                #expect(record["attributes"]?["type"] == "Account")
            }
            let rows = try await fixture.store.read { db in try String.fetchAll(db, sql: "SELECT soup FROM TABLE_1") }
            #expect(rows.count == 2 && rows.allSatisfy { $0.contains("\"Name\" :  \"") && $0.contains(",\"__local__\":false") })
        }
    }

    @Test("A server record with fields named like the sync's own is stored clean: flags false, no base or conflict")
    func bookkeepingFromTheServer() async throws {
        try await withSyncFixture { fixture throws in
            try await fixture.createAccounts(["Acme"])
            fixture.transport.rewriteResponses(where: { $0.url.path.contains("/query") }) { body in
                Data(
                    String(decoding: body, as: UTF8.self).replacingOccurrences(
                        of: "\"Name\":", with: "\"__local__\":true,\"__base__\":{\"Name\":\"x\"},\"__conflict__\":{},\"Name\":"
                    ).utf8)
            }
            let state = try await fixture.manager.syncDown(
                target: try SoqlSyncDownTarget(query: "SELECT Name FROM Account"), soupName: SyncFixture.soup)
            #expect(state.status == .done)
            let record = try #require(try await fixture.localRecords()["Acme"])
            #expect(record[SyncField.local] == false && record[SyncField.base] == nil && record[SyncField.conflict] == nil)
            #expect(
                try await fixture.store.count(
                    using: .buildExactQuerySpec(soupName: SyncFixture.soup, path: SyncField.local, matchKey: "true")) == 0)
        }
    }

    @Test("A target of the app's that changes the records another target fetched gets its changes stored")
    func changedRecords() async throws {
        try await withSyncFixture { fixture throws in
            try await fixture.createAccounts(["Acme", "Beta"])
            SyncTargetRegistry.registerDownTarget(named: "RatingTarget") { json in
                RatingTarget(inner: try SoqlSyncDownTarget(json: json["inner"] ?? .null))
            }
            let target = RatingTarget(inner: try SoqlSyncDownTarget(query: "SELECT Name FROM Account"))
            let state = try await fixture.manager.syncDown(target: target, soupName: SyncFixture.soup)
            #expect(state.status == .done && state.recordsSynced == 2)
            let local = try await fixture.localRecords()
            #expect(local.values.map { $0["Rating"] } == ["Hot", "Hot"])
            #expect(local.values.allSatisfy { $0[SyncField.local] == false })
        }
    }
}

/// A target of an app's: a SOQL target's records, each rated "Hot" on the way in.
private struct RatingTarget: SyncDownTarget {
    let inner: SoqlSyncDownTarget
    var json: JSON { ["type": "custom", "swiftImpl": "RatingTarget", "inner": inner.json] }
    var isOrderedByCursor: Bool { true }

    func fetch(after cursor: SyncCursor?, context: SyncContext) async throws -> any SyncDownFetch {
        Rated(inner: try await inner.fetch(after: cursor, context: context))
    }

    func remoteIds(among localIds: [String], context: SyncContext) async throws -> Set<String> {
        try await inner.remoteIds(among: localIds, context: context)
    }

    struct Rated: SyncDownFetch {
        let inner: any SyncDownFetch

        func nextPage() async throws -> SyncDownPage? {
            guard var page = try await inner.nextPage() else { return nil }
            page.records = page.records.map { record in
                var members = record.objectValue ?? [:]
                members["Rating"] = "Hot"
                return .object(members)
            }
            return page
        }
    }
}
