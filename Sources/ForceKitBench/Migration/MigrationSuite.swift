import ArgumentParser
import BenchHarness
import Crypto
import Foundation
import GRDB
import Logging
import SalesforceCore
import SmartStore
import SmartStoreMigration

/// `forcekit-bench migration`: a Mobile SDK store migrated into an encrypted ForceKit store,
/// against the same store decrypted and its rows copied into a plain database with GRDB.
struct MigrationSuite: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migration",
        abstract:
            "A Mobile SDK store into an encrypted ForceKit store, against copying its decrypted rows with GRDB: entries/s and memory.",
        discussion: """
            The input is a store in the SDK's layout made by SQLite3 Multiple Ciphers: \
            Scripts/mobile-sdk-fixtures.py --bench-store PATH [ENTRIES] (100,000 accounts by default; \
            pip install apsw-sqlite3mc). ForceKit's side is MobileSDKStoreMigration into a new \
            encrypted store: every entry parsed, written under its id, read back and compared. The \
            baseline decrypts the same store the same way and copies every table's rows, as they are, \
            into a plain database with the same indexes: the floor of moving the bytes. The ratio is \
            ForceKit's entries/s over the baseline's; memory is each run's peak resident growth.
            """
    )

    @Option(help: "The SDK store (Scripts/mobile-sdk-fixtures.py --bench-store PATH).") var sdkStore: String
    @Option(help: "The key text it was made with (the script's).") var key = "ZWZnaGlqa2xtbm9wcXJzdHV2d3h5ent8fX5/gIGCg4Q="
    @OptionGroup var options: SuiteOptions

    /// One run's figures.
    struct Run {
        var entriesPerSecond: Double
        var peakGrowthMiB: Double?
    }

    func validate() throws {
        guard FileManager.default.fileExists(atPath: sdkStore) else {
            throw ValidationError(
                "--sdk-store \(sdkStore): there is no store there. Make one with Scripts/mobile-sdk-fixtures.py --bench-store \(sdkStore)")
        }
    }

    func run() async throws {
        ForceKitLogging.setLevel(.warning)
        let environment = BenchEnvironment.current()
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("forcekit-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let source = URL(fileURLWithPath: sdkStore)
        let entries = try MobileSDKStoreMigration(storeAt: source, key: .android(key: key)).soups().reduce(0) { $0 + $1.entries }
        options.say("\(entries) entries in \(sdkStore)")

        let runs = try await options.plan(defaultRounds: 3).runs(["forcekit", "grdb"], progress: options.say) { contender -> Run? in
            let directory = scratch.appendingPathComponent(UUID().uuidString)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let before = ProcessMemory.residentMiB()
            ProcessMemory.resetPeak()
            let clock = ContinuousClock()
            let started = clock.now
            let written =
                contender == "forcekit"
                ? try await migrate(source, into: directory.appendingPathComponent("ours.sqlite"))
                : try copyRows(source, into: directory.appendingPathComponent("plain.sqlite"))
            let seconds = (clock.now - started).seconds
            let peak = ProcessMemory.peakResidentMiB().flatMap { peak in before.map { peak - $0 } }
            return Run(entriesPerSecond: Double(written) / seconds, peakGrowthMiB: peak)
        }
        let ours = Sample((runs["forcekit"] ?? []).map(\.entriesPerSecond))
        let baseline = Sample((runs["grdb"] ?? []).map(\.entriesPerSecond))
        let ratio = ours.ratio(to: baseline)
        let memory = Sample((runs["forcekit"] ?? []).compactMap(\.peakGrowthMiB))
        let baselineMemory = Sample((runs["grdb"] ?? []).compactMap(\.peakGrowthMiB))
        func text(_ value: Double?) -> String { value.map { String(format: "%.3f", $0) } ?? "-" }
        options.say("migration of \(entries) entries: ForceKit over copying the rows with GRDB \(text(ratio.median))")
        options.say("peak memory growth: ForceKit \(text(memory.median)) MiB, GRDB \(text(baselineMemory.median)) MiB")
        var record = BenchRecord(
            suite: "migration", unit: "entries/s; memory in MiB", command: options.command(defaultRounds: 3),
            plan: options.plan(defaultRounds: 3), environment: environment)
        record.settings = [("entries", Double(entries)), ("storeBytes", Double(Self.size(of: source)))]
        record.figures = [
            ("entriesPerSecond.forcekit", ours), ("entriesPerSecond.grdb", baseline), ("peakGrowthMiB.forcekit", memory),
            ("peakGrowthMiB.grdb", baselineMemory),
        ]
        record.ratios = [("migration", ratio)]
        try options.finish(record)
    }

    /// ForceKit's side: the whole migration into a new encrypted store; returns the entries written.
    private func migrate(_ source: URL, into url: URL) async throws -> Int {
        let migration = try MobileSDKStoreMigration(storeAt: source, key: .android(key: key))
        let store = try await SmartStore(url: url, encryption: .key(SymmetricKey(size: .bits256)))
        defer { try? store.close() }
        return try await migration.migrate(into: store).entryCount
    }

    /// The baseline: the store decrypted as ForceKit's side decrypts it, and every soup table's
    /// rows copied as they are, in one transaction, into a plain database with the same tables
    /// and indexes (the SDK's own statements); returns the rows copied.
    private func copyRows(_ source: URL, into url: URL) throws -> Int {
        let plain = try SQLCipherDatabase.openInMemory(source, key: .passphrase(key, iterations: SQLCipherKey.mobileSDKIterations))
        defer { try? plain.close() }
        let target = try DatabaseQueue(path: url.path)
        defer { try? target.close() }
        let (tables, indexes) = try plain.read { db in
            (
                try Row.fetchAll(
                    db,
                    sql: "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name GLOB 'TABLE_[0-9]*' AND name NOT LIKE '%fts%'"
                )
                .map { ($0["name"] as String, $0["sql"] as String) },
                try String.fetchAll(
                    db, sql: "SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name GLOB 'TABLE_[0-9]*' AND sql IS NOT NULL")
            )
        }
        var copied = 0
        try target.write { db in
            for (name, create) in tables {
                try db.execute(sql: create)
                let columns = try plain.read { try $0.columns(in: name).map(\.name) }
                let insert = try db.makeStatement(
                    sql:
                        "INSERT INTO \(name) (\(columns.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))"
                )
                try plain.read { source in
                    let rows = try Row.fetchCursor(source, sql: "SELECT \(columns.joined(separator: ", ")) FROM \(name) ORDER BY id")
                    while let row = try rows.next() {
                        try insert.execute(arguments: StatementArguments(row.databaseValues))
                        copied += 1
                    }
                }
            }
            for index in indexes { try db.execute(sql: index) }
        }
        return copied
    }

    private static func size(of url: URL) -> Int {
        (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
    }
}
