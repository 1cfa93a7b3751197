import Foundation
import HybridBridge
import SalesforceApp
import SalesforceCore
import SmartStore
import Synchronization
import Testing

@Suite("Serving JSON lines")
struct ServeTests {
    @Test("every call answered under its id, a bad line answered too, and the input's end waits for the sync it started")
    func serveUntilSyncsEnd() async throws {
        try await withBridge { fixture in
            let written = Mutex<[String]>([])
            let calls = [
                #"{"id": 1, "service": "com.salesforce.smartstore", "action": "pgRegisterSoup", "args": ["pluginSDKVersion:13.0.2", {"soupName": "accounts", "indexes": [{"path": "Id", "type": "string"}]}]}"#,
                "this is not a call",
                #"{"id": "down", "service": "com.salesforce.mobilesync", "action": "syncDown", "args": [{"soupName": "accounts", "target": {"type": "soql", "query": "SELECT Id FROM Account"}, "options": {}}]}"#,
            ]
            // One line at a time, so that the sync down starts after the soup is registered.
            let (lines, input) = AsyncStream<String>.makeStream()
            let serving = Task { await fixture.bridge.serve(lines: lines) { line in written.withLock { $0.append(line) } } }
            input.yield(calls[0])
            for _ in 0..<400 where written.withLock({ $0.isEmpty }) { try await Task.sleep(for: .milliseconds(25)) }
            input.yield(calls[1])
            input.yield(calls[2])
            input.finish()
            await serving.value

            let messages = try written.withLock { lines in try lines.map { try JSON(parsing: Array($0.utf8)) } }
            #expect(messages.first == ["id": 1, "ok": true, "result": "accounts"])
            #expect(messages.contains { $0["id"] == .null && $0["ok"] == false && $0["error"]?.stringValue?.contains("not JSON") == true })
            #expect(messages.contains { $0["id"] == "down" && $0["ok"] == true && $0["result"]?["status"] == "RUNNING" })
            let events = messages.filter { $0["event"] == "sync" }
            #expect(events.last?["detail"]?["status"] == "DONE" && events.last?["detail"]?["totalSize"] == 300)
            #expect(messages.last == events.last, "the sync's last event is the last line")
        }
    }

    @Test("the input's end with a Smart SQL query that never ends: the query stops at the store's time limit, answers, and the bridge ends")
    func endlessQueryAtTheEnd() async throws {
        try await withBridge { fixture in
            let store = try await fixture.app.userStore()
            store.queryTimeLimit = .milliseconds(300)
            let written = Mutex<[String]>([])
            let endless = "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT count(*) FROM r, {accounts}"
            let calls = [
                #"{"id": 1, "service": "com.salesforce.smartstore", "action": "pgRegisterSoup", "args": ["pluginSDKVersion:13.0.2", {"soupName": "accounts", "indexes": [{"path": "Id", "type": "string"}]}]}"#,
                String(
                    decoding: ([
                        "id": 2, "service": "com.salesforce.smartstore", "action": "pgRunSmartQuery",
                        "args": [
                            "pluginSDKVersion:13.0.2", ["querySpec": ["queryType": "smart", "smartSql": .string(endless), "pageSize": 1]],
                        ],
                    ] as JSON).serializedBytes(), as: UTF8.self),
            ]
            let (lines, input) = AsyncStream<String>.makeStream()
            let serving = Task { await fixture.bridge.serve(lines: lines) { line in written.withLock { $0.append(line) } } }
            input.yield(calls[0])
            for _ in 0..<400 where written.withLock({ $0.isEmpty }) { try await Task.sleep(for: .milliseconds(25)) }
            input.yield(calls[1])
            input.finish()
            await serving.value
            let messages = try written.withLock { lines in try lines.map { try JSON(parsing: Array($0.utf8)) } }
            let answer = try #require(messages.first { $0["id"] == 2 })
            #expect(answer["ok"] == false && answer["error"]?.stringValue?.contains("ran longer than its limit") == true, "\(answer)")
        }
    }
}
