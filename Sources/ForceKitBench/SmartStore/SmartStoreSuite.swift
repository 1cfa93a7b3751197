import ArgumentParser
import Foundation
import GRDB
import SalesforceCore
import SmartStore

/// `forcekit-bench smartstore`: SmartStore against plain GRDB on the same rows and indexes.
struct SmartStoreSuite: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "smartstore",
        abstract: "Upsert and query SmartStore soups against plain GRDB inserts and SQL on the same table layout.",
        discussion: """
            Upserts: the load-test shapes (10 fields × 20 characters with 1 and 10 indexes; 1 field × \
            1,000 characters) in batches of 100 and 1,000. Queries: exact, range, like and match, paging \
            through results. Every ratio is SmartStore's throughput over the baseline's: higher is better. \
            With --encrypted the same work runs on an encrypted store against a plain one, and each ratio \
            is encrypted throughput over plain (the bar: at least 0.85, at most 15% slower); it also \
            reports swift-crypto sealing and opening one 4 KiB page per call against 16 pages per call.
            """
    )

    @Option(help: "Entries per soup.") var entries = 100_000
    @Option(help: "Timed rounds per upsert configuration; the median counts.") var upsertRounds = 3
    @Option(help: "Timed rounds per query kind; the median counts.") var queryRounds = 5
    @Option(help: "Queries per exact-query round.") var exactQueries = 5_000
    @Option(help: "The upsert shapes to run, comma-separated (for profiling one).")
    var shapes = EntryShape.all.map(\.name).joined(separator: ",")
    @Option(help: "The upsert batch sizes, comma-separated.") var batches = "100,1000"
    @Flag(help: "Skip the query measurements.") var skipQueries = false
    @Flag(help: "Compare an encrypted store with a plain one instead of SmartStore with plain GRDB.") var encrypted = false
    @Flag(help: "Print only the JSON line.") var json = false

    func run() async throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("forcekit-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        var report = BenchReport()
        report.add("suite", "smartstore")
        report.add("unit", "entries/s")
        if encrypted {
            try await runEncrypted(in: scratch, report: &report)
            return
        }

        var upsertRatios: [(String, Double, Double, Double)] = []
        let selectedShapes = Set(shapes.split(separator: ",").map(String.init))
        let batchSizes = batches.split(separator: ",").compactMap { Int($0) }
        for shape in EntryShape.all where selectedShapes.contains(shape.name) {
            let workload = shape.entries(count: entries, seed: 71)
            let rows = PlainTable.rows(workload, indexed: shape.indexedNames)
            for batch in batchSizes {
                var ours: [Double] = []
                var baseline: [Double] = []
                for round in 0..<upsertRounds {
                    let directory = scratch.appendingPathComponent("\(shape.fieldCount)-\(shape.indexedFields)-\(batch)-\(round)")
                    ours.append(
                        try await EncryptionBench.upsertThroughput(
                            workload, shape: shape, batch: batch, at: directory.appendingPathComponent("ours.sqlite"),
                            encryption: .plaintext))
                    baseline.append(try await plainInsertThroughput(rows, shape: shape, batch: batch, at: directory))
                    try? FileManager.default.removeItem(at: directory)
                }
                let (oursMedian, baselineMedian) = (Measurement.median(ours), Measurement.median(baseline))
                let label = "upsert \(shape.name) batch \(batch)"
                upsertRatios.append((label, oursMedian, baselineMedian, oursMedian / baselineMedian))
                say(
                    String(
                        format: "%@: SmartStore %.0f entries/s, plain GRDB %.0f entries/s, ratio %.3f", label, oursMedian, baselineMedian,
                        oursMedian / baselineMedian))
            }
        }
        let worst = upsertRatios.min { $0.3 < $1.3 } ?? ("", 0, 0, 0)
        report.add("ours", worst.1)
        report.add("baseline", worst.2)
        report.add("ratio", worst.3)
        report.add("worstUpsert", worst.0)
        for (label, _, _, ratio) in upsertRatios {
            report.add(label.replacingOccurrences(of: " ", with: "_"), ratio)
        }

        let queries =
            skipQueries
            ? []
            : try await QueryBench(entries: entries, at: scratch.appendingPathComponent("queries"), say: say).run(
                rounds: queryRounds, exactQueries: exactQueries)
        for result in queries {
            say(
                String(
                    format: "%@: SmartStore %.0f %@, plain SQL %.0f %@ (%.0f decoding rows with JSONSerialization), ratio %.3f (%.3f)",
                    result.kind, result.ours, result.unit, result.baseline, result.unit, result.decodedBaseline,
                    result.ours / result.baseline, result.ours / result.decodedBaseline))
            report.add("query_\(result.kind)", result.ours / result.baseline)
            report.add("query_\(result.kind)_vsDecoded", result.ours / result.decodedBaseline)
        }
        let exact = queries.first { $0.kind == "exact" }.map { $0.ours / $0.baseline } ?? 0
        report.add("entries", entries)
        report.add("barUpsertAtLeast0.7", upsertRatios.allSatisfy { $0.3 >= 0.7 })
        report.add("barExactQueryWithin2x", exact >= 0.5)
        print(report.line)
    }

    private func runEncrypted(in scratch: URL, report: inout BenchReport) async throws {
        let selectedShapes = Set(shapes.split(separator: ",").map(String.init))
        let bench = EncryptionBench(
            entries: entries, upsertRounds: upsertRounds, queryRounds: queryRounds, exactQueries: exactQueries,
            shapes: EntryShape.all.filter { selectedShapes.contains($0.name) },
            batches: batches.split(separator: ",").compactMap { Int($0) }, skipQueries: skipQueries, say: say)
        let comparisons = try await bench.run(in: scratch)
        let worst = comparisons.min { $0.ratio < $1.ratio }
        report.add("mode", "encrypted vs plain")
        report.add("ours", worst?.encrypted ?? 0)
        report.add("baseline", worst?.plain ?? 0)
        report.add("ratio", worst?.ratio ?? 0)
        report.add("worst", worst?.label ?? "")
        for comparison in comparisons { report.add(comparison.label.replacingOccurrences(of: " ", with: "_"), comparison.ratio) }
        let cost = try PageCryptoCost(pages: 32_000, rounds: 3).measure()
        say(String(format: "swift-crypto, one 4 KiB page per call against 16 pages per call: seal %.2f, open %.2f", cost.seal, cost.open))
        report.add("pageSealVsBulk", cost.seal)
        report.add("pageOpenVsBulk", cost.open)
        report.add("entries", entries)
        report.add("barAtMost15PercentSlower", comparisons.allSatisfy { $0.ratio >= 0.85 })
        print(report.line)
    }

    private func plainInsertThroughput(_ rows: [[DatabaseValue]], shape: EntryShape, batch: Int, at directory: URL) async throws -> Double {
        let pool = try PlainTable.openPool(at: directory.appendingPathComponent("plain.sqlite").path)
        let table = PlainTable(columns: shape.indexedFields, fullTextColumn: nil)
        try await pool.write { db in try table.create(db) }
        let sql = table.insertSQL
        let clock = ContinuousClock()
        let elapsed = try await clock.measure {
            for start in stride(from: 0, to: rows.count, by: batch) {
                let chunk = Array(rows[start..<min(start + batch, rows.count)])
                try await pool.write { db in
                    let statement = try db.cachedStatement(sql: sql)
                    for row in chunk { try statement.execute(arguments: StatementArguments(row)) }
                }
            }
        }
        try pool.close()
        return Double(rows.count) / elapsed.seconds
    }

    private func say(_ line: String) {
        if !json { print(line) }
    }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
