import Foundation
import GRDB
import SalesforceCore

/// Where a page of query results goes, row by row: parsed into values for Swift callers
/// (``ParsedPage``), or written as JSON text for callers that pass text on (``TextPage``).
protocol ResultPage: Sendable {
    /// An empty page with room for `capacity` rows.
    init(capacity: Int)
    /// Adds the stored entry in column `index` of `row`.
    mutating func appendEntry(in row: Row, at index: Int) throws
    /// Adds `row` as an array of its values; `entryColumns` marks the columns holding whole entries.
    mutating func appendValues(of row: Row, entryColumns: [Bool]) throws
}

/// A page of results as JSON values, each stored entry parsed.
struct ParsedPage: ResultPage {
    private(set) var results: [JSON] = []

    init(capacity: Int) {
        results.reserveCapacity(capacity)
    }

    mutating func appendEntry(in row: Row, at index: Int) throws {
        results.append(try ResultReader.entry(in: row, at: index))
    }

    mutating func appendValues(of row: Row, entryColumns: [Bool]) throws {
        results.append(try ResultReader.arrayRow(row, entryColumns: entryColumns))
    }
}

/// A page of results as the text of a JSON array. A soup query's entries are copied as the store
/// keeps them, without being parsed: the store wrote that text from parsed JSON itself.
struct TextPage: ResultPage {
    private var writer: JSONWriter
    private var isEmpty = true

    init(capacity: Int) {
        // Entries run to several hundred bytes; growing the buffer a few times costs little.
        writer = JSONWriter(reservingCapacity: 2 + capacity * 256, sortsKeys: false)
        writer.appendByte(UInt8(ascii: "["))
    }

    /// The array's text, closed.
    var text: String {
        var closed = writer
        closed.appendByte(UInt8(ascii: "]"))
        return String(decoding: closed.bytes, as: UTF8.self)
    }

    mutating func appendEntry(in row: Row, at index: Int) throws {
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
