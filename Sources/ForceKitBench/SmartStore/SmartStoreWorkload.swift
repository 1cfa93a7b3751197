import SalesforceCore

/// The shapes of the Mobile SDK's SmartStore load tests: entries of several short fields or one
/// long one, with one index or one per field.
struct EntryShape {
    let name: String
    let fieldCount: Int
    let fieldLength: Int
    let indexedFields: Int

    static let all = [
        EntryShape(name: "10x20/1index", fieldCount: 10, fieldLength: 20, indexedFields: 1),
        EntryShape(name: "10x20/10indexes", fieldCount: 10, fieldLength: 20, indexedFields: 10),
        EntryShape(name: "1x1000/1index", fieldCount: 1, fieldLength: 1_000, indexedFields: 1),
    ]

    var fieldNames: [String] { (0..<fieldCount).map { "field\($0)" } }
    var indexedNames: [String] { Array(fieldNames.prefix(indexedFields)) }

    /// `count` entries of random lowercase text, the same for the same seed.
    func entries(count: Int, seed: UInt64) -> [JSON] {
        var random = SeededGenerator(seed: seed)
        return (0..<count).map { _ in
            .object(Dictionary(uniqueKeysWithValues: fieldNames.map { ($0, JSON.string(Self.text(length: fieldLength, using: &random))) }))
        }
    }

    static func text(length: Int, using random: inout SeededGenerator) -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyz".utf8)
        return String(decoding: (0..<length).map { _ in letters[Int(random.next() % 26)] }, as: UTF8.self)
    }
}

/// Entries for the query measurements: a random key, a few words from a fixed vocabulary
/// (so full-text terms select a few dozen entries), and filler fields; with `groups`, `field2`
/// is one of that many codes (`g0`, `g1`, …), for joins and aggregates.
struct QueryWorkload {
    let entries: [JSON]
    let keys: [String]
    let vocabulary: [String]

    /// `vocabularySize` words make the full-text terms: each selects about `count * 3 /
    /// vocabularySize` entries, so a larger soup keeps its terms as selective with more words.
    init(count: Int, seed: UInt64, groups: Int? = nil, vocabularySize: Int = 5_000) {
        var random = SeededGenerator(seed: seed)
        let vocabulary = (0..<vocabularySize).map { _ in EntryShape.text(length: 8, using: &random) }
        var keys: [String] = []
        var entries: [JSON] = []
        for _ in 0..<count {
            let key = EntryShape.text(length: 20, using: &random)
            let words = (0..<3).map { _ in vocabulary[Int(random.next() % UInt64(vocabulary.count))] }.joined(separator: " ")
            var fields: [String: JSON] = ["key": .string(key), "words": .string(words)]
            for index in 2..<10 { fields["field\(index)"] = .string(EntryShape.text(length: 20, using: &random)) }
            if let groups { fields["field2"] = .string("g\(random.next() % UInt64(groups))") }
            keys.append(key)
            entries.append(.object(fields))
        }
        self.entries = entries
        self.keys = keys
        self.vocabulary = vocabulary
    }
}
