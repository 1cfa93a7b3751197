import URLEncoding

/// A JSON value that keeps the order of object members.
///
/// Route precedence falls back to the order of routes in the file, and Foundation's JSON
/// parsers do not promise to keep it, so the configuration is read with this small parser.
enum ConfigJSON {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([ConfigJSON])
    case object([(key: String, value: ConfigJSON)])

    /// The JSON type name, for error messages.
    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// Where and why the configuration text is not JSON.
struct ConfigJSONSyntaxError: Error {
    var line: Int
    var column: Int
    var reason: String
}

/// A recursive-descent JSON parser over UTF-8 bytes (RFC 8259), with positions in its errors.
struct ConfigJSONParser {
    /// Deeper nesting than this is refused rather than risking the stack on hostile input.
    static let maximumDepth = 256

    private let bytes: [UInt8]
    private var offset = 0
    private var depth = 0

    static func parse(_ bytes: [UInt8]) throws(ConfigJSONSyntaxError) -> ConfigJSON {
        var parser = ConfigJSONParser(bytes: bytes)
        // A UTF-8 byte order mark is tolerated, as editors on some platforms write one.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.offset = 3 }
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.offset == bytes.count else { throw parser.error("unexpected text after the JSON value") }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private mutating func parseValue() throws(ConfigJSONSyntaxError) -> ConfigJSON {
        skipWhitespace()
        guard offset < bytes.count else { throw error("unexpected end of text, expected a value") }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try expectWord("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectWord("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectWord("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error("unexpected character '\(describe(bytes[offset]))', expected a value")
        }
    }

    private mutating func parseObject() throws(ConfigJSONSyntaxError) -> ConfigJSON {
        try enterContainer()
        offset += 1
        var members: [(key: String, value: ConfigJSON)] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            offset += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { throw error("expected a member name in double quotes") }
            let key = try parseString()
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { throw error("expected ':' after member name \"\(key)\"") }
            offset += 1
            let value = try parseValue()
            // A repeated member replaces the earlier one in place, as most JSON readers keep the last.
            if let existing = members.firstIndex(where: { $0.key == key }) {
                members[existing].value = value
            } else {
                members.append((key, value))
            }
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "}"):
                offset += 1
                depth -= 1
                return .object(members)
            default: throw error("expected ',' or '}' in an object")
            }
        }
    }

    private mutating func parseArray() throws(ConfigJSONSyntaxError) -> ConfigJSON {
        try enterContainer()
        offset += 1
        var elements: [ConfigJSON] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            offset += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            elements.append(try parseValue())
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "]"):
                offset += 1
                depth -= 1
                return .array(elements)
            default: throw error("expected ',' or ']' in an array")
            }
        }
    }

    private mutating func parseString() throws(ConfigJSONSyntaxError) -> String {
        offset += 1
        var output: [UInt8] = []
        while offset < bytes.count {
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                guard let text = String(validating: output, as: UTF8.self) else {
                    throw error("a string is not valid UTF-8")
                }
                return text
            case UInt8(ascii: "\\"):
                offset += 1
                try parseEscape(into: &output)
            case 0x00..<0x20:
                throw error("a control character must be escaped inside a string")
            default:
                output.append(byte)
                offset += 1
            }
        }
        throw error("unterminated string")
    }

    private mutating func parseEscape(into output: inout [UInt8]) throws(ConfigJSONSyntaxError) {
        guard let escape = peek() else { throw error("unterminated escape") }
        offset += 1
        let simple: [UInt8: UInt8] = [
            UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F,
            UInt8(ascii: "b"): 0x08, UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A,
            UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
        ]
        if let replacement = simple[escape] {
            output.append(replacement)
            return
        }
        guard escape == UInt8(ascii: "u") else { throw error("unknown escape '\\\(describe(escape))'") }
        var scalar = try parseHex4()
        if (0xD800..<0xDC00).contains(scalar) {
            guard peek() == UInt8(ascii: "\\"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "u") else {
                throw error("a high surrogate must be followed by a low surrogate")
            }
            offset += 2
            let low = try parseHex4()
            guard (0xDC00..<0xE000).contains(low) else { throw error("invalid low surrogate") }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let unicode = Unicode.Scalar(scalar) else { throw error("invalid Unicode escape") }
        output.append(contentsOf: Array(String(Character(unicode)).utf8))
    }

    private mutating func parseHex4() throws(ConfigJSONSyntaxError) -> UInt32 {
        guard offset + 4 <= bytes.count else { throw error("a \\u escape needs four hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = PercentEncoding.hexValue(bytes[offset]) else {
                throw error("a \\u escape needs four hex digits")
            }
            value = value << 4 | UInt32(digit)
            offset += 1
        }
        return value
    }

    private mutating func parseNumber() throws(ConfigJSONSyntaxError) -> ConfigJSON {
        let start = offset
        if peek() == UInt8(ascii: "-") { offset += 1 }
        guard let first = peek(), isDigit(first) else { throw error("a number needs a digit") }
        if first == UInt8(ascii: "0") { offset += 1 } else { skipDigits() }
        if peek() == UInt8(ascii: ".") {
            offset += 1
            guard let digit = peek(), isDigit(digit) else { throw error("a digit must follow the decimal point") }
            skipDigits()
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            offset += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { offset += 1 }
            guard let digit = peek(), isDigit(digit) else { throw error("a digit must follow the exponent") }
            skipDigits()
        }
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        guard let value = Double(text) else { throw error("invalid number \(text)") }
        return .number(value)
    }

    private mutating func expectWord(_ word: String) throws(ConfigJSONSyntaxError) {
        let expected = Array(word.utf8)
        guard bytes.count - offset >= expected.count, bytes[offset..<offset + expected.count].elementsEqual(expected) else {
            throw error("unexpected character '\(describe(bytes[offset]))', expected a value")
        }
        offset += expected.count
    }

    private mutating func enterContainer() throws(ConfigJSONSyntaxError) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw error("nesting deeper than \(Self.maximumDepth) levels") }
    }

    private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { offset += 1 }
    }

    private mutating func skipDigits() {
        while let byte = peek(), isDigit(byte) { offset += 1 }
    }

    private func peek() -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

    private func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    private func describe(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "\\u{\(String(byte, radix: 16))}"
    }

    /// An error at the current offset, with a 1-based line and column.
    private func error(_ reason: String) -> ConfigJSONSyntaxError {
        let end = min(offset, bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<end where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        return ConfigJSONSyntaxError(line: line, column: end - lineStart + 1, reason: reason)
    }
}
