import Foundation
import GRDB
import SQLiteBinding
import SalesforceCore

/// The stored entries a batch upsert by an indexed string path updates, read with one query per
/// 500 entries instead of one per entry (a sync's page of 2,000 records would otherwise cost
/// 2,000 lookups).
///
/// Entries the batch inserts are remembered, so a later entry with the same value updates the
/// earlier one, as it does when entries are written one at a time.
struct TextKeyBatch {
    private let keys: [TextKey]
    private static let chunkSize = 500
    private var matches: [TextKey: EntryLookup.Existing] = [:]

    /// Reads the matches of `entries` by the value at `path`, or returns nil when the path's index
    /// is not a string column (numeric keys compare by SQLite's rules, so they are looked up one by one).
    /// - Throws: ``SmartStoreError/missingExternalId(soup:path:position:)`` for an entry with no
    ///   value at `path`, ``SmartStoreError/externalIdNotUnique(soup:path:value:matches:)`` when
    ///   several stored entries share one of the values.
    init?(lookup: EntryLookup, path: String, entries: [[String: JSON]]) throws {
        guard let index = Self.textIndex(lookup.soup, path) else { return nil }
        var keys: [String] = []
        keys.reserveCapacity(entries.count)
        for (position, entry) in entries.enumerated() {
            keys.append(try Self.key(of: .object(entry), index: index, soup: lookup.soup, position: position))
        }
        try self.init(lookup: lookup, path: path, keys: keys)
    }

    /// Reads the matches of entries whose values at `path` are `keys`, in the entries' order.
    init(lookup: EntryLookup, path: String, keys: [String]) throws {
        self.keys = keys.map(TextKey.init)
        matches.reserveCapacity(keys.count)
        let column = try lookup.soup.expression(forPath: path)
        for chunk in Array(Set(self.keys)).chunks(of: Self.chunkSize) {
            let sql =
                "SELECT id, created, \(column) FROM \(lookup.soup.tableName) WHERE \(column) IN (\(SQLPlaceholders.list(chunk.count)))"
            // Full chunks share one text, so their statement is compiled once per connection.
            var statement = RowStatement(
                chunk.count == Self.chunkSize ? try lookup.db.cachedStatement(sql: sql) : try lookup.db.makeStatement(sql: sql))
            for key in chunk { try statement.bind(text: key.text.utf8) }
            let rows = try statement.fetchCursor()
            while let row = try rows.next() {
                // Read as bytes: GRDB reads text as a C string, which ends at the first U+0000.
                guard let bytes = row[2] as Data? else { continue }
                let text = String(decoding: bytes, as: UTF8.self)
                let key = TextKey(text)
                guard matches[key] == nil else {
                    // Reported as the one-by-one lookup reports it, with the number of matches.
                    _ = try lookup.existingEntry(withValue: .string(text), atPath: path)
                    continue
                }
                matches[key] = (row[0], row[1] ?? 0)
            }
        }
    }

    /// The index of `path` when it is a string column, which a batch can look up.
    static func textIndex(_ soup: SoupDescriptor, _ path: String) -> SoupDescriptor.Index? {
        guard let index = soup.index(forPath: path), index.spec.type == .string, index.columnName != nil else { return nil }
        return index
    }

    /// The key of `entry` at `index`'s path.
    /// - Throws: ``SmartStoreError/missingExternalId(soup:path:position:)`` when it has none.
    static func key(of entry: JSON, index: SoupDescriptor.Index, soup: SoupDescriptor, position: Int) throws -> String {
        guard let value = index.path.value(in: entry), case .text(let text)? = IndexValue(key: value, as: .string) else {
            throw SmartStoreError.missingExternalId(soup: soup.name, path: index.spec.path, position: position)
        }
        return text
    }

    /// The stored entry the entry at `position` updates, or nil when it is new.
    func match(at position: Int) -> EntryLookup.Existing? { matches[keys[position]] }

    /// Notes that the entry at `position` was inserted as `entry`.
    mutating func remember(_ entry: EntryLookup.Existing, at position: Int) { matches[keys[position]] = entry }
}

/// Text compared as SQLite's default collation compares it, byte for byte (Swift's `String`
/// equality would also match canonically equivalent spellings that the index keeps apart).
private struct TextKey: Hashable {
    let text: String

    init(_ text: String) { self.text = text }

    static func == (lhs: TextKey, rhs: TextKey) -> Bool {
        // Byte for byte over contiguous UTF-8: the generic comparison of two UTF-8 views costs
        // a batch of 2,000 keys more than its SQL lookup.
        var left = lhs.text
        var right = rhs.text
        return left.withUTF8 { leftBytes in
            right.withUTF8 { rightBytes in
                guard leftBytes.count == rightBytes.count, let left = leftBytes.baseAddress, let right = rightBytes.baseAddress else {
                    return leftBytes.count == rightBytes.count
                }
                return memcmp(left, right, leftBytes.count) == 0
            }
        }
    }

    func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
