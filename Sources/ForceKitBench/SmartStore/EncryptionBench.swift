import BenchHarness
import Crypto
import Foundation
import SalesforceCore
import SmartStore

/// `forcekit-bench smartstore --encrypted`: the same upserts and queries on an encrypted store
/// and on a plain one, in alternating rounds. Each ratio is encrypted throughput over plain.
struct EncryptionBench {
    /// One measured workload.
    struct Comparison {
        let label: String
        let unit: String
        let encrypted: Sample
        let plain: Sample
        /// Encrypted throughput over plain, round by round.
        var ratio: Sample { encrypted.ratio(to: plain) }
    }

    let entries: Int
    let plan: RoundPlan
    let exactQueries: Int
    let shapes: [EntryShape]
    let batches: [Int]
    let skipQueries: Bool
    let say: (String) -> Void

    func run(in scratch: URL) async throws -> [Comparison] {
        let key = StoreEncryption.key(SymmetricKey(size: .bits256))
        var comparisons: [Comparison] = []
        for shape in shapes {
            let workload = shape.entries(count: entries, seed: 71)
            for batch in batches {
                let values = try await plan.run(["encrypted", "plain"]) { contender -> Double? in
                    let directory = scratch.appendingPathComponent(UUID().uuidString)
                    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                    defer { try? FileManager.default.removeItem(at: directory) }
                    return try await Self.upsertThroughput(
                        workload, shape: shape, batch: batch, at: directory.appendingPathComponent("\(contender).sqlite"),
                        encryption: contender == "encrypted" ? key : .plaintext)
                }
                comparisons.append(
                    report(
                        Comparison(
                            label: "upsert \(shape.name) batch \(batch)", unit: "entries/s", encrypted: Sample(values["encrypted"] ?? []),
                            plain: Sample(values["plain"] ?? []))))
            }
        }
        guard !skipQueries else { return comparisons }
        let bench = try await QueryBench(entries: entries, at: scratch.appendingPathComponent("queries"), say: say)
        let encryptedStore = try await QueryBench.makeStore(
            bench.workload, at: scratch.appendingPathComponent("queries/encrypted.sqlite"), encryption: key)
        for kind in bench.kinds(exactQueries: exactQueries) {
            let values = try await plan.run(["encrypted", "plain"]) { contender -> Double? in
                let clock = ContinuousClock()
                var rows = 0
                let time = try await clock.measure {
                    rows = try await bench.runOurs(kind, on: contender == "encrypted" ? encryptedStore : nil)
                }
                return Double(kind.name == "exact" ? kind.inputs.count : rows) / time.seconds
            }
            comparisons.append(
                report(
                    Comparison(
                        label: "query \(kind.name)", unit: kind.name == "exact" ? "queries/s" : "rows/s",
                        encrypted: Sample(values["encrypted"] ?? []), plain: Sample(values["plain"] ?? []))))
        }
        return comparisons
    }

    private func report(_ comparison: Comparison) -> Comparison {
        func text(_ value: Double?) -> String { value.map { String(format: "%.0f", $0) } ?? "-" }
        func ratio(_ value: Double?) -> String { value.map { String(format: "%.3f", $0) } ?? "-" }
        say(
            "\(comparison.label): encrypted \(text(comparison.encrypted.median)) \(comparison.unit), plain \(text(comparison.plain.median)) \(comparison.unit), ratio \(ratio(comparison.ratio.median))"
        )
        return comparison
    }

    /// Entries per second upserting `workload` in batches into a new store at `url`.
    static func upsertThroughput(_ workload: [JSON], shape: EntryShape, batch: Int, at url: URL, encryption: StoreEncryption) async throws
        -> Double
    {
        let store = try await SmartStore(url: url, encryption: encryption)
        try await store.registerSoup("load", indexSpecs: shape.indexedNames.map { IndexSpec(path: $0, type: .string) })
        let clock = ContinuousClock()
        // Closing is timed, as the baseline's is: both end with every page in the database file
        // (the last connection's checkpoint), whoever checkpointed on the way.
        let elapsed = try await clock.measure {
            for start in stride(from: 0, to: workload.count, by: batch) {
                try await store.upsert(entries: Array(workload[start..<min(start + batch, workload.count)]), inSoup: "load")
            }
            try store.close()
        }
        return Double(workload.count) / elapsed.seconds
    }
}
