import BenchHarness
import Foundation
import GRDB
import SalesforceCore
import SmartStore

/// Exact, range, like and match queries paging through a soup, against the same SQL over a
/// plain table with the same rows and indexes.
struct QueryBench {
    struct Result {
        let kind: String
        let unit: String
        let ours: Sample
        let baseline: Sample
        /// The baseline when it also decodes each row with JSONSerialization, as an app would.
        let decodedBaseline: Sample
        /// What differed between the contenders' answers, if anything: their figures then
        /// compare different work.
        let mismatch: String?
    }

    /// One query kind: the SmartStore spec for an input and the plain SQL that does the same.
    struct Kind {
        let name: String
        let pageSize: Int
        let inputs: [String]
        let spec: (String) -> QuerySpec
        let sql: String
        let argument: (String) -> DatabaseValue
    }

    let store: SmartStore
    let pool: DatabasePool
    let workload: QueryWorkload
    let sortedKeys: [String]
    var rangeWidth: Int { min(1_000, max(1, sortedKeys.count / 20)) }
    let say: (String) -> Void

    init(entries: Int, at directory: URL, say: @escaping (String) -> Void) async throws {
        workload = QueryWorkload(count: entries, seed: 2019)
        sortedKeys = workload.keys.sorted()
        store = try await Self.makeStore(workload, at: directory.appendingPathComponent("ours.sqlite"), encryption: .plaintext)
        pool = try PlainTable.openPool(at: directory.appendingPathComponent("plain.sqlite").path)
        let table = PlainTable(columns: 2, fullTextColumn: 1)
        let rows = PlainTable.rows(workload.entries, indexed: ["key", "words"])
        try await pool.write { db in
            try table.create(db)
            let statement = try db.makeStatement(sql: table.insertSQL)
            for row in rows { try statement.execute(arguments: StatementArguments(row)) }
        }
        self.say = say
    }

    /// A bench of the queries over stores built already: SmartStore's and the plain table's.
    init(store: SmartStore, pool: DatabasePool, workload: QueryWorkload, say: @escaping (String) -> Void) {
        self.store = store
        self.pool = pool
        self.workload = workload
        sortedKeys = workload.keys.sorted()
        self.say = say
    }

    /// The key and words indexes the queries use.
    static let indexSpecs = [IndexSpec(path: "key", type: .string), IndexSpec(path: "words", type: .fullText)]

    /// A store of the workload's entries, with the key and words indexes.
    static func makeStore(_ workload: QueryWorkload, at url: URL, encryption: StoreEncryption) async throws -> SmartStore {
        let store = try await SmartStore(url: url, encryption: encryption)
        try await store.registerSoup("query", indexSpecs: indexSpecs)
        for start in stride(from: 0, to: workload.entries.count, by: 1_000) {
            try await store.upsert(
                entries: Array(workload.entries[start..<min(start + 1_000, workload.entries.count)]), inSoup: "query")
        }
        return store
    }

    /// Each query kind in the plan's rounds, the contenders' order alternating.
    func run(plan: RoundPlan, exactQueries: Int) async throws -> [Result] {
        var results: [Result] = []
        for kind in kinds(exactQueries: exactQueries) {
            var rowsRead: [String: Int] = [:]
            let values = try await plan.run(["smartstore", "grdb", "grdbDecoding"]) { contender -> Double? in
                let clock = ContinuousClock()
                var rows = 0
                let time = try await clock.measure {
                    switch contender {
                    case "smartstore": rows = try await runOurs(kind)
                    case "grdb": rows = try await runBaseline(kind)
                    default: rows = try await runBaseline(kind, decoding: true)
                    }
                }
                rowsRead[contender] = rows
                // Exact queries count queries; the paging kinds count the rows they page through.
                return Double(kind.name == "exact" ? kind.inputs.count : rows) / time.seconds
            }
            let counts = Set(rowsRead.values)
            let mismatch =
                counts.count > 1
                ? "\(kind.name) read \(rowsRead.sorted { $0.key < $1.key }.map { "\($0.value) rows (\($0.key))" }.joined(separator: ", "))"
                : nil
            say("\(kind.name): \(kind.inputs.count) queries, \(rowsRead["smartstore"] ?? 0) rows")
            results.append(
                Result(
                    kind: kind.name, unit: kind.name == "exact" ? "queries/s" : "rows/s", ours: Sample(values["smartstore"] ?? []),
                    baseline: Sample(values["grdb"] ?? []), decodedBaseline: Sample(values["grdbDecoding"] ?? []), mismatch: mismatch))
        }
        return results
    }

    /// The exact, range, like and match workloads. The like queries' prefixes have
    /// `likePrefixLength` letters: a third one keeps a million entries' prefixes as selective as
    /// a hundred thousand's with two.
    /// `likeQueries` of the 100 prefixes are asked (a like query reads the whole index, so a
    /// million entries' take long).
    func kinds(exactQueries: Int, likePrefixLength: Int = 2, likeQueries: Int = 100) -> [Kind] {
        let keys = workload.keys
        let sortedKeys = self.sortedKeys
        let rangeWidth = self.rangeWidth
        let step = max(1, keys.count / max(1, exactQueries))
        let rangeStarts = stride(from: 0, to: max(1, sortedKeys.count - rangeWidth), by: max(1, sortedKeys.count / 20)).map { $0 }
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        let third = { (index: Int) in letters[(index / 26 * 5 + index * 11) % 26] }
        let prefixes = (0..<100).map { "\(letters[$0 % 26])\(letters[($0 * 7) % 26])" + (likePrefixLength > 2 ? String(third($0)) : "") }
        let words = (0..<100).map { workload.vocabulary[$0 * 37 % workload.vocabulary.count] }

        return [
            Kind(
                name: "exact", pageSize: 10, inputs: stride(from: 0, to: keys.count, by: step).map { keys[$0] },
                spec: { .buildExactQuerySpec(soupName: "query", path: "key", matchKey: .string($0)) },
                sql: "SELECT soup FROM t WHERE c0 = ? ORDER BY c0 ASC LIMIT ? OFFSET ?", argument: { $0.databaseValue }),
            Kind(
                name: "range", pageSize: 100, inputs: rangeStarts.map { "\($0)" },
                spec: { start in
                    let begin = sortedKeys[Int(start) ?? 0]
                    let end = sortedKeys[min(sortedKeys.count - 1, (Int(start) ?? 0) + rangeWidth - 1)]
                    return .buildRangeQuerySpec(
                        soupName: "query", path: "key", beginKey: .string(begin), endKey: .string(end), pageSize: 100)
                },
                sql: "SELECT soup FROM t WHERE c0 >= ? AND c0 <= ? ORDER BY c0 ASC LIMIT ? OFFSET ?", argument: { $0.databaseValue }),
            Kind(
                name: "like", pageSize: 50, inputs: Array(prefixes.prefix(likeQueries)),
                spec: { .buildLikeQuerySpec(soupName: "query", path: "key", likeKey: "\($0)%", pageSize: 50) },
                sql: "SELECT soup FROM t WHERE c0 LIKE ? ORDER BY c0 ASC LIMIT ? OFFSET ?", argument: { "\($0)%".databaseValue }),
            Kind(
                name: "match", pageSize: 50, inputs: words,
                spec: { .buildMatchQuerySpec(soupName: "query", path: "words", matchKey: $0, pageSize: 50) },
                sql: "SELECT soup FROM t WHERE t.id IN (SELECT rowid FROM t_fts WHERE t_fts MATCH ?) ORDER BY c1 ASC LIMIT ? OFFSET ?",
                argument: { "c1 : (\($0))".databaseValue }),
        ]
    }

    /// Pages through every input of `kind` in `store` (this bench's own by default); the rows read.
    /// `asText` reads each page as JSON text, as the CLI does and as the plain side reads its rows.
    func runOurs(_ kind: Kind, on store: SmartStore? = nil, asText: Bool = false) async throws -> Int {
        let store = store ?? self.store
        var rows = 0
        for input in kind.inputs {
            let spec = kind.spec(input)
            var page = 0
            while true {
                let count =
                    asText
                    ? Self.elementCount(ofArrayText: try await store.queryText(using: spec, startingFromPageIndex: page))
                    : try await store.query(using: spec, startingFromPageIndex: page).count
                rows += count
                if count < kind.pageSize || kind.name == "exact" { break }
                page += 1
            }
        }
        return rows
    }

    /// How many elements the compact JSON array `text` (as `queryText` writes it) has: its commas
    /// outside strings and nested values, plus one unless it is `[]`.
    static func elementCount(ofArrayText text: String) -> Int {
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.count > 2 else { return 0 }
            var (depth, commas, inString, escaped) = (0, 0, false, false)
            for byte in bytes {
                if inString {
                    if escaped {
                        escaped = false
                    } else if byte == UInt8(ascii: "\\") {
                        escaped = true
                    } else if byte == UInt8(ascii: "\"") {
                        inString = false
                    }
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
                case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
                case UInt8(ascii: ","): if depth == 1 { commas += 1 }
                default: break
                }
            }
            return commas + 1
        }
    }

    /// Pages through every input of `kind` in the plain table; the rows read.
    func runBaseline(_ kind: Kind, decoding: Bool = false) async throws -> Int {
        var rows = 0
        for input in kind.inputs {
            var arguments: [DatabaseValue]
            if kind.name == "range" {
                let start = Int(input) ?? 0
                arguments = [sortedKeys[start].databaseValue, sortedKeys[min(sortedKeys.count - 1, start + rangeWidth - 1)].databaseValue]
            } else {
                arguments = [kind.argument(input)]
            }
            var page = 0
            while true {
                let pageArguments = arguments + [kind.pageSize.databaseValue, (page * kind.pageSize).databaseValue]
                let sql = kind.sql
                let texts = try await pool.read { db in
                    try String.fetchAll(db.cachedStatement(sql: sql), arguments: StatementArguments(pageArguments))
                }
                if decoding {
                    // What an app on plain GRDB does next: turn the text into objects.
                    for text in texts { _ = try JSONSerialization.jsonObject(with: Data(text.utf8)) }
                }
                rows += texts.count
                if texts.count < kind.pageSize || kind.name == "exact" { break }
                page += 1
            }
        }
        return rows
    }
}
