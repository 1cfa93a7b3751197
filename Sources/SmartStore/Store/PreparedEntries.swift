public import Foundation
import GRDB
public import SalesforceCore

/// Entries made ready to upsert before the write transaction: their JSON text and index values
/// are computed on the caller's task, so the transaction that writes them holds the store's
/// single writer only for the writing.
///
/// Mobile Sync prepares each page of a sync down while the previous one is written. Prepare with
/// ``SmartStore/prepare(entries:inSoup:)``, then write inside a transaction with
/// ``StoreTransaction/upsert(_:withExternalIdPath:)``. A soup altered in between is handled: the
/// entries are then written as an ordinary upsert would write them.
public struct PreparedEntries: Sendable {
    /// The soup the entries were prepared for.
    public let soupName: String
    /// The entries, as given (without the members added to each).
    public let entries: [JSON]
    /// Members every entry gets, over its own.
    let added: [String: JSON]
    let soup: SoupDescriptor
    /// Per entry, its JSON text after the system fields: `,"Name":"Acme"}`, or `}` for an empty entry.
    let tails: [String]
    /// Per entry, the values of the soup's index columns, in the soup's order.
    let indexValues: [[DatabaseValue]]

    /// How many entries there are.
    public var count: Int { entries.count }

    /// The entries at `positions` (in the order given), prepared as they are.
    public func subset(_ positions: [Int]) -> PreparedEntries {
        PreparedEntries(
            soupName: soupName, entries: positions.map { entries[$0] }, added: added, soup: soup, tails: positions.map { tails[$0] },
            indexValues: positions.map { indexValues[$0] })
    }

    init(
        soupName: String, entries: [JSON], added: [String: JSON], soup: SoupDescriptor, tails: [String], indexValues: [[DatabaseValue]]
    ) {
        self.soupName = soupName
        self.entries = entries
        self.added = added
        self.soup = soup
        self.tails = tails
        self.indexValues = indexValues
    }

    /// The system fields, which the stored entry gets of its own.
    private static let systemFields = [SoupEntryField.id, SoupEntryField.createdDate, SoupEntryField.lastModifiedDate]

    /// Prepares `entries` for `soup`, each with the `added` members over its own; an index on a
    /// system field is computed in the transaction instead. An entry with its text in `texts`
    /// keeps that text, with the added members after it, instead of being serialized.
    /// - Throws: ``SmartStoreError/entryNotObject(position:)``.
    init(
        _ entries: [JSON], texts: [Data?] = [], adding added: [String: JSON] = [:], soupName: String, soup: SoupDescriptor
    ) throws(SmartStoreError) {
        var tails: [String] = []
        var indexValues: [[DatabaseValue]] = []
        tails.reserveCapacity(entries.count)
        indexValues.reserveCapacity(entries.count)
        let columns = soup.columnIndexes
        let added = added.filter { !Self.systemFields.contains($0.key) }
        // The added members' text, written once for every entry that keeps its own text.
        let addedText = Array(JSON.object(added).serializedBytes(sortingKeys: false).dropFirst().dropLast())
        // Where an index path starts with an added member, its value comes from the added members.
        let fromAdded = columns.map { index in index.path.segments.first.map { added[$0] != nil } ?? false }
        for (position, entry) in entries.enumerated() {
            guard case .object(var members) = entry else { throw .entryNotObject(position: position) }
            let hasSystemField = Self.systemFields.contains { members[$0] != nil }
            if !hasSystemField, position < texts.count, let text = texts[position],
                let tail = Self.tail(ofText: text, hasMembers: !members.isEmpty, addedText: addedText)
            {
                tails.append(tail)
                indexValues.append(
                    columns.indices.map { column in
                        let value = columns[column].path.value(in: fromAdded[column] ? .object(added) : entry)
                        return IndexValue(indexing: value, as: columns[column].spec.type)?.databaseValue ?? .null
                    })
                continue
            }
            // The stored entry gets its own system fields; any the entry carries are replaced.
            if hasSystemField {
                for field in Self.systemFields { members[field] = nil }
            }
            if !added.isEmpty { members.merge(added) { _, new in new } }
            let body = JSON.object(members).serializedBytes(sortingKeys: false)
            tails.append(body.count <= 2 ? "}" : "," + String(decoding: body.dropFirst(), as: UTF8.self))
            indexValues.append(
                columns.map { index in
                    IndexValue(indexing: index.path.value(in: .object(members)), as: index.spec.type)?.databaseValue ?? .null
                })
        }
        self.init(soupName: soupName, entries: entries, added: added, soup: soup, tails: tails, indexValues: indexValues)
    }

    /// The tail of an entry kept as `text` (its JSON object text) with `addedText` (members
    /// without braces) after its own; nil when `text` is not an object's text.
    private static func tail(ofText text: Data, hasMembers: Bool, addedText: [UInt8]) -> String? {
        text.withUnsafeBytes { bytes -> String? in
            var start = 0
            var end = bytes.count
            while start < end, isWhitespace(bytes[start]) { start += 1 }
            while end > start, isWhitespace(bytes[end - 1]) { end -= 1 }
            guard end - start >= 2, bytes[start] == UInt8(ascii: "{"), bytes[end - 1] == UInt8(ascii: "}") else { return nil }
            var innerStart = start + 1
            while innerStart < end - 1, isWhitespace(bytes[innerStart]) { innerStart += 1 }
            let inner = UnsafeRawBufferPointer(rebasing: bytes[innerStart..<(end - 1)])
            // The text must agree with the entry on having members, or the commas would not.
            guard inner.isEmpty != hasMembers else { return nil }
            if inner.isEmpty && addedText.isEmpty { return "}" }
            let capacity = inner.count + addedText.count + 3
            return String(unsafeUninitializedCapacity: capacity) { buffer in
                var count = 0
                func put(_ part: some Collection<UInt8>) {
                    for byte in part {
                        buffer[count] = byte
                        count += 1
                    }
                }
                put(CollectionOfOne(UInt8(ascii: ",")))
                put(inner)
                if !inner.isEmpty && !addedText.isEmpty { put(CollectionOfOne(UInt8(ascii: ","))) }
                put(addedText)
                put(CollectionOfOne(UInt8(ascii: "}")))
                return count
            }
        }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// The entry at `position` as it is stored: with the added members.
    func entry(at position: Int) -> JSON {
        guard !added.isEmpty, case .object(var members) = entries[position] else { return entries[position] }
        members.merge(added) { _, new in new }
        return .object(members)
    }

    /// Each entry's value at `path` when `soup` keeps it in a string column, read from the
    /// prepared index values; nil for a path a batch cannot look up.
    /// - Throws: ``SmartStoreError/missingExternalId(soup:path:position:)`` for an entry with no value there.
    func keys(atPath path: String, in soup: SoupDescriptor) throws -> [String]? {
        guard let index = TextKeyBatch.textIndex(soup, path), let column = soup.columnIndexes.firstIndex(where: { $0.spec.path == path })
        else { return nil }
        var keys: [String] = []
        keys.reserveCapacity(count)
        for position in 0..<count {
            // The column holds "null" for a JSON null, which is no key: that entry is read again.
            if case .string(let text) = indexValues[position][column].storage, text != "null" {
                keys.append(text)
            } else {
                keys.append(try TextKeyBatch.key(of: entry(at: position), index: index, soup: soup, position: position))
            }
        }
        return keys
    }

    /// Whether the prepared values still fit `current`, the soup as the transaction sees it.
    func fits(_ current: SoupDescriptor) -> Bool {
        current.soupId == soup.soupId && current.indexes.map(\.spec) == soup.indexes.map(\.spec)
            && !current.indexes.contains { $0.path.segments.first?.hasPrefix("_soup") == true }
    }
}

extension SmartStore {
    /// Makes `entries` ready to upsert into a soup in a later transaction, off the store's writer.
    /// - Throws: ``SmartStoreError/soupNotFound(_:)``, ``SmartStoreError/entryNotObject(position:)``.
    public func prepare(entries: [JSON], inSoup soupName: String) async throws(SmartStoreError) -> PreparedEntries {
        try await prepare(entries: entries, texts: [], adding: [:], inSoup: soupName)
    }

    /// Makes `entries` ready to upsert as ``prepare(entries:inSoup:)`` does, each with the
    /// `added` members over its own, keeping the JSON text each was parsed from instead of
    /// writing it again: Mobile Sync stores the server's records this way, with its flags added.
    ///
    /// `texts[i]`, when there is one, must be the text `entries[i]` was parsed from (an object's
    /// JSON text); an entry without one, or whose text is not an object's, is serialized.
    /// - Throws: ``SmartStoreError/soupNotFound(_:)``, ``SmartStoreError/entryNotObject(position:)``.
    public func prepare(
        entries: [JSON], texts: [Data?], adding added: [String: JSON], inSoup soupName: String
    ) async throws(SmartStoreError) -> PreparedEntries {
        let soup = try await read { [catalog] db in try catalog.descriptor(named: soupName, db) }
        return try PreparedEntries(entries, texts: texts, adding: added, soupName: soupName, soup: soup)
    }
}
