import ForceKitTesting
import Foundation
import LocalOrg
import SalesforceAuth
import SalesforceCore
import SalesforceREST
import Testing

@testable import MobileSync
@testable import SmartStore

/// The spec's scenarios not covered elsewhere (mobilesync.md §11).
@Suite("Sync scenarios")
struct ScenarioTests {
    @Test("a local creation stays dirty in both modes; a local delete is undone by OVERWRITE and kept by LEAVE_IF_CHANGED")
    func localCreatesAndDeletes() async throws {
        try await withSyncFixture { fixture throws in
            try await fixture.createAccounts(["Acme", "Beta"], advancing: 2)
            let target = try SoqlSyncDownTarget(query: "SELECT Name FROM Account")
            _ = try await fixture.manager.syncDown(target: target, soupName: SyncFixture.soup)
            let created = try await fixture.store.createLocally(["Name": "New"], objectType: "Account", inSoup: SyncFixture.soup)
            let acme = try #require(try await fixture.localRecords()["Acme"]?["_soupEntryId"]?.integerValue)
            try await fixture.store.deleteLocally(soupEntryId: acme, inSoup: SyncFixture.soup)
            _ = try await fixture.manager.syncDown(target: target, options: .syncDown(.leaveIfChanged), soupName: SyncFixture.soup)
            #expect(try await fixture.localRecords()["Acme"]?[SyncField.locallyDeleted] == true)
            _ = try await fixture.manager.syncDown(target: target, soupName: SyncFixture.soup)
            let local = try await fixture.localRecords()
            #expect(local["Acme"]?[SyncField.locallyDeleted] == false && local["Acme"]?[SyncField.local] == false)
            #expect(local["New"]?[SyncField.locallyCreated] == true && local["New"]?["_soupEntryId"] == created["_soupEntryId"])
        }
    }

    @Test("a delete of a record the server already deleted succeeds; create and update send their own field lists")
    func deletesAndFieldLists() async throws {
        try await withSyncFixture { fixture throws in
            let ids = try await fixture.createAccounts(["Acme", "Beta"], advancing: 2)
            _ = try await fixture.manager.syncDown(
                target: try SoqlSyncDownTarget(query: "SELECT Name FROM Account"), soupName: SyncFixture.soup)
            let local = try await fixture.localRecords()
            _ = try await fixture.server.send(fixture.server.requests.delete("Account", id: ids[1]))
            try await fixture.store.deleteLocally(
                soupEntryId: try #require(local["Beta"]?["_soupEntryId"]?.integerValue), inSoup: SyncFixture.soup)
            try await fixture.store.updateLocally(
                soupEntryId: try #require(local["Acme"]?["_soupEntryId"]?.integerValue), inSoup: SyncFixture.soup
            ) {
                $0["Name"] = "Acme 2"
                $0["Industry"] = "Energy"
                $0["Phone"] = "555"
            }
            _ = try await fixture.store.createLocally(
                ["Name": "New", "Industry": "Media", "Phone": "123"], objectType: "Account", inSoup: SyncFixture.soup)
            let target = SyncUpTarget(kind: .singleRecord, createFieldlist: ["Name", "Industry"], updateFieldlist: ["Name"])
            let state = try await fixture.manager.syncUp(
                target: target, options: .syncUp(fieldlist: ["Id", "Name", "Phone"]), soupName: SyncFixture.soup)
            #expect(state.status == .done && state.recordsSynced == 3 && state.isDoneWithoutFailures)
            let bodies = fixture.transport.requests.filter { $0.method == "POST" || $0.method == "PATCH" }.compactMap {
                $0.body.flatMap { try? JSON(parsing: $0) }
            }
            #expect(bodies.contains(["Name": "New", "Industry": "Media"]))
            #expect(bodies.contains(["Name": "Acme 2"]))
            let server = try #require(try await fixture.serverRecord(ids[0]))
            #expect(server["Name"] == "Acme 2" && server["Industry"] == .null && server["Phone"] == .null)
            #expect(try await fixture.localRecords()["Beta"] == nil)
        }
    }

    @Test("a network failure fails the sync up; what the server took is clean, and the re-sync sends only the rest (no duplicate)")
    func failureThenResync() async throws {
        try await withSyncFixture { fixture throws in
            for name in ["One", "Two", "Three"] {
                _ = try await fixture.store.createLocally(["Name": .string(name)], objectType: "Account", inSoup: SyncFixture.soup)
            }
            fixture.transport.failRequest(number: 2, toPathContaining: "/sobjects/Account")
            let failed = try await fixture.manager.syncUp(
                target: SyncUpTarget(kind: .singleRecord), options: .syncUp(fieldlist: ["Name"]), soupName: SyncFixture.soup, name: "up")
            #expect(failed.status == .failed && !failed.error.isEmpty)
            let creates = { fixture.transport.requests.filter { $0.method == "POST" && $0.url.path.hasSuffix("/sobjects/Account") }.count }
            #expect(creates() == 2)
            let again = try await fixture.manager.reSync(named: "up")
            #expect(again.status == .done && again.totalSize == 2 && again.recordsSynced == 2)
            #expect(creates() == 4, "only the two records the server never took are sent again")
            let names = try await fixture.server.send(fixture.server.requests.query("SELECT Name FROM Account ORDER BY Name")).json
            #expect(names?["records"]?.arrayValue?.compactMap { $0["Name"]?.stringValue } == ["One", "Three", "Two"])
        }
    }

    @Test("under LEAVE_IF_CHANGED a record with no modification stamp is written unconditionally, as in the SDK")
    func noStampIsUnconditional() async throws {
        try await withSyncFixture { fixture throws in
            let ids = try await fixture.createAccounts(["Acme"], advancing: 2)
            let stored = try await fixture.store.upsert(
                entries: [["Id": .string(ids[0]), "Name": "Acme", "attributes": ["type": "Account"], SyncField.local: false]],
                inSoup: SyncFixture.soup, withExternalIdPath: "Id")
            fixture.org.clock.advance(by: 2)
            _ = try await fixture.server.send(fixture.server.requests.update("Account", id: ids[0], fields: ["Name": "Server"]))
            let entry = try #require(stored.first?["_soupEntryId"]?.integerValue)
            try await fixture.store.updateLocally(soupEntryId: entry, inSoup: SyncFixture.soup) { $0["Name"] = "Mine" }
            let state = try await fixture.manager.syncUp(
                options: .syncUp(fieldlist: ["Name"], mergeMode: .leaveIfChanged), soupName: SyncFixture.soup)
            #expect(state.recordsSynced == 1 && state.recordsConflicted == 0)
            #expect(try await fixture.serverRecord(ids[0])?["Name"] == "Mine")
        }
    }

    @Test("30 creates with the batch target go in two composite requests of 25 and 5")
    func batchOfTwentyFive() async throws {
        try await withSyncFixture { fixture throws in
            for index in 0..<30 {
                _ = try await fixture.store.createLocally(
                    ["Name": .string("New \(index)")], objectType: "Account", inSoup: SyncFixture.soup)
            }
            let state = try await fixture.manager.syncUp(
                target: SyncUpTarget(kind: .batch), options: .syncUp(fieldlist: ["Name"]), soupName: SyncFixture.soup)
            #expect(state.recordsSynced == 30)
            let composites = fixture.transport.requests.filter { $0.url.path.hasSuffix("/composite") }
            let sizes = composites.compactMap { $0.body.flatMap { try? JSON(parsing: $0) }?["compositeRequest"]?.arrayValue?.count }
            // The chunks go a few at once, so they may reach the transport in either order.
            #expect(sizes.sorted() == [5, 25])
            #expect(composites.allSatisfy { $0.body.flatMap { try? JSON(parsing: $0) }?["allOrNone"] == false })
        }
    }

    @Test("A custom target registered by name reads back from its state and runs")
    func customTarget() async throws {
        SyncTargetRegistry.registerDownTarget(named: "FixedAccounts") { json in
            FixedTarget(names: json["names"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        }
        try await withSyncFixture { fixture throws in
            let state = try await fixture.manager.syncDown(
                target: FixedTarget(names: ["X", "Y"]), soupName: SyncFixture.soup, name: "fixed")
            #expect(state.status == .done && state.recordsSynced == 2)
            #expect(try await fixture.manager.reSync(named: "fixed").recordsSynced == 2)
            #expect(Set(try await fixture.localRecords().keys) == ["X", "Y"])
            let unregistered = await #expect(throws: SyncError.self) {
                try await fixture.manager.syncDown(target: FixedTarget(names: []), soupName: SyncFixture.soup, name: "unknown")
            }
            #expect(unregistered?.code == .invalidConfiguration)
            #expect(try await !fixture.manager.hasSync(named: "unknown"))
        }
    }
}

/// A custom target: records made up from names, no server.
struct FixedTarget: SyncDownTarget {
    let names: [String]
    var json: JSON {
        if names.isEmpty { return ["type": "custom", "swiftImpl": "NotRegistered"] }
        return ["type": "custom", "swiftImpl": "FixedAccounts", "names": .array(names.map(JSON.string))]
    }
    func fetch(after cursor: SyncCursor?, context: SyncContext) async throws -> any SyncDownFetch {
        OnePageFetch(records: names.map { ["Id": .string("001FIXED\($0)"), "Name": .string($0), "attributes": ["type": "Account"]] })
    }
    func remoteIds(among localIds: [String], context: SyncContext) async throws -> Set<String> { Set(localIds) }
}

/// A custom target whose pages come at once, faster than any store saves them, then a failure.
private struct PagesThenFailure: SyncDownTarget {
    struct Fetch: SyncDownFetch {
        let pages: Locked<[[JSON]]>
        func nextPage() async throws -> SyncDownPage? {
            guard let records = pages.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else { throw URLError(.networkConnectionLost) }
            return SyncDownPage(records: records, totalSize: -1)
        }
    }

    let pages: Int
    var json: JSON { ["type": "custom", "swiftImpl": "PagesThenFailure"] }
    func fetch(after cursor: SyncCursor?, context: SyncContext) async throws -> any SyncDownFetch {
        let made = (0..<pages).map { page in
            (0..<500).map { index -> JSON in
                [
                    "Id": .string("001PAGE\(page)X\(index)"), "Name": .string("Page \(page) record \(index)"),
                    "attributes": ["type": "Account"],
                ]
            }
        }
        return Fetch(pages: Locked(made))
    }
    func remoteIds(among localIds: [String], context: SyncContext) async throws -> Set<String> { Set(localIds) }
}

@Suite("Failures while pages wait to be written")
struct FetchedAheadFailureTests {
    @Test("the buffer hands over every page put before the fetch failed, then the failure")
    func bufferKeepsPagesBeforeFailure() async throws {
        let buffer = PageBuffer<Int>(capacity: 3)
        for page in 1...3 { #expect(await buffer.put(page)) }
        await buffer.endFetching(URLError(.networkConnectionLost))
        #expect(try await buffer.takeAll() == [1, 2, 3])
        await #expect(throws: URLError.self) { _ = try await buffer.takeAll() }
    }

    @Test("a closed buffer tells the fetcher to stop, also one waiting for room")
    func closedBufferStopsTheFetcher() async throws {
        let buffer = PageBuffer<Int>(capacity: 1)
        #expect(await buffer.put(1))
        async let waiting = buffer.put(2)
        await buffer.close()
        #expect(await waiting == false)
        #expect(await buffer.put(3) == false)
    }

    @Test("the fetch fails after six pages that came faster than the store saves them: all six are saved before the sync fails")
    func savedBeforeFailing() async throws {
        SyncTargetRegistry.registerDownTarget(named: "PagesThenFailure") { _ in PagesThenFailure(pages: 6) }
        try await withSyncFixture { fixture throws in
            let failed = try await fixture.manager.syncDown(target: PagesThenFailure(pages: 6), soupName: SyncFixture.soup, name: "ahead")
            #expect(failed.status == .failed && !failed.error.isEmpty)
            #expect(failed.recordsSynced == 3_000)
            #expect(try await fixture.localCount() == 3_000)
        }
    }
}

@Suite("Against LocalOrg's injected faults")
struct InjectedFaultTests {
    @Test("the server drops the second page's connection; the sync fails with the first page saved, then resumes")
    func droppedPage() async throws {
        try await withSyncFixture { fixture throws in
            try await fixture.createAccounts((0..<300).map { "Account \($0)" })
            var target = try SoqlSyncDownTarget(query: "SELECT Name FROM Account")
            target.batchSize = 200
            fixture.org.server.faults.drop(requestNumber: 1, pathContaining: "/query/", times: 2)
            let failed = try await fixture.manager.syncDown(target: target, soupName: SyncFixture.soup, name: "all")
            #expect(failed.status == .failed && !failed.error.isEmpty && failed.recordsSynced == 200)
            #expect(try await fixture.localCount() == 200)
            let resumed = try await fixture.manager.reSync(named: "all")
            #expect(resumed.status == .done && resumed.recordsSynced == 100)
            #expect(try await fixture.localCount() == 300)
        }
    }

    @Test("A 503 on a composite request fails the sync up without marking anything synced; the re-sync sends it all")
    func failedComposite() async throws {
        try await withSyncFixture { fixture throws in
            for index in 0..<3 {
                _ = try await fixture.store.createLocally(
                    ["Name": .string("New \(index)")], objectType: "Account", inSoup: SyncFixture.soup)
            }
            fixture.org.server.faults.fail(requestNumber: 1, pathContaining: "/composite", status: 503)
            fixture.org.server.faults.delay(.milliseconds(20), pathContaining: "/composite")
            let options = SyncOptions.syncUp(fieldlist: ["Name"])
            let failed = try await fixture.manager.syncUp(
                target: SyncUpTarget(kind: .batch), options: options, soupName: SyncFixture.soup, name: "up")
            #expect(failed.status == .failed && failed.error.contains("503") && failed.recordsSynced == 0)
            let dirty = try await fixture.store.count(
                using: .buildExactQuerySpec(soupName: SyncFixture.soup, path: SyncField.local, matchKey: "true"))
            #expect(dirty == 3)
            let again = try await fixture.manager.reSync(named: "up")
            #expect(again.status == .done && again.recordsSynced == 3)
            fixture.org.server.faults.clear()
        }
    }
}
