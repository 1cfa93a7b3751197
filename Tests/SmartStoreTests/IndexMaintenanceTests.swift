import ForceKitTestSupport
import Foundation
import SalesforceCore
import SmartStore
import Testing

/// An update writes only the index columns whose values change; these tests hold every index
/// to the entries' latest values whichever fields an update changed, kept or dropped.
@Suite("Indexes after updates")
struct IndexMaintenanceTests {
    private static let names: [JSON?] = ["a", "b", .string("caf\u{E9}"), .string("cafe\u{301}"), nil]
    private static let numbers: [JSON?] = [0, 1, 2, nil]
    private static let amounts: [JSON?] = [.double(1), .double(1.5), .double(2), nil]
    private static let phrases: [JSON?] = ["red fox", "blue fox", "red hen", nil]

    /// A value as SQLite stores it, told apart byte for byte (Swift's string equality would call
    /// the two spellings of "café" equal).
    private static func exact(_ value: JSON?) -> String {
        switch value {
        case .string(let text)?: "text \(Array(text.utf8))"
        case .integer(let number)?: "integer \(number)"
        case .double(let number)?: "real \(number.bitPattern)"
        default: "null"
        }
    }

    @Test("Upserts that change some fields, none or all leave each index with the entries' latest values", arguments: 1...6)
    func indexesHoldLatestValues(seed: UInt64) async throws {
        var random = SeededGenerator(seed: seed)
        try await withStore { store throws in
            try await store.registerSoup(
                "s",
                indexSpecs: [
                    string("key"), string("name"), integer("n"), IndexSpec(path: "amount", type: .floating), fullText("phrase"),
                ])
            var latest: [String: [String: JSON]] = [:]
            for _ in 0..<12 {
                var batch: [JSON] = []
                for _ in 0..<Int.random(in: 1...10, using: &random) {
                    let key = "k\(Int.random(in: 0..<8, using: &random))"
                    // Each field of an update keeps its value, takes another, or goes.
                    var members = latest[key] ?? ["key": .string(key)]
                    for (field, choices) in [
                        ("name", Self.names), ("n", Self.numbers), ("amount", Self.amounts), ("phrase", Self.phrases),
                    ] where Bool.random(using: &random) {
                        members[field] = choices.randomElement(using: &random) ?? nil
                    }
                    latest[key] = members
                    batch.append(.object(members))
                }
                try await store.upsert(entries: batch, inSoup: "s", withExternalIdPath: "key")
            }

            let rows = try await store.query(
                using: .buildSmartQuerySpec(
                    smartSQL: "SELECT {s:key}, {s:name}, {s:n}, {s:amount} FROM {s} ORDER BY {s:key}", pageSize: 100))
            let expected = latest.keys.sorted().map { key in
                [.string(key), latest[key]?["name"], latest[key]?["n"], latest[key]?["amount"]].map(Self.exact)
            }
            #expect(rows.map { ($0.arrayValue ?? []).map { Self.exact($0) } } == expected)
            for word in ["red", "blue", "fox", "hen"] {
                let matching = latest.values.filter { $0["phrase"]?.stringValue?.split(separator: " ").contains(Substring(word)) ?? false }
                let found = try await store.query(
                    using: .buildMatchQuerySpec(soupName: "s", path: "phrase", matchKey: word, pageSize: 100))
                #expect(Set(found.compactMap { $0["key"]?.stringValue }) == Set(matching.compactMap { $0["key"]?.stringValue }), "\(word)")
            }
            for name in Self.names.compactMap({ $0 }) {
                let count = latest.values.filter { Self.exact($0["name"]) == Self.exact(name) }.count
                #expect(try await store.count(using: .buildExactQuerySpec(soupName: "s", path: "name", matchKey: name)) == count)
            }
        }
    }
}
