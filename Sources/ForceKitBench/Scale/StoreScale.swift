import ArgumentParser
import BenchHarness
import Crypto
import Foundation
import GRDB
import SalesforceCore
import SmartStore

/// `forcekit-bench scale`, SmartStore's part: one soup of a million entries (10 fields, 5
/// indexes, one of them full text), encrypted and plain, against plain GRDB over the same table
/// layout and indexes.
struct StoreScale {
    let entries: Int
    let exactQueries: Int
    let plan: RoundPlan
    let say: (String) -> Void

    /// The soup's indexes: the key, the words (full text), the group code and two filler fields.
    static let indexSpecs =
        QueryBench.indexSpecs + [
            IndexSpec(path: "field2", type: .string), IndexSpec(path: "field3", type: .string), IndexSpec(path: "field4", type: .string),
        ]
    static let indexedPaths = ["key", "words", "field2", "field3", "field4"]
    /// How many group codes `field2` takes, and so how many entries the second soup has.
    static let groupCount = 1_000
    static let contenders = ["encrypted", "plain", "grdb"]

    /// What building one contender's database took, in a process of its own.
    struct Build {
        let seconds: Double
        let bytes: Double
        /// The process's resident size at its highest over its size before the first upsert.
        let peakGrowthMiB: Double?
    }

    /// The soup's entries: the same for the same size, in every process.
    static func workload(entries: Int) -> QueryWorkload {
        // Terms and prefixes select as many entries as in the smartstore suite's 100,000: what
        // grows is the soup the indexes find them in.
        QueryWorkload(count: entries, seed: 2019, groups: groupCount, vocabularySize: max(5_000, entries / 20))
    }

    /// The second soup, of the groups' labels.
    static var groups: [JSON] {
        (0..<groupCount).map { JSON.object(["code": .string("g\($0)"), "label": .string("Group \($0)")]) }
    }

    func measure(in scratch: URL, into record: inout BenchRecord) async throws {
        say("SmartStore: generating \(entries) entries")
        let workload = Self.workload(entries: entries)
        let secret = SymmetricKey(size: .bits256)
        let key = StoreEncryption.key(secret)
        let urls = Dictionary(uniqueKeysWithValues: Self.contenders.map { ($0, scratch.appendingPathComponent("\($0).sqlite")) })
        func encryption(_ contender: String) -> StoreEncryption { contender == "encrypted" ? key : .plaintext }

        // Each database is built once, in a fresh process: a million entries take long enough to
        // be steady, and the process's memory peak is the build's own.
        let keyText = secret.withUnsafeBytes { Data($0).base64EncodedString() }
        var builds: [String: Build] = [:]
        for contender in Self.contenders {
            SyncSuite.settleDisk()
            let child = try BenchChild(
                ["store-build", "--contender", contender, "--entries", String(entries), "--path", urls[contender]!.path]
                    + (contender == "encrypted" ? ["--key", keyText] : []))
            let figures = try RunFigures(line: try await child.finish())
            guard let seconds = figures["seconds"], let bytes = figures["bytes"] else {
                throw ValidationError("the \(contender) build printed no figures")
            }
            builds[contender] = Build(seconds: seconds, bytes: bytes, peakGrowthMiB: figures["peakGrowthMiB"])
            let build = builds[contender]!
            say(
                String(
                    format: "  built %@: %.0f entries/s, %.0f bytes an entry, memory peak +%.1f MiB", contender,
                    Double(entries) / build.seconds, build.bytes / Double(entries), build.peakGrowthMiB ?? .nan))
        }

        say("SmartStore: opening each database cold and reading one entry")
        let opens = try await plan.run(Self.contenders) { contender -> Double? in
            try await Self.openAndRead(contender, at: urls[contender]!, encryption: encryption(contender), key: workload.keys[entries / 2])
        }
        say(
            "  "
                + Self.contenders.map { "\($0) \(Sample(opens[$0] ?? []).median.map { String(format: "%.1f", $0) } ?? "-") ms" }.joined(
                    separator: ", "))

        let stores = [
            "encrypted": try await SmartStore(url: urls["encrypted"]!, encryption: key),
            "plain": try await SmartStore(url: urls["plain"]!, encryption: .plaintext),
        ]
        let pool = try PlainTable.openPool(at: urls["grdb"]!.path)
        let bench = QueryBench(store: stores["encrypted"]!, pool: pool, workload: workload, say: say)
        var queries: [(String, [String: [Double]])] = []
        ProcessMemory.resetPeak()
        let residentBeforeQueries = ProcessMemory.residentMiB()
        for kind in bench.kinds(exactQueries: exactQueries, likePrefixLength: entries > 300_000 ? 3 : 2, likeQueries: 20) {
            var rows: [String: Int] = [:]
            let values = try await plan.run(Self.contenders) { contender -> Double? in
                let start = ContinuousClock.now
                let read =
                    contender == "grdb"
                    ? try await bench.runBaseline(kind) : try await bench.runOurs(kind, on: stores[contender], asText: true)
                rows[contender] = read
                return Double(kind.name == "exact" ? kind.inputs.count : read) / (ContinuousClock.now - start).seconds
            }
            try Self.checkSameRows(kind.name, rows)
            queries.append((kind.name, values))
            report(kind.name, values, unit: kind.name == "exact" ? "queries/s" : "rows/s")
        }
        for smart in SmartQuery.all(groups: 20) {
            var rows: [String: Int] = [:]
            let values = try await plan.run(Self.contenders) { contender -> Double? in
                let start = ContinuousClock.now
                let read = try await contender == "grdb" ? smart.runPlain(pool) : smart.runStore(stores[contender]!)
                rows[contender] = read
                return Double(read) / (ContinuousClock.now - start).seconds
            }
            try Self.checkSameRows(smart.name, rows)
            queries.append((smart.name, values))
            report(smart.name, values, unit: smart.name == "count" ? "counts/s" : "rows/s")
        }
        let queryPeak = ProcessMemory.peakResidentMiB().flatMap { peak in residentBeforeQueries.map { max(0, peak - $0) } }

        say("SmartStore: adding an index on field5 and re-indexing every entry")
        var alterSeconds: [String: Double] = [:]
        for contender in Self.contenders {
            let start = ContinuousClock.now
            if contender == "grdb" {
                try await pool.write { db in
                    try db.execute(
                        sql: """
                            ALTER TABLE t ADD COLUMN c5 TEXT; UPDATE t SET c5 = json_extract(soup, '$.field5');
                            CREATE INDEX t_c5 ON t (c5)
                            """)
                }
            } else {
                try await stores[contender]!.alterSoup(
                    "query", indexSpecs: Self.indexSpecs + [IndexSpec(path: "field5", type: .string)], reIndexData: true)
            }
            alterSeconds[contender] = (ContinuousClock.now - start).seconds
            say(String(format: "  %@: %.1f s", contender, alterSeconds[contender] ?? .nan))
        }
        for store in stores.values { try store.close() }
        try pool.close()

        add(
            builds: builds, opens: opens, queries: queries, queryPeakMiB: queryPeak, alterSeconds: alterSeconds, to: &record)
    }

    private func report(_ name: String, _ values: [String: [Double]], unit: String) {
        let medians = Self.contenders.map { Sample(values[$0] ?? []).median }
        let ratio = Sample(values["encrypted"] ?? []).ratio(to: Sample(values["grdb"] ?? [])).median
        say(
            "  \(name): "
                + zip(Self.contenders, medians).map { "\($0) \($1.map { String(format: "%.0f", $0) } ?? "-")" }.joined(separator: ", ")
                + " \(unit); encrypted over GRDB \(ratio.map { String(format: "%.2f", $0) } ?? "-")")
    }

    private static func checkSameRows(_ name: String, _ rows: [String: Int]) throws {
        guard Set(rows.values).count <= 1 else {
            throw ValidationError("\(name): the contenders read different rows: \(rows.sorted { $0.key < $1.key })")
        }
    }

    private func add(
        builds: [String: Build], opens: [String: [Double]], queries: [(String, [String: [Double]])], queryPeakMiB: Double?,
        alterSeconds: [String: Double], to record: inout BenchRecord
    ) {
        record.settings += [("storeEntries", Double(entries)), ("storeIndexes", Double(Self.indexSpecs.count))]
        for contender in Self.contenders {
            guard let build = builds[contender] else { continue }
            record.figures += [
                ("store_upsert_\(contender)", Sample([Double(entries) / build.seconds])),
                ("store_bytesPerEntry_\(contender)", Sample([build.bytes / Double(entries)])),
                ("store_openMs_\(contender)", Sample(opens[contender] ?? [])),
                ("store_alterSeconds_\(contender)", Sample(alterSeconds[contender].map { [$0] } ?? [])),
            ]
        }
        let grdbBuild = builds["grdb"].map { Sample([Double(entries) / $0.seconds]) } ?? Sample([])
        for contender in ["encrypted", "plain"] {
            let build = builds[contender].map { Sample([Double(entries) / $0.seconds]) } ?? Sample([])
            record.ratios.append(("store_upsert_\(contender)", build.ratio(to: grdbBuild)))
            if let ours = alterSeconds[contender], let plain = alterSeconds["grdb"] {
                record.ratios.append(("store_alter_\(contender)", Sample([plain / ours])))
            }
        }
        var queryRatios: [Double?] = []
        for (name, values) in queries {
            for contender in Self.contenders { record.figures.append(("store_\(name)_\(contender)", Sample(values[contender] ?? []))) }
            let ratio = Sample(values["encrypted"] ?? []).ratio(to: Sample(values["grdb"] ?? []))
            record.ratios += [
                ("store_\(name)_encrypted", ratio),
                ("store_\(name)_plain", Sample(values["plain"] ?? []).ratio(to: Sample(values["grdb"] ?? []))),
            ]
            queryRatios.append(ratio.median)
        }
        let buildPeak = builds["encrypted"]?.peakGrowthMiB
        for contender in Self.contenders {
            record.figures.append(("store_upsertPeakGrowthMiB_\(contender)", Sample(builds[contender]?.peakGrowthMiB.map { [$0] } ?? [])))
        }
        record.figures.append(("store_queryPeakGrowthMiB", Sample(queryPeakMiB.map { [$0] } ?? [])))
        record.bars += [
            Bar(
                name: "storeQueriesWithin2x", holds: queryRatios.contains { $0 == nil } ? nil : queryRatios.allSatisfy { ($0 ?? 0) >= 0.5 }),
            .atMost("storeOpenUnder100ms", Sample(opens["encrypted"] ?? []).median, 100),
            .atMost(
                "storeMemoryUnder100MiB", [buildPeak, queryPeakMiB].contains { $0 == nil } ? nil : max(buildPeak ?? 0, queryPeakMiB ?? 0),
                100),
        ]
        say(
            String(
                format: "SmartStore: memory peak over the start, upserting %.1f MiB, querying %.1f MiB (the soup's file: %.0f MiB)",
                buildPeak ?? .nan, queryPeakMiB ?? .nan, (builds["encrypted"]?.bytes ?? 0) / 1_048_576))
    }

    /// Builds an encrypted or plain store of the workload, in batches of 1,000.
    static func buildStore(_ workload: QueryWorkload, at url: URL, encryption: StoreEncryption) async throws -> Build {
        let store = try await SmartStore(url: url, encryption: encryption)
        try await store.registerSoup("query", indexSpecs: Self.indexSpecs)
        try await store.registerSoup("groups", indexSpecs: [IndexSpec(path: "code", type: .string)])
        try await store.upsert(entries: Self.groups, inSoup: "groups")
        ProcessMemory.resetPeak()
        let resident = ProcessMemory.residentMiB()
        let start = ContinuousClock.now
        for first in stride(from: 0, to: workload.entries.count, by: 1_000) {
            try await store.upsert(entries: Array(workload.entries[first..<min(first + 1_000, workload.entries.count)]), inSoup: "query")
        }
        try store.close()
        let seconds = (ContinuousClock.now - start).seconds
        let peak = ProcessMemory.peakResidentMiB().flatMap { peak in resident.map { max(0, peak - $0) } }
        return Build(seconds: seconds, bytes: Self.fileBytes(url), peakGrowthMiB: peak)
    }

    /// Builds the plain table and its groups table with GRDB, rows bound before the timer.
    static func buildPlain(_ workload: QueryWorkload, at url: URL) async throws -> Build {
        let pool = try PlainTable.openPool(at: url.path)
        let table = PlainTable(columns: Self.indexedPaths.count, fullTextColumn: 1)
        let groupTable = PlainTable(columns: 1, fullTextColumn: nil, name: "g")
        let groupRows = PlainTable.rows(Self.groups, indexed: ["code"])
        try await pool.write { db in
            try table.create(db)
            try groupTable.create(db)
            let statement = try db.makeStatement(sql: groupTable.insertSQL)
            for row in groupRows { try statement.execute(arguments: StatementArguments(row)) }
        }
        let arguments = PlainTable.rows(workload.entries, indexed: Self.indexedPaths).map { StatementArguments($0) }
        let sql = table.insertSQL
        ProcessMemory.resetPeak()
        let resident = ProcessMemory.residentMiB()
        let start = ContinuousClock.now
        for first in stride(from: 0, to: arguments.count, by: 1_000) {
            let chunk = Array(arguments[first..<min(first + 1_000, arguments.count)])
            try await pool.write { db in
                let statement = try db.cachedStatement(sql: sql)
                for row in chunk { try statement.execute(arguments: row) }
            }
        }
        try pool.close()
        let seconds = (ContinuousClock.now - start).seconds
        let peak = ProcessMemory.peakResidentMiB().flatMap { peak in resident.map { max(0, peak - $0) } }
        return Build(seconds: seconds, bytes: Self.fileBytes(url), peakGrowthMiB: peak)
    }

    /// Milliseconds to open a database and read one entry by its key, as an app's start does.
    private static func openAndRead(_ contender: String, at url: URL, encryption: StoreEncryption, key: String) async throws -> Double {
        let start = ContinuousClock.now
        var found = 0
        if contender == "grdb" {
            let pool = try PlainTable.openPool(at: url.path)
            found = try await pool.read { db in
                try String.fetchAll(db, sql: "SELECT soup FROM t WHERE c0 = ? ORDER BY c0 LIMIT 10", arguments: [key]).count
            }
            try pool.close()
        } else {
            let store = try await SmartStore(url: url, encryption: encryption)
            found = try await store.query(using: .buildExactQuerySpec(soupName: "query", path: "key", matchKey: .string(key))).count
            try store.close()
        }
        guard found > 0 else { throw ValidationError("opening \(contender) found no entry with the key \(key)") }
        return (ContinuousClock.now - start).seconds * 1_000
    }

    private static func fileBytes(_ url: URL) -> Double {
        ["", "-wal"].reduce(0) { total, suffix in
            let size = (try? FileManager.default.attributesOfItem(atPath: url.path + suffix)[.size] as? NSNumber)?.doubleValue
            return total + (size ?? 0)
        }
    }
}

/// A Smart SQL query of the scale soup, paged, and the same SQL on the plain tables.
struct SmartQuery {
    let name: String
    let smartSQL: String
    let plainSQL: String
    let inputs: [String]
    let pageSize: Int

    /// A join of each entry of a group with its group's label, an aggregate over the whole
    /// soup, and the soup's count.
    static func all(groups: Int) -> [SmartQuery] {
        let codes = (0..<groups).map { "g\($0 * 37 % StoreScale.groupCount)" }
        return [
            SmartQuery(
                name: "smartJoin",
                smartSQL: """
                    SELECT {query:key}, {groups:label} FROM {query}, {groups} \
                    WHERE {query:field2} = {groups:code} AND {query:field2} = ? ORDER BY {query:key}
                    """,
                plainSQL: """
                    SELECT t.c0, json_extract(g.soup, '$.label') FROM t, g WHERE t.c2 = g.c0 AND t.c2 = ? ORDER BY t.c0
                    """, inputs: codes, pageSize: 100),
            SmartQuery(
                name: "smartAggregate",
                smartSQL: "SELECT {query:field2}, COUNT(*) FROM {query} GROUP BY {query:field2} ORDER BY {query:field2}",
                plainSQL: "SELECT c2, COUNT(*) FROM t GROUP BY c2 ORDER BY c2", inputs: [""], pageSize: 100),
            SmartQuery(name: "count", smartSQL: "", plainSQL: "SELECT COUNT(*) FROM t", inputs: [""], pageSize: 1),
        ]
    }

    /// Pages through every input in the store; the rows read (for `count`, the counts taken).
    func runStore(_ store: SmartStore) async throws -> Int {
        if name == "count" {
            for _ in 0..<10 { _ = try await store.count(using: .buildAllQuerySpec(soupName: "query")) }
            return 10
        }
        var rows = 0
        for input in inputs {
            let spec = QuerySpec.buildSmartQuerySpec(smartSQL: smartSQL, pageSize: pageSize)
            var page = 0
            while true {
                let results = try await store.query(
                    using: spec, startingFromPageIndex: page, arguments: input.isEmpty ? [] : [.string(input)])
                rows += results.count
                if results.count < pageSize { break }
                page += 1
            }
        }
        return rows
    }

    /// The same in the plain tables, a page at a time with LIMIT and OFFSET.
    func runPlain(_ pool: DatabasePool) async throws -> Int {
        if name == "count" {
            for _ in 0..<10 { _ = try await pool.read { db in try Int.fetchOne(db, sql: plainSQL) } }
            return 10
        }
        var rows = 0
        for input in inputs {
            var page = 0
            while true {
                let arguments: [DatabaseValue] =
                    (input.isEmpty ? [] : [input.databaseValue]) + [pageSize.databaseValue, (page * pageSize).databaseValue]
                let sql = plainSQL + " LIMIT ? OFFSET ?"
                let count = try await pool.read { db in
                    try Row.fetchAll(db.cachedStatement(sql: sql), arguments: StatementArguments(arguments)).count
                }
                rows += count
                if count < pageSize { break }
                page += 1
            }
        }
        return rows
    }
}
