import ArgumentParser
import BenchHarness
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
            through results. Every ratio is SmartStore's throughput over the baseline's, round by round: higher \
            is better. Contenders alternate (ABBA) after a warm-up; both sides' upserts are timed until the \
            database is closed, the baseline's rows bound before its timer. \
            With --encrypted the same work runs on an encrypted store against a plain one, and each ratio \
            is encrypted throughput over plain (the bar: at least 0.85, at most 15% slower); it also \
            reports what sealing and opening one 4 KiB page per call costs against AES.GCM calls of 16 \
            pages: the store's own page cipher (pageSealVsBulk, pageOpenVsBulk) and AES.GCM called per \
            page (apiSealVsBulk, apiOpenVsBulk).
            """
    )

    @Option(help: "Entries per soup.") var entries = 100_000
    @Option(help: "Queries per exact-query round.") var exactQueries = 5_000
    @Option(help: "The upsert shapes to run, comma-separated (for profiling one).")
    var shapes = EntryShape.all.map(\.name).joined(separator: ",")
    @Option(help: "The upsert batch sizes, comma-separated.") var batches = "100,1000"
    @Flag(help: "Skip the query measurements.") var skipQueries = false
    @Flag(help: "Compare an encrypted store with a plain one instead of SmartStore with plain GRDB.") var encrypted = false
    @OptionGroup var options: SuiteOptions

    func run() async throws {
        let environment = BenchEnvironment.current()
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("forcekit-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        var record = BenchRecord(
            suite: encrypted ? "smartstore-encrypted" : "smartstore", unit: "entries/s, queries/s or rows/s", command: options.command,
            plan: options.plan, environment: environment)
        record.settings = [("entries", Double(entries)), ("exactQueries", Double(exactQueries))]
        if encrypted {
            try await runEncrypted(in: scratch, record: &record)
            try options.finish(record)
            return
        }

        let selectedShapes = Set(shapes.split(separator: ",").map(String.init))
        let batchSizes = batches.split(separator: ",").compactMap { Int($0) }
        var upsertRatios: [Sample] = []
        for shape in EntryShape.all where selectedShapes.contains(shape.name) {
            let workload = shape.entries(count: entries, seed: 71)
            let rows = PlainTable.rows(workload, indexed: shape.indexedNames)
            for batch in batchSizes {
                let values = try await options.plan.run(["smartstore", "grdb"]) { contender -> Double? in
                    let directory = scratch.appendingPathComponent(UUID().uuidString)
                    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                    defer { try? FileManager.default.removeItem(at: directory) }
                    if contender == "smartstore" {
                        return try await EncryptionBench.upsertThroughput(
                            workload, shape: shape, batch: batch, at: directory.appendingPathComponent("ours.sqlite"),
                            encryption: .plaintext)
                    }
                    return try await plainInsertThroughput(rows, shape: shape, batch: batch, at: directory)
                }
                let label = "upsert \(shape.name) batch \(batch)".replacingOccurrences(of: " ", with: "_")
                let (ours, baseline) = (Sample(values["smartstore"] ?? []), Sample(values["grdb"] ?? []))
                let ratio = ours.ratio(to: baseline)
                upsertRatios.append(ratio)
                record.figures += [("\(label)_smartstore", ours), ("\(label)_grdb", baseline)]
                record.ratios.append((label, ratio))
                options.say("\(label): SmartStore over plain GRDB \(Self.text(ratio.median)) (median of \(ratio.values.count) rounds)")
            }
        }
        record.bars.append(
            Bar(name: "upsertAtLeast0.7", holds: upsertRatios.isEmpty ? nil : upsertRatios.allSatisfy { ($0.median ?? 0) >= 0.7 }))

        let queries =
            skipQueries
            ? []
            : try await QueryBench(entries: entries, at: scratch.appendingPathComponent("queries"), say: options.say).run(
                plan: options.plan, exactQueries: exactQueries)
        for result in queries {
            let ratio = result.ours.ratio(to: result.baseline)
            record.figures += [
                ("query_\(result.kind)_smartstore", result.ours), ("query_\(result.kind)_grdb", result.baseline),
                ("query_\(result.kind)_grdbDecoding", result.decodedBaseline),
            ]
            record.ratios += [
                ("query_\(result.kind)", ratio), ("query_\(result.kind)_vsDecoded", result.ours.ratio(to: result.decodedBaseline)),
            ]
            if let mismatch = result.mismatch { record.notes.append("The contenders read different rows: \(mismatch).") }
            options.say("query \(result.kind): SmartStore over plain SQL \(Self.text(ratio.median))")
        }
        if !skipQueries {
            // Exact queries within 2x of plain SQL, reading the same rows.
            let exact = queries.first { $0.kind == "exact" }
            let sameRows = queries.allSatisfy { $0.mismatch == nil }
            record.bars.append(
                .atLeast("exactQueryWithin2x", sameRows ? exact.flatMap { $0.ours.ratio(to: $0.baseline).median } : nil, 0.5))
        }
        try options.finish(record)
    }

    private static func text(_ value: Double?) -> String {
        value.map { String(format: "%.3f", $0) } ?? "-"
    }

    private func runEncrypted(in scratch: URL, record: inout BenchRecord) async throws {
        let selectedShapes = Set(shapes.split(separator: ",").map(String.init))
        let bench = EncryptionBench(
            entries: entries, plan: options.plan, exactQueries: exactQueries,
            shapes: EntryShape.all.filter { selectedShapes.contains($0.name) },
            batches: batches.split(separator: ",").compactMap { Int($0) }, skipQueries: skipQueries, say: options.say)
        let comparisons = try await bench.run(in: scratch)
        for comparison in comparisons {
            let label = comparison.label.replacingOccurrences(of: " ", with: "_")
            record.figures += [("\(label)_encrypted", comparison.encrypted), ("\(label)_plain", comparison.plain)]
            record.ratios.append((label, comparison.ratio))
        }
        let cost = try PageCryptoCost(pages: 32_000, rounds: options.plan.rounds).measure()
        options.say(
            String(
                format:
                    "one 4 KiB page per call against 16 pages per AES.GCM call: the store's cipher seals at %.2f, opens at %.2f; AES.GCM seals at %.2f, opens at %.2f",
                cost.seal.median ?? .nan, cost.open.median ?? .nan, cost.apiSeal.median ?? .nan, cost.apiOpen.median ?? .nan))
        record.ratios += [
            ("pageSealVsBulk", cost.seal), ("pageOpenVsBulk", cost.open), ("apiSealVsBulk", cost.apiSeal), ("apiOpenVsBulk", cost.apiOpen),
        ]
        record.bars.append(
            Bar(
                name: "atMost15PercentSlower",
                holds: comparisons.isEmpty ? nil : comparisons.allSatisfy { ($0.ratio.median ?? 0) >= 0.85 }))
    }

    private func plainInsertThroughput(_ rows: [[DatabaseValue]], shape: EntryShape, batch: Int, at directory: URL) async throws -> Double {
        let pool = try PlainTable.openPool(at: directory.appendingPathComponent("plain.sqlite").path)
        let table = PlainTable(columns: shape.indexedFields, fullTextColumn: nil)
        try await pool.write { db in try table.create(db) }
        let sql = table.insertSQL
        // Bound before the timer, as SmartStore's side gets its entries ready-made.
        let arguments = rows.map { StatementArguments($0) }
        let clock = ContinuousClock()
        // Closing is timed, as SmartStore's is: both end with every page in the database file.
        let elapsed = try await clock.measure {
            for start in stride(from: 0, to: arguments.count, by: batch) {
                let chunk = Array(arguments[start..<min(start + batch, arguments.count)])
                try await pool.write { db in
                    let statement = try db.cachedStatement(sql: sql)
                    for row in chunk { try statement.execute(arguments: row) }
                }
            }
            try pool.close()
        }
        return Double(rows.count) / elapsed.seconds
    }

}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
