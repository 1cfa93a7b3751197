import Foundation
import GRDB
import SalesforceCore

/// Where a page of query results goes, row by row: parsed into values for Swift callers
/// (``ParsedPage``), or written as JSON text for callers that pass text on (``TextPage``).
protocol ResultPage: Sendable {
    /// An empty page with room for `capacity` rows. `authenticated` says whether the store's
    /// bytes are authenticated (an encrypted store's pages and entry files), so that stored text
    /// is exactly what the store wrote.
    init(capacity: Int, authenticated: Bool)
    /// Adds the stored entry in column `index` of `row`.
    mutating func appendEntry(in row: Row, at index: Int) throws
    /// Adds `row` as an array of its values; `entryColumns` marks the columns holding whole entries.
    mutating func appendValues(of row: Row, entryColumns: [Bool]) throws
}

/// A page of results as JSON values, each stored entry parsed.
struct ParsedPage: ResultPage {
    private(set) var results: [JSON] = []

    init(capacity: Int, authenticated: Bool) {
        results.reserveCapacity(min(capacity, Self.reservedRows))
    }

    /// The most rows reserved ahead: a page size is the caller's (apps send `Int32.max`), and a
    /// page grows as it fills.
    static let reservedRows = 1_000

    mutating func appendEntry(in row: Row, at index: Int) throws {
        results.append(try ResultReader.entry(in: row, at: index))
    }

    mutating func appendValues(of row: Row, entryColumns: [Bool]) throws {
        results.append(try ResultReader.arrayRow(row, entryColumns: entryColumns))
    }
}

/// A page of results as the text of a JSON array. In an encrypted store a soup query's entries
/// are copied as the store keeps them, without being parsed: every page and entry file is
/// authenticated, so the text is what the store wrote from parsed JSON itself. In a plain store,
/// whose files anyone with access may have changed, each entry is parsed first, as
/// ``ParsedPage`` parses it, so a damaged entry fails the query instead of breaking the text.
struct TextPage: ResultPage {
    private var writer: JSONWriter
    private var isEmpty = true
    private let authenticated: Bool

    init(capacity: Int, authenticated: Bool) {
        // Entries run to several hundred bytes; growing the buffer a few times costs little.
        writer = JSONWriter(reservingCapacity: 2 + min(capacity, ParsedPage.reservedRows) * 256, sortsKeys: false)
        writer.appendByte(UInt8(ascii: "["))
        self.authenticated = authenticated
    }

    /// The array's text, closed.
    var text: String {
        var closed = writer
        closed.appendByte(UInt8(ascii: "]"))
        return String(decoding: closed.bytes, as: UTF8.self)
    }

    mutating func appendEntry(in row: Row, at index: Int) throws {
        if !authenticated { _ = try ResultReader.entry(in: row, at: index) }
        separate()
        try appendStored(row, at: index)
    }

    mutating func appendValues(of row: Row, entryColumns: [Bool]) throws {
        separate()
        writer.appendByte(UInt8(ascii: "["))
        for (index, isEntry) in entryColumns.enumerated() {
            if index > 0 { writer.appendByte(UInt8(ascii: ",")) }
            // A Smart SQL column may be named like an entry and hold other text: parsed first, as
            // ParsedPage does, so the page's text is always JSON and says what ParsedPage says.
            if isEntry, case .string = (row[index] as DatabaseValue).storage, (try? ResultReader.entry(in: row, at: index)) != nil {
                try appendStored(row, at: index)
            } else {
                writer.write(ResultReader.value(in: row, at: index))
            }
        }
        writer.appendByte(UInt8(ascii: "]"))
    }

    private mutating func separate() {
        if !isEmpty { writer.appendByte(UInt8(ascii: ",")) }
        isEmpty = false
    }

    private mutating func appendStored(_ row: Row, at index: Int) throws {
        try row.withUnsafeData(atIndex: index) { data in
            if let data { writer.appendBytes(data) } else { writer.write(.null) }
        }
    }
}
