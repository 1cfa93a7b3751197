/// Reads the CSV of Bulk API 2.0 results: a header row of field names, then one row per
/// record, values in double quotes (a doubled quote inside), an empty unquoted value for null.
public enum BulkCSV {
    /// The rows of `bytes`, each a list of values; nil for an empty unquoted value.
    /// - Throws: ``BulkCSVError`` for a quote that never closes or text after a closing quote.
    public static func rows(_ bytes: some Collection<UInt8>, delimiter: UInt8 = UInt8(ascii: ",")) throws(BulkCSVError) -> [[String?]] {
        var rows: [[String?]] = []
        var row: [String?] = []
        var field: [UInt8] = []
        var quoted = false
        var inQuotes = false
        var afterQuote = false
        var index = bytes.startIndex
        var line = 1
        var quoteLine = 1
        func endField() {
            row.append(quoted || !field.isEmpty ? String(decoding: field, as: UTF8.self) : nil)
            field.removeAll(keepingCapacity: true)
            quoted = false
            afterQuote = false
        }
        while index != bytes.endIndex {
            let byte = bytes[index]
            index = bytes.index(after: index)
            if inQuotes {
                if byte == UInt8(ascii: "\"") {
                    if index != bytes.endIndex && bytes[index] == UInt8(ascii: "\"") {
                        field.append(byte)
                        index = bytes.index(after: index)
                    } else {
                        inQuotes = false
                        afterQuote = true
                    }
                } else {
                    if byte == 10 { line += 1 }
                    field.append(byte)
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\"") where field.isEmpty && !afterQuote:
                inQuotes = true
                quoted = true
                quoteLine = line
            case delimiter:
                endField()
            case 13 where index != bytes.endIndex && bytes[index] == 10:
                continue
            case 10:
                endField()
                rows.append(row)
                row.removeAll(keepingCapacity: true)
                line += 1
            default:
                guard !afterQuote else { throw BulkCSVError(line: line, reason: "text after a closing quote") }
                field.append(byte)
            }
        }
        guard !inQuotes else { throw BulkCSVError(line: quoteLine, reason: "a quoted value never closes") }
        if !field.isEmpty || quoted || !row.isEmpty {
            endField()
            rows.append(row)
        }
        return rows
    }
}

/// CSV that Bulk API 2.0 results cannot be: where, and why.
public struct BulkCSVError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The line (from 1) the problem is on.
    public let line: Int
    /// What is wrong.
    public let reason: String

    /// "The CSV results are malformed at line N: reason."
    public var description: String { "The CSV results are malformed at line \(line): \(reason)." }
}
