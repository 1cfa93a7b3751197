import ForceKitTesting
import HybridBridge
import LocalOrg
import SalesforceCore
import Synchronization
import Testing

@Suite("React Native's native modules through the bridge")
struct ReactNativeTests {
    @Test("the Cordova verbs without pg, one argument object; a sync answers once at its end, with no events")
    func modules() async throws {
        try await withBridge { fixture in
            let bridge = fixture.bridge
            func call(_ module: String, _ method: String, _ arguments: JSON = [:]) async throws -> JSON {
                switch await bridge.callReactNative(module: module, method: method, arguments: arguments) {
                case .success(let result): return result
                case .failure(let message): throw BridgeTestFailure("\(module).\(method): \(message)")
                }
            }
            let store = "SFSmartStoreReactBridge"
            let indexes: JSON = [["path": "Id", "type": "string"], ["path": "Name", "type": "string"]]
            #expect(try await call(store, "registerSoup", ["soupName": "accounts", "indexes": indexes]) == "accounts")
            #expect(try await call(store, "soupExists", ["soupName": "accounts"]) == true)

            // Every event from now on, to show that React Native's syncs send none.
            let seen = Mutex<[JSON]>([])
            let stream = bridge.events()
            let watcher = Task { for await event in stream { seen.withLock { $0.append(event.detail) } } }
            let done = try await call(
                "SFMobileSyncReactBridge", "syncDown",
                [
                    "soupName": "accounts", "target": ["type": "soql", "query": "SELECT Id, Name FROM Account"], "options": [:],
                    "syncName": "down",
                ])
            #expect(done["status"] == "DONE" && done["totalSize"] == 300)
            let again = try await call("SFMobileSyncReactBridge", "reSync", ["syncName": "down"])
            #expect(again["status"] == "DONE")
            #expect(try await call("SFMobileSyncReactBridge", "resetSyncManager") == .null)

            let cursor = try await call(
                store, "querySoup", ["soupName": "accounts", "querySpec": ["queryType": "range", "indexPath": "Name", "pageSize": 100]])
            #expect(cursor["totalEntries"] == 300 && cursor["totalPages"] == 3)
            let second = try await call(store, "moveCursorToPageIndex", ["cursorId": cursor["cursorId"]!, "index": 1])
            #expect(second["currentPageIndex"] == 1)
            let first = try #require(cursor["currentPageOrderedEntries"]?[0]?["_soupEntryId"])
            #expect(try await call(store, "removeFromSoup", ["soupName": "accounts", "soupEntryIds": [first]]) == "OK")
            #expect(try await call(store, "closeCursor", ["cursorId": cursor["cursorId"]!]) == "OK")

            let query = try await call(
                "SFNetReactBridge", "sendRequest", ["path": "/v62.0/query", "queryParams": ["q": "SELECT Id FROM Account LIMIT 1"]])
            #expect(query["totalSize"] == 1)
            #expect(
                try await call("SFOauthReactBridge", "getAuthCredentials")["instanceUrl"] == .string(fixture.org.credentials.instanceURL))

            // A Cordova sync's events come in order after whatever came before: none of React Native's.
            guard
                case .success(let cordova) = await bridge.call(
                    service: "com.salesforce.mobilesync", action: "reSync", arguments: [["syncName": "down"]])
            else {
                Issue.record("the Cordova re-sync did not start")
                return
            }
            // The Cordova run ends DONE or FAILED; a run that never ends fails the test instead of hanging it.
            for _ in 0..<200 where !seen.withLock({ $0.contains { $0["status"] == "DONE" || $0["status"] == "FAILED" } }) {
                try await Task.sleep(for: .milliseconds(25))
            }
            watcher.cancel()
            #expect(cordova["_soupEntryId"] == done["_soupEntryId"])
            // The first run's end seen is the Cordova run's, which started after React Native's ended.
            let firstEnd = try #require(seen.withLock { $0.first { $0["status"] == "DONE" } })
            let cordovaStart = try #require(firstEnd["startTime"]?.integerValue)
            #expect(cordovaStart >= (again["endTime"]?.integerValue ?? .max), "an event of a React Native run was sent")

            #expect(
                await bridge.callReactNative(module: store, method: "pgQuerySoup", arguments: [:])
                    == .failure("The native module SFSmartStoreReactBridge has no method pgQuerySoup."))
            let noModule = await bridge.callReactNative(module: "SFDatabase", method: "open", arguments: [:])
            #expect(
                noModule
                    == .failure(
                        "There is no native module SFDatabase; ForceKit answers SFMobileSyncReactBridge, SFNetReactBridge, SFOauthReactBridge, SFSmartStoreReactBridge."
                    ))
        }
    }
}
