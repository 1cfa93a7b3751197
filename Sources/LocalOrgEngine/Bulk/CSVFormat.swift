/// Bulk API 2.0's CSV: written with every value in double quotes (a quote doubled inside), nulls
/// empty, and read as RFC 4180 has it, each with the job's column delimiter and line ending.
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

    /// The first line as it was written, without its line ending: the header that results echo.
    static func firstLine(of data: [UInt8], lineEnding: LineEnding) -> [UInt8] {
        let end = data.firstIndex(of: 10) ?? data.endIndex
        return Array(data[..<(lineEnding == .crlf && end > 0 && data[end - 1] == 13 ? end - 1 : end)])
    }

    /// Why uploaded CSV cannot be read, in Salesforce's words for a failed job.
    package struct ReadError: Error, Sendable {
        package var message: String
    }

    /// Reads CSV: fields split by `delimiter`, a field in double quotes may hold the delimiter,
    /// line breaks and doubled quotes, and rows end with `lineEnding` (the last may not). Read
    /// on UTF-8 bytes, so no character that combines with a quote hides it.
    /// - Throws: ``ReadError`` when a row ends with the other line ending than the job's.
    package static func rows(in bytes: [UInt8], delimiter: Delimiter, lineEnding: LineEnding) throws(ReadError) -> [[String]] {
        let quote = UInt8(ascii: "\"")
        let carriageReturn: UInt8 = 13
        let lineFeed: UInt8 = 10
        var rows: [[String]] = []
        var row: [String] = []
        var field: [UInt8] = []
        var inQuotes = false
        var index = 0
        func endField() {
            row.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
        }
        while index < bytes.count {
            let byte = bytes[index]
            if inQuotes {
                if byte == quote {
                    if index + 1 < bytes.count, bytes[index + 1] == quote {
                        field.append(quote)
                        index += 2
                        continue
                    }
                    inQuotes = false
                } else {
                    field.append(byte)
                }
                index += 1
                continue
            }
            let crlf = byte == carriageReturn && index + 1 < bytes.count && bytes[index + 1] == lineFeed
            if byte == lineFeed || crlf {
                guard crlf == (lineEnding == .crlf) else {
                    throw ReadError(
                        message:
                            "ClientInputError : LineEnding is invalid on user data. Current LineEnding setting is \(lineEnding.rawValue)")
                }
                endField()
                rows.append(row)
                row.removeAll(keepingCapacity: true)
                index += crlf ? 2 : 1
                continue
            }
            if byte == delimiter.byte {
                endField()
            } else if byte == quote && field.isEmpty {
                inQuotes = true
            } else {
                field.append(byte)
            }
            index += 1
        }
        if !field.isEmpty || !row.isEmpty {
            endField()
            rows.append(row)
        }
        return rows
    }
}
