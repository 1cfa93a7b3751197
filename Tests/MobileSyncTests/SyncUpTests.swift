import ForceKitTesting
import Foundation
import MobileSync
import SalesforceAuth
import SalesforceCore
import SalesforceREST
import SmartStore
import Testing

@Suite("Sync up")
struct SyncUpTests {
    /// Syncs `names` down (clean records at the org's time) and returns their local entry ids by name.
    private func synced(_ names: [String], _ fixture: SyncFixture, fields: String = "Name, Industry") async throws -> [String: Int64] {
        let target = try SoqlSyncDownTarget(query: "SELECT \(fields) FROM Account")
        _ = try await fixture.manager.syncDown(target: target, soupName: SyncFixture.soup)
        var ids: [String: Int64] = [:]
        for (name, record) in try await fixture.localRecords() { ids[name] = record["_soupEntryId"]?.integerValue }
        return ids
    }

    @Test(
        "local creates, updates and deletes reach the server; ids come back and the records are clean",
        arguments: SyncUpTarget.Kind.allCases)
    func createUpdateDelete(kind: SyncUpTarget.Kind) async throws {
        try await withSyncFixture { fixture throws in
            let serverIds = try await fixture.createAccounts(["Acme", "Beta"], advancing: 2)
            let local = try await synced(["Acme", "Beta"], fixture)
            try await fixture.store.updateLocally(soupEntryId: try #require(local["Acme"]), inSoup: SyncFixture.soup) {
                $0["Name"] = "Acme 2"
            }
            try await fixture.store.deleteLocally(soupEntryId: try #require(local["Beta"]), inSoup: SyncFixture.soup)
            let created = try await fixture.store.createLocally(["Name": "New Co"], objectType: "Account", inSoup: SyncFixture.soup)
            #expect(created["Id"]?.stringValue.map(LocalID.isLocal) == true)
            let state = try await fixture.manager.syncUp(
                target: SyncUpTarget.testing(kind), options: .syncUp(fieldlist: ["Id", "Name"]), soupName: SyncFixture.soup)
            #expect(state.status == .done && state.totalSize == 3 && state.recordsSynced == 3 && state.isDoneWithoutFailures)
            #expect(try await fixture.serverRecord(serverIds[0])?["Name"] == "Acme 2")
            await #expect(throws: RestError.self) { try await fixture.serverRecord(serverIds[1]) }
            let after = try await fixture.localRecords()
            #expect(Set(after.keys) == ["Acme 2", "New Co"])
            let newCo = try #require(after["New Co"])
            let newId = try #require(newCo["Id"]?.stringValue)
            #expect(!LocalID.isLocal(newId) && newCo["_soupEntryId"] == created["_soupEntryId"])
            #expect(try await fixture.serverRecord(newId)?["Name"] == "New Co")
            for record in after.values {
                for flag in SyncField.flags { #expect(record[flag] == false) }
                #expect(record[SyncField.base] == nil)
            }
            #expect(try await fixture.manager.syncUp(options: .syncUp(fieldlist: ["Name"]), soupName: SyncFixture.soup).totalSize == 0)
        }
    }

    @Test("sObject collections carry 200 records a request")
    func collectionBatches() async throws {
        try await withSyncFixture { fixture throws in
            for index in 0..<450 {
                _ = try await fixture.store.createLocally(
                    ["Name": .string("New \(index)")], objectType: "Account", inSoup: SyncFixture.soup)
            }
            let state = try await fixture.manager.syncUp(options: .syncUp(fieldlist: ["Name"]), soupName: SyncFixture.soup)
            #expect(state.status == .done && state.recordsSynced == 450)
            let posts = fixture.transport.requests.filter { $0.method == "POST" && $0.url.path.hasSuffix("/composite/sobjects") }
            #expect(posts.count == 3)
            let ids = try await fixture.localRecords().values.compactMap { $0["Id"]?.stringValue }
            #expect(ids.count == 450 && !ids.contains(where: LocalID.isLocal))
        }
    }

    @Test("A sync up stopped while a batch is on the network writes back every batch the server took; the restart sends only the rest")
    func stopWritesBackWhatWasSent() async throws {
        try await withSyncFixture { fixture throws in
            for index in 0..<450 {
                _ = try await fixture.store.createLocally(
                    ["Name": .string("New \(index)")], objectType: "Account", inSoup: SyncFixture.soup)
            }
            let manager = fixture.manager
            let posts = Locked(0)
            fixture.transport.beforeRequest(where: { request in
                guard request.url.path.hasSuffix("/composite/sobjects") else { return false }
                return posts.withLock { count in
                    count += 1
                    return count == 2
                }
            }) {
                await manager.stop()
            }
            let stopped = try await manager.syncUp(options: .syncUp(fieldlist: ["Name"]), soupName: SyncFixture.soup)
            #expect(stopped.status == .stopped && stopped.recordsSynced == 400)
            let finals = try await manager.restart(restartStoppedSyncs: true)
            #expect(finals.map(\.status) == [.done] && finals.first?.recordsSynced == 50, "a run counts what it synced: the 50 left")
            let count = try await fixture.server.send(fixture.server.requests.query("SELECT COUNT() FROM Account")).json
            #expect(count?["totalSize"] == 450, "no record was created twice")
            #expect(try await fixture.localRecords().values.allSatisfy { $0[SyncField.local] == false })
        }
    }

    @Test("A batch is written back while the next is sent: when the next fails, the first is still clean and never sent again")
    func failureAfterAFirstBatch() async throws {
        try await withSyncFixture { fixture throws in
            for index in 0..<450 {
                _ = try await fixture.store.createLocally(
                    ["Name": .string("New \(index)")], objectType: "Account", inSoup: SyncFixture.soup)
            }
            fixture.transport.failRequest(number: 2, toPathContaining: "/composite/sobjects")
            let failed = try await fixture.manager.syncUp(options: .syncUp(fieldlist: ["Name"]), soupName: SyncFixture.soup, name: "up")
            #expect(failed.status == .failed && failed.recordsSynced == 200)
            let synced = try await fixture.localRecords().values.filter { $0["Id"]?.stringValue.map(LocalID.isLocal) == false }
            #expect(synced.count == 200 && synced.allSatisfy { $0[SyncField.local] == false })
            let again = try await fixture.manager.reSync(named: "up")
            #expect(again.status == .done && again.totalSize == 250 && again.recordsSynced == 250)
            let count = try await fixture.server.send(fixture.server.requests.query("SELECT COUNT() FROM Account")).json
            #expect(count?["totalSize"] == 450, "no record was created twice")
        }
    }
    @Test("Better than upstream: only the fields the app changed are sent, so another user's edit of another field survives")
    func changedFieldsOnly() async throws {
        try await withSyncFixture { fixture throws in
            let ids = try await fixture.createAccounts(["Acme"], advancing: 2)
            _ = try await fixture.server.send(fixture.server.requests.update("Account", id: ids[0], fields: ["Industry": "Energy"]))
            let local = try await synced(["Acme"], fixture)
            fixture.org.clock.advance(by: 2)
            _ = try await fixture.server.send(fixture.server.requests.update("Account", id: ids[0], fields: ["Industry": "Media"]))
            try await fixture.store.updateLocally(soupEntryId: try #require(local["Acme"]), inSoup: SyncFixture.soup) {
                $0["Name"] = "Acme Corp"
            }
            let state = try await fixture.manager.syncUp(options: .syncUp(fieldlist: ["Name", "Industry"]), soupName: SyncFixture.soup)
            #expect(state.status == .done && state.recordsSynced == 1)
            let server = try #require(try await fixture.serverRecord(ids[0]))
            #expect(server["Name"] == "Acme Corp")
            #expect(server["Industry"] == "Media", "upstream sends Industry: Energy from the stale copy and reverts the other edit")
        }
    }

    @Test(
        "Better than upstream: LEAVE_IF_CHANGED refuses a server change on the server's side, reports it as a conflict, and still sends the rest",
        arguments: SyncUpTarget.Kind.allCases)
    func conflictReported(kind: SyncUpTarget.Kind) async throws {
        try await withSyncFixture { fixture throws in
            let ids = try await fixture.createAccounts(["A1", "A2", "A3"], advancing: 2)
            let local = try await synced(["A1", "A2", "A3"], fixture)
            fixture.org.clock.advance(by: 2)
            _ = try await fixture.server.send(fixture.server.requests.update("Account", id: ids[2], fields: ["Name": "A3 server"]))
            for name in ["A1", "A2", "A3"] {
                try await fixture.store.updateLocally(soupEntryId: try #require(local[name]), inSoup: SyncFixture.soup) {
                    $0["Name"] = .string(name + " local")
                }
            }
            let state = try await fixture.manager.syncUp(
                target: SyncUpTarget.testing(kind), options: .syncUp(fieldlist: ["Name"], mergeMode: .leaveIfChanged),
                soupName: SyncFixture.soup)
            #expect(state.status == .done && state.recordsSynced == 2 && state.recordsConflicted == 1 && !state.isDoneWithoutFailures)
            #expect(try await fixture.serverRecord(ids[0])?["Name"] == "A1 local")
            #expect(try await fixture.serverRecord(ids[1])?["Name"] == "A2 local")
            #expect(try await fixture.serverRecord(ids[2])?["Name"] == "A3 server")
            let conflicted = try #require(try await fixture.localRecords()["A3 local"])
            #expect(conflicted[SyncField.local] == true)
            #expect(conflicted[SyncField.conflict]?["Name"] == "A3 server")
            #expect(conflicted[SyncField.base]?["Name"] == "A3")
            #expect(conflicted[SyncField.lastError]?.stringValue?.contains("changed on the server") == true)
        }
    }

    @Test("Better than upstream: after the app's own write, its next edit is not taken for a server change")
    func ownWriteIsNotAConflict() async throws {
        try await withSyncFixture { fixture throws in
            let ids = try await fixture.createAccounts(["Acme"], advancing: 2)
            let local = try #require(try await synced(["Acme"], fixture)["Acme"])
            let options = SyncOptions.syncUp(fieldlist: ["Name"], mergeMode: .leaveIfChanged)
            fixture.org.clock.advance(by: 2)
            try await fixture.store.updateLocally(soupEntryId: local, inSoup: SyncFixture.soup) { $0["Name"] = "Acme 2" }
            #expect(try await fixture.manager.syncUp(options: options, soupName: SyncFixture.soup).recordsSynced == 1)
            fixture.org.clock.advance(by: 2)
            try await fixture.store.updateLocally(soupEntryId: local, inSoup: SyncFixture.soup) { $0["Name"] = "Acme 3" }
            let second = try await fixture.manager.syncUp(options: options, soupName: SyncFixture.soup)
            #expect(second.recordsSynced == 1 && second.recordsConflicted == 0)
            #expect(try await fixture.serverRecord(ids[0])?["Name"] == "Acme 3")
        }
    }

    @Test(
        "Better than upstream: an edit the user makes while sync up waits on the server is kept and sent next time",
        arguments: SyncUpTarget.Kind.allCases)
    func editDuringSyncUp(kind: SyncUpTarget.Kind) async throws {
        try await withSyncFixture { fixture throws in
            let ids = try await fixture.createAccounts(["Acme"], advancing: 2)
            let local = try #require(try await synced(["Acme"], fixture)["Acme"])
            try await fixture.store.updateLocally(soupEntryId: local, inSoup: SyncFixture.soup) { $0["Name"] = "First" }
            let store = fixture.store
            fixture.transport.beforeRequest(where: { $0.method != "GET" }) {
                _ = try? await store.updateLocally(soupEntryId: local, inSoup: SyncFixture.soup) { $0["Name"] = "Second" }
            }
            let options = SyncOptions.syncUp(fieldlist: ["Name"])
            let state = try await fixture.manager.syncUp(target: SyncUpTarget.testing(kind), options: options, soupName: SyncFixture.soup)
            #expect(state.status == .done)
            #expect(try await fixture.serverRecord(ids[0])?["Name"] == "First")
            let kept = try #require(try await store.retrieve(usingSoupEntryIds: [local], inSoup: SyncFixture.soup).first)
            #expect(kept["Name"] == "Second" && kept[SyncField.local] == true)
            _ = try await fixture.manager.syncUp(target: SyncUpTarget.testing(kind), options: options, soupName: SyncFixture.soup)
            #expect(try await fixture.serverRecord(ids[0])?["Name"] == "Second")
            #expect(try await store.retrieve(usingSoupEntryIds: [local], inSoup: SyncFixture.soup).first?[SyncField.local] == false)
        }
    }

    @Test(
        "Better than upstream (SU-13): a record the server refuses makes the result say so; the others sync",
        arguments: SyncUpTarget.Kind.allCases)
    func honestFailures(kind: SyncUpTarget.Kind) async throws {
        try await withSyncFixture { fixture throws in
            _ = try await fixture.store.createLocally(["Industry": "Energy"], objectType: "Account", inSoup: SyncFixture.soup)
            _ = try await fixture.store.createLocally(["Name": "Ok"], objectType: "Account", inSoup: SyncFixture.soup)
            var outcomes = fixture.manager.recordOutcomes().makeAsyncIterator()
            let state = try await fixture.manager.syncUp(
                target: SyncUpTarget.testing(kind), options: .syncUp(fieldlist: ["Name", "Industry"]), soupName: SyncFixture.soup)
            #expect(state.status == .done && state.recordsSynced == 1 && state.recordsFailed == 1 && !state.isDoneWithoutFailures)
            let all = try await fixture.store.query(using: .buildAllQuerySpec(soupName: SyncFixture.soup, pageSize: 10))
            let failed = try #require(all.first { $0["Name"] == nil })
            #expect(failed[SyncField.local] == true && failed[SyncField.locallyCreated] == true)
            #expect(failed[SyncField.lastError]?.stringValue?.contains("REQUIRED_FIELD_MISSING") == true)
            let published = [await outcomes.next(), await outcomes.next()].compactMap { $0 }
            #expect(Set(published.map(\.kind)) == [.synced, .failed])
            let failure = try #require(published.first { $0.kind == .failed })
            #expect(failure.syncId == state.id && failure.message?.contains("REQUIRED_FIELD_MISSING") == true)
            #expect(failure.soupEntryId == failed["_soupEntryId"]?.integerValue)
        }
    }

    @Test("OVERWRITE creates again a record the server deleted; LEAVE_IF_CHANGED reports it as a conflict")
    func deletedOnServer() async throws {
        try await withSyncFixture { fixture throws in
            let ids = try await fixture.createAccounts(["Acme", "Beta"], advancing: 2)
            let local = try await synced(["Acme", "Beta"], fixture)
            for id in ids { _ = try await fixture.server.send(fixture.server.requests.delete("Account", id: id)) }
            for name in ["Acme", "Beta"] {
                try await fixture.store.updateLocally(soupEntryId: try #require(local[name]), inSoup: SyncFixture.soup) {
                    $0["Name"] = .string(name + "!")
                }
            }
            try await fixture.store.updateLocally(soupEntryId: try #require(local["Beta"]), inSoup: SyncFixture.soup) {
                $0["Industry"] = "Media"
            }
            let kept = try await fixture.manager.syncUp(
                options: .syncUp(fieldlist: ["Name"], mergeMode: .leaveIfChanged), soupName: SyncFixture.soup)
            #expect(kept.recordsConflicted == 2 && kept.recordsSynced == 0)
            let state = try await fixture.manager.syncUp(options: .syncUp(fieldlist: ["Name"]), soupName: SyncFixture.soup)
            #expect(state.status == .done && state.recordsSynced == 2)
            let acme = try #require(try await fixture.localRecords()["Acme!"])
            let newId = try #require(acme["Id"]?.stringValue)
            #expect(newId != ids[0] && acme[SyncField.local] == false)
            #expect(try await fixture.serverRecord(newId)?["Name"] == "Acme!")
        }
    }

    @Test("A sync up with no field list is refused before it runs")
    func noFieldList() async throws {
        try await withSyncFixture { fixture throws in
            await #expect(throws: SyncError.self) { try await fixture.manager.syncUp(options: SyncOptions(), soupName: SyncFixture.soup) }
            #expect(try await fixture.manager.allSyncs().isEmpty)
        }
    }
}
