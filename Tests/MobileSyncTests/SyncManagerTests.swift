import ForceKitTesting
import Foundation
import MobileSync
import SalesforceAuth
import SalesforceCore
import SalesforceREST
import SmartStore
import Testing

@Suite("Sync manager")
struct SyncManagerTests {
    static let query = "SELECT Name FROM Account"

    @Test("a name is unique in the store; unknown ids and names are syncNotFound")
    func names() async throws {
        try await withSyncFixture { fixture throws in
            let manager = fixture.manager
            let target = try SoqlSyncDownTarget(query: Self.query)
            let state = try await manager.syncDown(target: target, soupName: SyncFixture.soup, name: "s1")
            #expect(try await manager.hasSync(named: "s1"))
            #expect(try await manager.syncStatus(named: "s1")?.id == state.id)
            let duplicate = await #expect(throws: SyncError.self) {
                try await manager.syncDown(target: target, soupName: SyncFixture.soup, name: "s1")
            }
            #expect(duplicate?.code == .duplicateName)
            #expect(try await manager.allSyncs().count == 1)
            await #expect(throws: SyncError.syncNotFound("9999")) { try await manager.reSync(id: 9999) }
            await #expect(throws: SyncError.syncNotFound("\"nope\"")) { try await manager.reSync(named: "nope") }
            await #expect(throws: SyncError.syncNotFound("\"nope\"")) { try await manager.cleanResyncGhosts(named: "nope") }
            try await manager.deleteSync(named: "s1")
            #expect(try await !manager.hasSync(named: "s1"))
            try await manager.deleteSync(named: "s1")
        }
    }

    @Test("usersyncs.json creates NEW syncs without running them, once; bad entries are named and skipped")
    func config() async throws {
        try await withSyncFixture { fixture throws in
            let text = """
                {"syncs": [
                  {"syncName": "syncDownContacts", "syncType": "syncDown", "soupName": "contacts",
                   "target": {"type": "soql", "query": "SELECT FirstName, LastName, Title FROM Contact LIMIT 10000"},
                   "options": {"mergeMode": "OVERWRITE"}},
                  {"syncName": "syncUpContacts", "syncType": "syncUp", "soupName": "contacts",
                   "target": {"createFieldlist": ["FirstName", "LastName", "Title"]},
                   "options": {"fieldlist": ["Id", "FirstName", "LastName", "Title"], "mergeMode": "LEAVE_IF_CHANGED"}},
                  {"syncName": "bad", "syncType": "syncUp", "soupName": "contacts", "options": {"mergeMode": "MERGE"}}
                ]}
                """
            let config = try SyncsConfig(data: Array(text.utf8))
            #expect(config.entries.map(\.name) == ["syncDownContacts", "syncUpContacts"])
            #expect(config.problems.count == 1 && config.problems[0].contains("MERGE"))
            let requestsBefore = fixture.transport.requests.count
            let created = try await fixture.manager.createSyncs(from: config)
            #expect(created.map(\.status) == [.new, .new])
            #expect(fixture.transport.requests.count == requestsBefore)
            let down = try #require(try await fixture.manager.syncStatus(named: "syncDownContacts"))
            #expect(
                down.target["query"]
                    == "SELECT Id, LastModifiedDate, FirstName, LastName, Title FROM Contact ORDER BY LastModifiedDate, Id LIMIT 10000")
            let up = try #require(try await fixture.manager.syncStatus(named: "syncUpContacts"))
            #expect(up.type == .syncUp && up.options.mergeMode == .leaveIfChanged && up.target["type"] == "collection")
            #expect(try await fixture.manager.createSyncs(from: config).isEmpty)
            #expect(try await fixture.manager.allSyncs().count == 2)
        }
    }

    @Test("a state written by the upstream SDK decodes, and ours round-trips with the SDK's keys")
    func upstreamState() throws {
        let upstream = """
            {"_soupEntryId": 3, "type": "syncDown", "name": "syncDownContacts",
             "target": {"type": "soql", "query": "select Id,LastModifiedDate,FirstName from Contact order by LastModifiedDate limit 10000",
                        "idFieldName": "Id", "modificationDateFieldName": "LastModifiedDate", "iOSImpl": "SFSoqlSyncDownTarget"},
             "options": {"mergeMode": "OVERWRITE"}, "soupName": "contacts", "status": "DONE", "progress": 100, "totalSize": 42,
             "maxTimeStamp": 1556704800000, "startTime": 1556704900123, "endTime": 1556704901456, "error": ""}
            """
        let state = try SyncState(json: try JSON(parsing: upstream))
        #expect(state.id == 3 && state.name == "syncDownContacts" && state.status == .done && state.totalSize == 42)
        #expect(state.maxTimeStamp == 1_556_704_800_000 && state.cursorId == nil && state.endTime == 1_556_704_901_456)
        #expect(try SyncTargetRegistry.downTarget(from: state.target).isOrderedByCursor)
        #expect(try SyncState(json: state.json) == state)
        let keys = Set(state.json.objectValue?.keys.map { $0 } ?? [])
        #expect(
            keys.isSuperset(of: [
                "_soupEntryId", "type", "name", "target", "options", "soupName", "status", "progress", "totalSize", "maxTimeStamp",
                "startTime", "endTime", "error",
            ]))
        #expect(throws: SyncError.self) { try SyncState(json: ["type": "sideways"]) }
        let androidUp = try SyncUpTarget(json: ["androidImpl": "com.salesforce.androidsdk.smartsync.target.BatchSyncUpTarget"])
        #expect(androidUp.kind == .batch)
        #expect(try SyncUpTarget(json: ["iOSImpl": "SFSyncUpTarget"]).kind == .singleRecord)
        #expect(try SyncUpTarget(json: [:]).kind == .collection)
    }

    @Test("a running sync cannot be re-run; stop ends it STOPPED; restart resumes it to DONE")
    func stopAndRestart() async throws {
        try await withSyncFixture { fixture throws in
            try await fixture.createAccounts((0..<600).map { "Account \($0)" })
            var target = try SoqlSyncDownTarget(query: Self.query)
            target.batchSize = 200
            let manager = fixture.manager
            let created = try await manager.createSyncDown(target: target, soupName: SyncFixture.soup, name: "big")
            let rerun = Locked<SyncError?>(nil)
            fixture.transport.beforeRequest(where: { $0.url.path.contains("/query/") }) {
                do { _ = try await manager.reSync(id: created.id) } catch { rerun.withLock { $0 = error as? SyncError } }
                await manager.stop()
            }
            let stopped = try await manager.reSync(id: created.id)
            #expect(rerun.current?.code == .alreadyRunning)
            #expect(stopped.status == .stopped && stopped.recordsSynced < 600)
            #expect(await manager.isStopped)
            #expect(await !manager.isStopping)
            await #expect(throws: SyncError.managerStopped) { try await manager.reSync(id: created.id) }
            await #expect(throws: SyncError.managerStopped) { try await manager.cleanResyncGhosts(id: created.id) }
            let finals = try await manager.restart(restartStoppedSyncs: true)
            #expect(finals.map(\.status) == [.done])
            #expect(try await fixture.localCount() == 600)
            await #expect(throws: SyncError.cannotRestart) { try await manager.restart(restartStoppedSyncs: false) }
        }
    }

    @Test(
        "Better than upstream: ghost cleaning removes only this sync's clean records the server no longer has, never a dirty one"
    )
    func ghosts() async throws {
        try await withSyncFixture { fixture throws in
            let ids = try await fixture.createAccounts(["A1", "A2", "A3", "A4"], advancing: 2)
            let manager = fixture.manager
            let state = try await manager.syncDown(
                target: try SoqlSyncDownTarget(query: Self.query), soupName: SyncFixture.soup, name: "all")
            // Another sync's record and a local creation share the soup.
            _ = try await fixture.store.upsert(
                entries: [["Id": "001000000000999AAA", "Name": "Other", SyncField.local: false, SyncField.syncId: 777]],
                inSoup: SyncFixture.soup, withExternalIdPath: "Id")
            _ = try await fixture.store.createLocally(["Name": "Mine"], objectType: "Account", inSoup: SyncFixture.soup)
            let local = try await fixture.localRecords()
            try await fixture.store.updateLocally(
                soupEntryId: try #require(local["A2"]?["_soupEntryId"]?.integerValue), inSoup: SyncFixture.soup
            ) {
                $0["Note"] = "dirty"
            }
            for id in ids[1...2] { _ = try await fixture.server.send(fixture.server.requests.delete("Account", id: id)) }
            let removed = try await manager.cleanResyncGhosts(id: state.id)
            #expect(removed == 1)
            #expect(Set(try await fixture.localRecords().keys) == ["A1", "A2", "A4", "Other", "Mine"])
            #expect(try await manager.syncStatus(id: state.id) == state)
            let up = try await manager.createSyncUp(options: .syncUp(fieldlist: ["Name"]), soupName: SyncFixture.soup)
            await #expect(throws: SyncError.wrongSyncType("\(up.id)", expected: .syncDown)) {
                try await manager.cleanResyncGhosts(id: up.id)
            }
        }
    }

    @Test("A ghost query with LIMIT keeps its ORDER BY, so the records it keeps are the ones the sync brought")
    func ghostsWithLimit() async throws {
        try await withSyncFixture { fixture throws in
            try await fixture.createAccounts(["A1", "A2", "A3", "A4"], advancing: 2)
            let target = try SoqlSyncDownTarget(query: "SELECT Name FROM Account ORDER BY Name DESC LIMIT 2")
            let state = try await fixture.manager.syncDown(target: target, soupName: SyncFixture.soup)
            #expect(Set(try await fixture.localRecords().keys) == ["A4", "A3"])
            #expect(try await fixture.manager.cleanResyncGhosts(id: state.id) == 0)
            #expect(Set(try await fixture.localRecords().keys) == ["A4", "A3"])
        }
    }
}

@Suite("Sync manager concurrency")
struct SyncConcurrencyTests {
    @Test("Syncs of two soups run at the same time, and three syncs at once (two on one soup) all end DONE with every record")
    func concurrentSyncs() async throws {
        try await withSyncFixture { fixture throws in
            try await fixture.createAccounts((0..<500).map { "Account \($0)" })
            try await fixture.store.registerSoup(
                "others", indexSpecs: [IndexSpec(path: "Id", type: .string), IndexSpec(path: SyncField.local, type: .string)])
            var target = try SoqlSyncDownTarget(query: "SELECT Name FROM Account")
            target.batchSize = 200
            let manager = fixture.manager
            let running = Locked<[String: Int]>([:])
            let overlap = Locked(false)
            func observer(_ soup: String) -> @Sendable (SyncState) -> Void {
                { state in
                    running.withLock { counts in
                        counts[soup] = state.status == .running ? 1 : 0
                        if counts.values.reduce(0, +) > 1 { overlap.withLock { $0 = true } }
                    }
                }
            }
            async let first = manager.syncDown(target: target, soupName: SyncFixture.soup, onUpdate: observer("a"))
            async let second = manager.syncDown(target: target, soupName: "others", onUpdate: observer("b"))
            async let third = manager.syncDown(target: target, soupName: SyncFixture.soup)
            let states = try await [first, second, third]
            #expect(states.allSatisfy { $0.status == .done && $0.recordsSynced == 500 })
            #expect(try await fixture.localCount() == 500)
            #expect(try await fixture.store.count(using: .buildAllQuerySpec(soupName: "others")) == 500)
            #expect(overlap.current, "the two soups' syncs ran at the same time")
        }
    }
}
