/// Bulk API 2.0's CSV: every value in double quotes (a quote doubled inside), nulls empty, with
/// the job's column delimiter and line ending.
package enum CSVFormat {
    /// `columnDelimiter`.
    package enum Delimiter: String, Sendable, CaseIterable {
        case backquote = "BACKQUOTE"
        case caret = "CARET"
        case comma = "COMMA"
        case pipe = "PIPE"
        case semicolon = "SEMICOLON"
        case tab = "TAB"

        var byte: UInt8 {
            switch self {
            case .backquote: UInt8(ascii: "`")
            case .caret: UInt8(ascii: "^")
            case .comma: UInt8(ascii: ",")
            case .pipe: UInt8(ascii: "|")
            case .semicolon: UInt8(ascii: ";")
            case .tab: UInt8(ascii: "\t")
            }
        }
    }

    /// `lineEnding`.
    package enum LineEnding: String, Sendable, CaseIterable {
        case lf = "LF"
        case crlf = "CRLF"

        var bytes: [UInt8] { self == .lf ? [10] : [13, 10] }
    }

    /// Appends one row.
    package static func append(_ row: [String?], delimiter: Delimiter, lineEnding: LineEnding, to bytes: inout [UInt8]) {
        for (index, value) in row.enumerated() {
            if index > 0 { bytes.append(delimiter.byte) }
            guard let value else { continue }
            bytes.append(UInt8(ascii: "\""))
            for byte in value.utf8 {
                if byte == UInt8(ascii: "\"") { bytes.append(byte) }
                bytes.append(byte)
            }
            bytes.append(UInt8(ascii: "\""))
        }
        bytes += lineEnding.bytes
    }
}
