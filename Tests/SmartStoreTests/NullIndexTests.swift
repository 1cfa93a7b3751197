import ForceKitTestSupport
import Foundation
import SalesforceCore
import SmartStore
import Testing

/// A JSON `null` at an indexed path is no value, as a missing path is: SQL `NULL` in the index,
/// never the text "null". Before this was fixed, string and full-text indexes stored "null", so
/// `is null` missed those entries, ranges and likes found them, and match found them by "null".
@Suite("JSON null in indexes")
struct NullIndexTests {
    /// How an entry reaches its index.
    enum WritePath: String, CaseIterable, Sendable {
        case upsert
        case externalStorage
        case alterSoupReIndex
    }

    /// A value of each index type, and a range around it.
    static func sample(for type: IndexType) -> (value: JSON, begin: JSON, end: JSON) {
        switch type {
        case .string, .fullText, .json1: ("kiwi", "a", "zz")
        case .integer: (42, -1_000, 1_000)
        case .floating: (4.5, -1e9, 1e9)
        }
    }

    static let cases: [(IndexType, WritePath)] = IndexType.allCases.flatMap { type in
        // json1 indexes read the stored entry, which external storage keeps outside SQLite.
        WritePath.allCases.filter { !(type == .json1 && $0 == .externalStorage) }.map { (type, $0) }
    }

    @Test("null and a missing path are SQL NULL in every index type, on every write path", arguments: cases)
    func nullIsNoValue(type: IndexType, writePath: WritePath) async throws {
        try await withStore { store throws in
            let index = IndexSpec(path: "v", type: type)
            let sample = Self.sample(for: type)
            let entries: [JSON] = [["k": 1, "v": .null], ["k": 2], ["k": 3, "v": sample.value]]
            switch writePath {
            case .upsert:
                try await store.registerSoup("s", indexSpecs: [integer("k"), index])
                try await store.upsert(entries: entries, inSoup: "s")
            case .externalStorage:
                try await store.registerSoup(SoupSpec(name: "s", features: [.externalStorage]), indexSpecs: [integer("k"), index])
                try await store.upsert(entries: entries, inSoup: "s")
            case .alterSoupReIndex:
                try await store.registerSoup("s", indexSpecs: [integer("k")])
                try await store.upsert(entries: entries, inSoup: "s")
                try await store.alterSoup("s", indexSpecs: [integer("k"), index], reIndexData: true)
            }
            func keys(_ smartSQL: String) async throws -> [JSON] {
                try await store.query(using: .buildSmartQuerySpec(smartSQL: smartSQL, pageSize: 100)).map { $0[0] ?? .null }
            }
            #expect(try await keys("select {s:k} from {s} where {s:v} is null order by {s:k}") == [1, 2])
            #expect(try await keys("select {s:k} from {s} where {s:v} is not null") == [3])
            let range = QuerySpec.buildRangeQuerySpec(soupName: "s", path: "v", beginKey: sample.begin, endKey: sample.end)
            #expect(try await store.values("k", range) == [3])
            let below = QuerySpec.buildRangeQuerySpec(soupName: "s", path: "v", beginKey: nil, endKey: sample.end)
            #expect(try await store.values("k", below) == [3])
            #expect(try await store.values("k", .buildExactQuerySpec(soupName: "s", path: "v", matchKey: "null")).isEmpty)
            let selected = QuerySpec.buildAllQuerySpec(soupName: "s", selectPaths: ["k", "v"], orderPath: "k")
            #expect(try await store.query(using: selected) == [[1, .null], [2, .null], [3, sample.value]])
            if type == .string || type == .fullText || type == .json1 {
                #expect(try await store.values("k", .buildLikeQuerySpec(soupName: "s", path: "v", likeKey: "%")) == [3])
            }
            if type == .fullText {
                #expect(try await store.values("k", .buildMatchQuerySpec(soupName: "s", path: "v", matchKey: "null")).isEmpty)
                #expect(try await store.values("k", .buildMatchQuerySpec(soupName: "s", path: "v", matchKey: "kiwi")) == [3])
            }
        }
    }

    @Test("The text \"null\" is a value like any other, found by an exact query for it")
    func nullTextIsAValue() async throws {
        try await withStore { store throws in
            try await store.registerSoup("s", indexSpecs: [integer("k"), string("v")])
            try await store.upsert(entries: [["k": 1, "v": .null], ["k": 2, "v": "null"]], inSoup: "s")
            #expect(try await store.values("k", .buildExactQuerySpec(soupName: "s", path: "v", matchKey: "null")) == [2])
        }
    }
}
