import Foundation
import HybridBridge
import SalesforceCore
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
}
