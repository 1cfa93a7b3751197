import ForceKitTesting
import Foundation
import HybridBridge
import LocalOrg
import SalesforceApp
import SalesforceAuth
import SalesforceCore
import SalesforceREST
import Testing

@Suite("com.salesforce.mobilesync through the bridge")
struct MobileSyncPluginTests {
    typealias F = BridgeFixture

    @Test("syncDown answers at once, then sync events run to DONE; the state keeps the app's target; reSync, status, ghosts, delete")
    func syncDown() async throws {
        try await withBridge { bridge in
            let events = SyncEvents(bridge.bridge)
            _ = try await bridge.result(
                F.smartstore, "pgRegisterSoup",
                ["soupName": "accounts", "indexes": [["path": "Id", "type": "string"], ["path": "__local__", "type": "string"]]])
            let target: JSON = ["type": "soql", "query": "SELECT Id, Name, LastModifiedDate FROM Account", "appKey": "kept"]
            let started = try await bridge.result(
                F.mobilesync, "syncDown",
                ["syncName": "accountsDown", "target": target, "soupName": "accounts", "options": ["mergeMode": "OVERWRITE"]])
            let id = try #require(started["_soupEntryId"])
            #expect(started["type"] == "syncDown" && started["name"] == "accountsDown" && started["status"] == "RUNNING")
            #expect(started["target"] == target, "the target as the app gave it: \(started["target"]?.serialized() ?? "")")
            let done = try #require(await events.end(of: id))
            #expect(
                done["status"] == "DONE" && done["totalSize"] == 300 && done["isGlobalStore"] == false
                    && done["storeName"] == "defaultStore")

            let status = try await bridge.result(F.mobilesync, "getSyncStatus", ["syncName": "accountsDown"])
            #expect(status["status"] == "DONE" && status["_soupEntryId"] == id)
            #expect(try await bridge.result(F.mobilesync, "getSyncStatus", ["syncName": "nothing"]) == [:])

            // 7.1's service name answers the same; a re-sync runs the same sync again.
            let again = try await bridge.result("com.salesforce.smartsync", "reSync", ["syncName": "accountsDown"])
            #expect(again["_soupEntryId"] == id)
            #expect(try #require(await events.end(of: id))["status"] == "DONE")

            // Two Accounts gone from the org: cleanResyncGhosts removes them here too.
            let client = try await bridge.app.restClient()
            let page = try await client.send(client.requests.query("SELECT Id FROM Account ORDER BY Name LIMIT 2")).json
            for record in page?["records"]?.arrayValue ?? [] {
                _ = try await client.send(client.requests.delete("Account", id: record["Id"]?.stringValue ?? ""))
            }
            #expect(try await bridge.result(F.mobilesync, "cleanResyncGhosts", ["syncId": id]) == 2)
            // By name, as upstream's cordova.force.js sends it (syncId null) in its
            // testSyncDownGetSyncDeleteSyncByName: gone by name and by id.
            #expect(try await bridge.result(F.mobilesync, "deleteSync", ["syncId": .null, "syncName": "accountsDown"]) == .null)
            #expect(try await bridge.result(F.mobilesync, "getSyncStatus", ["syncId": .null, "syncName": "accountsDown"]) == [:])
            #expect(try await bridge.result(F.mobilesync, "getSyncStatus", ["syncId": id, "syncName": .null]) == [:])
            let unknown = await bridge.failure(F.mobilesync, "reSync", ["syncName": "accountsDown"])
            #expect(unknown.contains("no sync accountsDown"), "\(unknown)")
        }
    }

    @Test("syncUp sends the soup's local changes, with events, and the records come back clean")
    func syncUp() async throws {
        try await withBridge { bridge in
            let events = SyncEvents(bridge.bridge)
            let indexes: JSON = [["path": "Id", "type": "string"], ["path": "__local__", "type": "string"]]
            _ = try await bridge.result(F.smartstore, "pgRegisterSoup", ["soupName": "accounts", "indexes": indexes])
            // A record created offline, as the SDK's JavaScript marks one.
            let local: JSON = [
                "Id": "local_1", "Name": "Made in JavaScript", "attributes": ["type": "Account"], "__local__": true,
                "__locally_created__": true, "__locally_updated__": false, "__locally_deleted__": false,
            ]
            _ = try await bridge.result(F.smartstore, "pgUpsertSoupEntries", ["soupName": "accounts", "entries": [local]])
            let started = try await bridge.result(
                F.mobilesync, "syncUp",
                ["target": [:], "soupName": "accounts", "options": ["fieldlist": ["Name"], "mergeMode": "LEAVE_IF_CHANGED"]])
            let id = try #require(started["_soupEntryId"])
            let done = try #require(await events.end(of: id))
            #expect(done["status"] == "DONE")
            let all: JSON = ["queryType": "range", "indexPath": "Id", "pageSize": 10]
            let stored = try await bridge.result(F.smartstore, "pgQuerySoup", ["soupName": "accounts", "querySpec": all])
            let record = try #require(stored["currentPageOrderedEntries"]?[0])
            #expect(record["__local__"] == false && record["Id"]?.stringValue?.hasPrefix("001") == true)

            let noFields = await bridge.failure(F.mobilesync, "syncUp", ["target": [:], "soupName": "accounts", "options": [:]])
            #expect(noFields.contains("fields to send"), "\(noFields)")
        }
    }

    @Test("syncUp leaves Mobile Sync's and SmartStore's own fields out when the field list names them")
    func syncUpLocalFieldsInList() async throws {
        try await withBridge { bridge in
            let events = SyncEvents(bridge.bridge)
            _ = try await bridge.result(
                F.smartstore, "pgRegisterSoup",
                ["soupName": "contacts", "indexes": [["path": "Id", "type": "string"], ["path": "__local__", "type": "string"]]])
            let local: JSON = [
                "Id": "local_1", "FirstName": "Ada", "LastName": "Listed", "attributes": ["type": "Contact"], "__local__": true,
                "__locally_created__": true, "__locally_updated__": false, "__locally_deleted__": false, "__last_error__": .null,
            ]
            let saved = try await bridge.result(F.smartstore, "pgUpsertSoupEntries", ["soupName": "contacts", "entries": [local]])
            let entryId = try #require(saved[0]?["_soupEntryId"])
            // A field list made from a stored record's keys, as an app may build it.
            let fieldlist: JSON = ["Id", "FirstName", "LastName", "__local__", "__last_error__", "_soupCreatedDate", "_soupEntryId"]
            let started = try await bridge.result(
                F.mobilesync, "syncUp",
                ["target": [:], "soupName": "contacts", "options": ["fieldlist": fieldlist, "mergeMode": "LEAVE_IF_CHANGED"]])
            let syncId = try #require(started["_soupEntryId"])
            let done = try #require(await events.end(of: syncId))
            #expect(done["status"] == "DONE" && done["totalSize"] == 1, "\(done.serialized())")
            let stored = try await bridge.result(F.smartstore, "pgRetrieveSoupEntries", ["soupName": "contacts", "entryIds": [entryId]])
            let record = try #require(stored[0])
            #expect(record["__local__"] == false && record["__last_error__"] == .null, "\(record.serialized())")
            let id = try #require(record["Id"]?.stringValue)
            let client = try await bridge.app.restClient()
            let server = try await client.send(client.requests.query("SELECT FirstName, LastName FROM Contact WHERE Id = '\(id)'")).json
            #expect(server?["records"]?[0]?["LastName"] == "Listed")
        }
    }

    @Test("reSync's totalSize counts the records the re-sync fetched, as upstream's testReSync expects of a query with ORDER BY")
    func reSyncCountsWhatItFetched() async throws {
        try await withBridge { bridge in
            let events = SyncEvents(bridge.bridge)
            _ = try await bridge.result(
                F.smartstore, "pgRegisterSoup",
                [
                    "soupName": "accounts",
                    "indexes": [
                        ["path": "Name", "type": "string"], ["path": "Id", "type": "string"], ["path": "__local__", "type": "string"],
                    ],
                ])
            let client = try await bridge.app.restClient()
            var ids: [String] = []
            for name in ["testReSync0", "testReSync1", "testReSync2"] {
                let made = try await client.send(client.requests.create("Account", fields: ["Name": .string(name)]))
                ids.append(try #require(made.json?["id"]?.stringValue))
            }
            // Upstream's trySyncDown query, key for key.
            let query = "SELECT Id, Name, LastModifiedDate FROM Account WHERE Id IN ('\(ids.joined(separator: "','"))') ORDER BY Name"
            let started = try await bridge.result(
                F.mobilesync, "syncDown",
                ["target": ["type": "soql", "query": .string(query)], "soupName": "accounts", "options": ["mergeMode": "OVERWRITE"]])
            let id = try #require(started["_soupEntryId"])
            #expect(try #require(await events.end(of: id))["totalSize"] == 3)
            // Upstream's test waits a second, then renames the first and the third on the server.
            bridge.org.clock.advance(by: 1)
            for index in [0, 2] {
                _ = try await client.send(
                    client.requests.update("Account", id: ids[index], fields: ["Name": .string("testReSync\(index)Updated")]))
            }
            _ = try await bridge.result(F.mobilesync, "reSync", ["syncId": id])
            let again = try #require(await events.end(of: id))
            #expect(again["status"] == "DONE" && again["totalSize"] == 2 && again["progress"] == 100, "\(again.serialized())")
            let names = try await bridge.result(
                F.smartstore, "pgQuerySoup",
                ["soupName": "accounts", "querySpec": ["queryType": "range", "indexPath": "Name", "order": "ascending", "pageSize": 10]])
            #expect(
                names["currentPageOrderedEntries"]?.arrayValue?.compactMap { $0["Name"]?.stringValue }
                    == ["testReSync0Updated", "testReSync1", "testReSync2Updated"])
        }
    }

    @Test("reSync fetches a record changed again within the instant its last run ended at, which upstream's strict > misses")
    func reSyncKeepsChangeAtCursorInstant() async throws {
        try await withBridge { bridge in
            let events = SyncEvents(bridge.bridge)
            _ = try await bridge.result(
                F.smartstore, "pgRegisterSoup",
                [
                    "soupName": "accounts",
                    "indexes": [
                        ["path": "Name", "type": "string"], ["path": "Id", "type": "string"], ["path": "__local__", "type": "string"],
                    ],
                ])
            let client = try await bridge.app.restClient()
            var ids: [String] = []
            for name in ["sameInstant0", "sameInstant1"] {
                let made = try await client.send(client.requests.create("Account", fields: ["Name": .string(name)]))
                ids.append(try #require(made.json?["id"]?.stringValue))
            }
            let query = "SELECT Id, Name, LastModifiedDate FROM Account WHERE Id IN ('\(ids.joined(separator: "','"))') ORDER BY Name"
            let started = try await bridge.result(
                F.mobilesync, "syncDown",
                ["target": ["type": "soql", "query": .string(query)], "soupName": "accounts", "options": ["mergeMode": "OVERWRITE"]])
            let id = try #require(started["_soupEntryId"])
            #expect(try #require(await events.end(of: id))["totalSize"] == 2)
            // The org's clock has not moved: the edit has the very date the last run ended at.
            _ = try await client.send(client.requests.update("Account", id: ids[1], fields: ["Name": "sameInstant1Updated"]))
            _ = try await bridge.result(F.mobilesync, "reSync", ["syncId": id])
            let again = try #require(await events.end(of: id))
            #expect(again["status"] == "DONE" && again["totalSize"] == 1, "\(again.serialized())")
            let names = try await bridge.result(
                F.smartstore, "pgQuerySoup",
                ["soupName": "accounts", "querySpec": ["queryType": "range", "indexPath": "Name", "order": "ascending", "pageSize": 10]])
            #expect(
                names["currentPageOrderedEntries"]?.arrayValue?.compactMap { $0["Name"]?.stringValue } == [
                    "sameInstant0", "sameInstant1Updated",
                ])
        }
    }
}

/// The bridge's `sync` events, collected as they come, so a test waits for a run's end with a
/// bound instead of hanging on a stream.
final class SyncEvents: Sendable {
    private let seen = Locked<[JSON]>([])
    private let used = Locked(0)
    private let collecting: Task<Void, Never>

    init(_ bridge: HybridBridge) {
        let stream = bridge.events()
        let seen = seen
        collecting = Task { for await event in stream where event.name == "sync" { seen.withLock { $0.append(event.detail) } } }
    }

    deinit { collecting.cancel() }

    /// The next end (DONE or FAILED) of the sync `id` not returned before; nil after ten seconds without one.
    func end(of id: JSON) async -> JSON? {
        for _ in 0..<400 {
            let found = seen.withLock { events -> (index: Int, event: JSON)? in
                let start = used.current
                guard start < events.count else { return nil }
                for index in start..<events.count
                where events[index]["_soupEntryId"] == id && (events[index]["status"] == "DONE" || events[index]["status"] == "FAILED") {
                    return (index, events[index])
                }
                return nil
            }
            if let found {
                used.withLock { $0 = found.index + 1 }
                return found.event
            }
            try? await Task.sleep(for: .milliseconds(25))
        }
        return nil
    }
}
