import ForceKitTestSupport
import Foundation
import SalesforceCore
import Testing

@testable import SmartStore

@Suite("Query results as JSON text")
struct QueryTextTests {
    /// Entries whose text needs escapes: quotes, a backslash, control characters, a quote
    /// followed by a combining mark (one `Character`, two scalars), emoji, nesting.
    static let entries: [JSON] = [
        ["name": "Acme \"quoted\" \\ back", "n": 3, "x": 1.5, "desc": "giant whale", "tags": ["a", ["b": .null]]],
        ["name": "tab\there\nnewline \u{1}", "n": 1, "x": -2.25, "desc": "tiny whale"],
        ["name": "\"\u{301}combining", "n": 2, "x": 0, "desc": "shrimp", "nested": ["deep": ["deeper": [1, 2, 3]]]],
        ["name": "emoji \u{1F600} é", "n": 4, "x": 1e300, "desc": "giant squid", "flag": true],
    ]

    /// The specs a hybrid app or the CLI sends: each kind, paged and selecting paths.
    static let specs: [QuerySpec] = [
        .buildAllQuerySpec(soupName: "s", orderPath: "n", pageSize: 10),
        .buildAllQuerySpec(soupName: "s", orderPath: "n", pageSize: 2),
        .buildExactQuerySpec(soupName: "s", path: "name", matchKey: "\"\u{301}combining"),
        .buildRangeQuerySpec(soupName: "s", path: "n", beginKey: 2, endKey: 4, orderPath: "n", order: .descending),
        .buildLikeQuerySpec(soupName: "s", path: "name", likeKey: "%e%"),
        .buildMatchQuerySpec(soupName: "s", path: "desc", matchKey: "whale"),
        .buildAllQuerySpec(soupName: "s", selectPaths: ["name", "n", "_soup"], orderPath: "n", pageSize: 10),
        .buildSmartQuerySpec(smartSQL: "select {s:_soup}, {s:name}, {s:x} from {s} order by {s:n}", pageSize: 10),
        .buildSmartQuerySpec(smartSQL: "select count(*), max({s:x}) from {s}", pageSize: 10),
        // Named like an entry column, but not an entry: it stays a string.
        .buildSmartQuerySpec(smartSQL: "select 'not {json' as soup, {s:n} from {s} order by {s:n}", pageSize: 10),
        .buildSmartQuerySpec(smartSQL: "select '[1, 2]' as soup from {s} where {s:n} = 1", pageSize: 10),
    ]

    @Test("A page as text parses to the same page as query returns, for every kind of query", arguments: [false, true])
    func textMatchesValues(externalStorage: Bool) async throws {
        try await withStore { store throws in
            try await store.registerSoup(
                SoupSpec(name: "s", features: externalStorage ? [.externalStorage] : []),
                indexSpecs: [string("name"), integer("n"), IndexSpec(path: "x", type: .floating), fullText("desc")])
            try await store.upsert(entries: Self.entries, inSoup: "s")
            for spec in Self.specs {
                for page in 0..<3 {
                    let text = try await store.queryText(using: spec, startingFromPageIndex: page)
                    let values = try await store.query(using: spec, startingFromPageIndex: page)
                    #expect(try JSON(parsing: text) == .array(values), "\(spec.kind) page \(page)")
                    // A second parser, Foundation's, reads the same number of results.
                    let foundation = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Any]
                    #expect(foundation?.count == values.count, "\(spec.kind) page \(page)")
                }
            }
            #expect(try await store.queryText(using: Self.specs[0], startingFromPageIndex: 5) == "[]")
            #expect(try await store.queryText(using: Self.specs[0], startingFromPageIndex: Int.max) == "[]")
        }
    }

    @Test("Every entry comes back as it went in, through a second JSON parser", arguments: 1...4)
    func randomEntriesRoundTrip(seed: UInt64) async throws {
        var random = SeededGenerator(seed: seed)
        let alphabet: [Unicode.Scalar] = ["a", "\"", "\\", "/", "\u{0}", "\u{1F}", "\u{7F}", "\u{301}", "é", "\u{2028}", "\u{1F600}", " "]
        func text() -> String {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0..<12, using: &random) { scalars.append(alphabet.randomElement(using: &random)!) }
            return String(scalars)
        }
        let entries: [JSON] = (0..<60).map { index in
            var members: [String: JSON] = ["i": .integer(Int64(index)), text(): .string(text())]
            if Bool.random(using: &random) {
                members["list"] = .array([.string(text()), .integer(.random(in: -9...9, using: &random)), .null])
            }
            if Bool.random(using: &random) { members["object"] = .object([text(): .double(Double.random(in: -1e6...1e6, using: &random))]) }
            return .object(members)
        }
        try await withStore { store throws in
            try await store.registerSoup("s", indexSpecs: [integer("i")])
            try await store.upsert(entries: entries, inSoup: "s")
            let text = try await store.queryText(using: .buildAllQuerySpec(soupName: "s", orderPath: "i", pageSize: 100))
            let parsed = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
            #expect(parsed.count == entries.count)
            for (entry, object) in zip(entries, parsed) {
                let stored = object.filter { !$0.key.hasPrefix("_soup") }
                let expected = try #require(try JSONSerialization.jsonObject(with: Data(entry.serialized().utf8)) as? [String: Any])
                #expect(NSDictionary(dictionary: stored).isEqual(to: expected))
            }
        }
    }

    @Test("A plain store's damaged entry file fails queryText as it fails query, never breaking the text")
    func damagedEntryFile() async throws {
        try await withStore(encryption: .plaintext) { store throws in
            try await store.registerSoup(SoupSpec(name: "big", features: [.externalStorage]), indexSpecs: [string("name")])
            try await store.upsert(entries: [["name": "a"], ["name": "b"]], inSoup: "big")
            let file = store.externalStorage.directory.appendingPathComponent("TABLE_1").appendingPathComponent("soupelt_1")
            for damage in ["1],[2", "", "{\"name\":"] {
                try Data(damage.utf8).write(to: file)
                let spec = QuerySpec.buildAllQuerySpec(soupName: "big", orderPath: "name")
                let refusal = await #expect(throws: SmartStoreError.self) { try await store.query(using: spec) }
                await #expect(throws: try #require(refusal), "\(damage)") { try await store.queryText(using: spec) }
            }
        }
    }

    @Test("A bad spec fails as it does for query")
    func errorsMatchQuery() async throws {
        try await withStore { store throws in
            try await store.registerSoup("s", indexSpecs: [string("name")])
            var spec = QuerySpec.buildAllQuerySpec(soupName: "s")
            spec.pageSize = 0
            await #expect(throws: SmartStoreError.invalidQuerySpec("\"pageSize\" must be at least 1, not 0")) {
                try await store.queryText(using: spec)
            }
            await #expect(throws: SmartStoreError.soupNotFound("missing")) {
                try await store.queryText(using: .buildAllQuerySpec(soupName: "missing"))
            }
            let writing = QuerySpec.buildSmartQuerySpec(smartSQL: "delete from {s}")
            let refusal = await #expect(throws: SmartStoreError.self) { try await store.query(using: writing) }
            await #expect(throws: try #require(refusal)) { try await store.queryText(using: writing) }
            // Apps send Int32.max as a page size to get everything: nothing is reserved for it.
            try await store.upsert(entries: [["name": "a"]], inSoup: "s")
            var everything = QuerySpec.buildAllQuerySpec(soupName: "s")
            everything.pageSize = Int(Int32.max)
            #expect(try JSON(parsing: try await store.queryText(using: everything)).arrayValue?.count == 1)
            everything.pageSize = Int.max / 2
            #expect(try JSON(parsing: try await store.queryText(using: everything)).arrayValue?.count == 1)
            #expect(try await store.query(using: everything).count == 1)
        }
    }
}
