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
        let encrypted: Double
        let plain: Double
        var ratio: Double { encrypted / plain }
    }

    let entries: Int
    let upsertRounds: Int
    let queryRounds: Int
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
                var encrypted: [Double] = []
                var plain: [Double] = []
                for round in 0..<upsertRounds {
                    let directory = scratch.appendingPathComponent("\(shape.fieldCount)-\(shape.indexedFields)-\(batch)-\(round)")
                    encrypted.append(
                        try await Self.upsertThroughput(
                            workload, shape: shape, batch: batch, at: directory.appendingPathComponent("encrypted.sqlite"), encryption: key)
                    )
                    plain.append(
                        try await Self.upsertThroughput(
                            workload, shape: shape, batch: batch, at: directory.appendingPathComponent("plain.sqlite"),
                            encryption: .plaintext))
                    try? FileManager.default.removeItem(at: directory)
                }
                comparisons.append(
                    report(
                        Comparison(
                            label: "upsert \(shape.name) batch \(batch)", encrypted: Measurement.median(encrypted),
                            plain: Measurement.median(plain)), unit: "entries/s"))
            }
        }
        guard !skipQueries else { return comparisons }
        let bench = try await QueryBench(entries: entries, at: scratch.appendingPathComponent("queries"), say: say)
        let encryptedStore = try await QueryBench.makeStore(
            bench.workload, at: scratch.appendingPathComponent("queries/encrypted.sqlite"), encryption: key)
        for kind in bench.kinds(exactQueries: exactQueries) {
            var encrypted: [Double] = []
            var plain: [Double] = []
            for _ in 0..<queryRounds {
                let clock = ContinuousClock()
                var rows = 0
                let encryptedTime = try await clock.measure { rows = try await bench.runOurs(kind, on: encryptedStore) }
                let plainTime = try await clock.measure { rows = try await bench.runOurs(kind) }
                let units = Double(kind.name == "exact" ? kind.inputs.count : rows)
                encrypted.append(units / encryptedTime.seconds)
                plain.append(units / plainTime.seconds)
            }
            comparisons.append(
                report(
                    Comparison(label: "query \(kind.name)", encrypted: Measurement.median(encrypted), plain: Measurement.median(plain)),
                    unit: kind.name == "exact" ? "queries/s" : "rows/s"))
        }
        return comparisons
    }

    private func report(_ comparison: Comparison, unit: String) -> Comparison {
        say(
            String(
                format: "%@: encrypted %.0f %@, plain %.0f %@, ratio %.3f", comparison.label, comparison.encrypted, unit, comparison.plain,
                unit, comparison.ratio))
        return comparison
    }

    /// Entries per second upserting `workload` in batches into a new store at `url`.
    static func upsertThroughput(_ workload: [JSON], shape: EntryShape, batch: Int, at url: URL, encryption: StoreEncryption) async throws
        -> Double
    {
        let store = try await SmartStore(url: url, encryption: encryption)
        try await store.registerSoup("load", indexSpecs: shape.indexedNames.map { IndexSpec(path: $0, type: .string) })
        let clock = ContinuousClock()
        let elapsed = try await clock.measure {
            for start in stride(from: 0, to: workload.count, by: batch) {
                try await store.upsert(entries: Array(workload[start..<min(start + batch, workload.count)]), inSoup: "load")
            }
        }
        try store.close()
        return Double(workload.count) / elapsed.seconds
    }
}
