import ForceKitTestSupport
import HybridBridge
import SalesforceCore
import Testing

@Suite("The bridge's JSON lines")
struct BridgeLinesTests {
    @Test("a call line is read; answers and events are written as one object a line")
    func lines() throws {
        let call = try BridgeLines.call(from: #"{"id": 7, "service": "s", "action": "a", "args": ["pluginSDKVersion:13.0.2", {"k": 1}]}"#)
            .get()
        #expect(call == BridgeLines.Call(id: 7, service: "s", action: "a", arguments: ["pluginSDKVersion:13.0.2", ["k": 1]]))
        #expect(
            try JSON(parsing: Array(BridgeLines.answer(.success(["x": true]), id: 7).utf8)) == ["id": 7, "ok": true, "result": ["x": true]])
        #expect(try JSON(parsing: Array(BridgeLines.answer(.failure("no"), id: "a").utf8)) == ["id": "a", "ok": false, "error": "no"])
        #expect(
            try JSON(parsing: Array(BridgeLines.event(BridgeEvent(name: "sync", detail: ["status": "DONE"])).utf8)) == [
                "event": "sync", "detail": ["status": "DONE"],
            ])
        #expect(!BridgeLines.answer(.success("a\nb"), id: 1).contains("\n"))
    }

    @Test(
        "lines that are not calls are answered with what is wrong, under their id when they have one",
        arguments: [
            ("not json", JSON.null, "not JSON"), (#"{"id": 3, "service": "s"}"#, JSON.integer(3), "\"service\" and \"action\""),
        ])
    func badLines(line: String, id: JSON, words: String) {
        guard case .failure(let failure) = BridgeLines.call(from: line) else {
            Issue.record("\(line) was read as a call")
            return
        }
        #expect(failure.id == id && failure.message.contains(words))
    }

    @Test("fuzz: any line is read or refused, never a crash", arguments: 0..<8)
    func anyLine(seed: Int) {
        var generator = SeededGenerator(seed: UInt64(seed))
        let alphabet = Array(#"{}[]":,0123456789 idservicactnrgs\"#)
        for _ in 0..<300 {
            let line = String((0..<Int.random(in: 0..<60, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            _ = BridgeLines.call(from: line)
        }
    }
}
