import BenchHarness
import Foundation
import Testing

@Suite("The benchmark harness: order, samples, goals, records")
struct HarnessTests {
    @Test("two contenders alternate ABBA; with three, each leads as often as the others")
    func order() {
        let plan = RoundPlan(warmUp: 1, rounds: 4)
        let two = (0..<4).map { plan.order(of: ["A", "B"], round: $0).joined() }
        #expect(two == ["AB", "BA", "BA", "AB"])
        let leaders = (0..<6).map { plan.order(of: ["A", "B", "C"], round: $0)[0] }
        #expect(leaders.filter { $0 == "A" }.count == 2 && leaders.filter { $0 == "B" }.count == 2)
        #expect(plan.order(of: ["A"], round: 3) == ["A"])
    }

    @Test("warm-up rounds run but do not count; a failed measurement leaves its round out")
    func run() async {
        let plan = RoundPlan(warmUp: 2, rounds: 3)
        var calls: [String] = []
        var next = 0.0
        let values = await plan.run(["ours", "baseline"]) { contender -> Double? in
            calls.append(contender)
            next += 1
            return contender == "baseline" && next == 7 ? nil : next
        }
        #expect(calls.count == 10)
        #expect(values["ours"]?.count == 3)
        #expect(values["baseline"]?.count == 2)
        // The warm-up's values (1 to 4) are not among the counted ones.
        #expect(values.values.joined().allSatisfy { $0 > 4 })
    }

    @Test("a run of several figures keeps each round's figures together, in round order, without the warm-up")
    func runsOfSeveralFigures() async {
        let plan = RoundPlan(warmUp: 1, rounds: 4)
        var run = 0
        let results = await plan.runs(["sync", "limit"]) { contender -> (run: Int, cpu: Double)? in
            run += 1
            return (run, Double(run) / 10)
        }
        // Rounds AB, BA, BA, AB after the warm-up (runs 1 and 2).
        #expect(results["sync"]?.map(\.run) == [3, 6, 8, 9])
        #expect(results["limit"]?.map(\.run) == [4, 5, 7, 10])
        #expect(results["sync"]?.allSatisfy { $0.cpu == Double($0.run) / 10 } == true)
    }

    @Test("medians, spreads and per-round ratios; an empty sample has no median, never 0")
    func samples() {
        #expect(Sample([3, 1, 2]).median == 2)
        #expect(Sample([4, 1, 3, 2]).median == 2.5)
        #expect(Sample([]).median == nil && Sample([]).spread == nil)
        #expect(Sample([.infinity, .nan, 5]).values == [5])
        #expect(Sample([9, 10, 11]).spread == 0.2)
        let ratio = Sample([10, 20, 30]).ratio(to: Sample([5, 0, 10]))
        #expect(ratio.values == [2, 3])
    }

    @Test("a goal on a missing figure does not hold")
    func bars() {
        #expect(Bar.atMost("fast", 0.5, 1).isMet)
        #expect(!Bar.atMost("fast", 1.5, 1).isMet)
        #expect(!Bar.atLeast("big", nil, 1).isMet && Bar.atLeast("big", nil, 1).holds == nil)
    }

    @Test("a record is one JSON object that says what ran where; missing figures are null; a debug build's goals are false")
    func record() throws {
        var environment = BenchEnvironment.current()
        environment.configuration = "release"
        var record = BenchRecord(
            suite: "router", unit: "ns/link", command: "forcekit-bench router", plan: RoundPlan(), environment: environment)
        record.settings = [("links", 1000)]
        record.figures = [("ours", Sample([1, 2, 3])), ("missing", Sample([]))]
        record.ratios = [("oursVsBaseline", Sample([0.5]))]
        record.bars = [.atMost("oursAtMostBaseline", 0.5, 1), .atMost("missingAtMostOne", nil, 1)]
        let object = try #require(try JSONSerialization.jsonObject(with: Data(record.line.utf8)) as? [String: Any])
        #expect(record.line.hasPrefix(#"{"suite":"router","unit":"ns/link","command":"forcekit-bench router","environment":"#))
        let figures = try #require(object["figures"] as? [String: Any])
        let missing = try #require(figures["missing"] as? [String: Any])
        #expect(missing["median"] is NSNull)
        #expect((figures["ours"] as? [String: Any])?["rounds"] as? [Double] == [1, 2, 3])
        let bars = try #require(object["bars"] as? [String: Bool])
        #expect(bars == ["oursAtMostBaseline": true, "missingAtMostOne": false])
        let facts = try #require(object["environment"] as? [String: Any])
        #expect(facts["cores"] as? Int == ProcessInfo.processInfo.activeProcessorCount)
        #expect(facts["configuration"] as? String == "release")

        environment.configuration = "debug"
        record.environment = environment
        let debug = try #require(try JSONSerialization.jsonObject(with: Data(record.line.utf8)) as? [String: Any])
        #expect((debug["bars"] as? [String: Bool])?.values.allSatisfy { !$0 } == true)
        #expect((debug["notes"] as? [String])?.contains { $0.contains("debug build") } == true)
        #expect(!record.barsHold)
    }

    @Test("--record appends one line per run to the suite's file, and reads them back")
    func resultsLog() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let record = BenchRecord(
            suite: "router", unit: "ns/link", command: "forcekit-bench router", plan: RoundPlan(), environment: .current())
        let file = try ResultsLog.append(record, under: folder)
        try ResultsLog.append(record, under: folder)
        #expect(file.lastPathComponent == "router.jsonl")
        #expect(ResultsLog.records(suite: "router", under: folder).count == 2)
        #expect(ResultsLog.records(suite: "sync", under: folder).isEmpty)
    }
}
