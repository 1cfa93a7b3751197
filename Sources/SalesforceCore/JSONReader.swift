/// A strict RFC 8259 parser over UTF-8 bytes.
///
/// Foundation's decoders go through `Any` or `Decoder` containers and accept trailing commas on
/// Linux; SmartStore parses every entry it reads, so this reader goes straight from bytes to
/// ``JSON`` and rejects what the RFC rejects. Nesting deeper than ``maximumDepth`` is an error,
/// not a stack overflow.
struct JSONReader {
    /// Deeper documents are refused so that hostile input cannot exhaust the stack.
    static let maximumDepth = 512

    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    private var depth = 0

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Parses one JSON document that must fill `bytes`, apart from surrounding whitespace.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONError) -> JSON {
        var reader = JSONReader(bytes: bytes)
        reader.skipWhitespace()
        let value = try reader.parseValue()
        reader.skipWhitespace()
        guard reader.position == bytes.count else { throw reader.failure("unexpected text after the JSON value") }
        return value
    }

    private mutating func parseValue() throws(JSONError) -> JSON {
        guard position < bytes.count else { throw failure("the text ends where a value was expected") }
        switch bytes[position] {
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
        default: throw failure("unexpected character \(describe(bytes[position]))")
        }
    }

    private mutating func parseObject() throws(JSONError) -> JSON {
        try parseObject(locatingElementsOf: nil).value
    }

    /// Parses an object; with a `member`, also where each element of that member's array lies
    /// (empty when it is not an array; for a repeated member, the last one's).
    private mutating func parseObject(locatingElementsOf member: String?) throws(JSONError) -> (value: JSON, elements: [Range<Int>]) {
        try enterContainer()
        position += 1
        // Collected first and hashed once, which beats growing a dictionary key by key.
        var members: [(String, JSON)] = []
        var elements: [Range<Int>] = []
        skipWhitespace()
        if consume(UInt8(ascii: "}")) {
            depth -= 1
            return (.object([:]), elements)
        }
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                throw failure("expected a quoted key")
            }
            let key = try parseString()
            skipWhitespace()
            guard consume(UInt8(ascii: ":")) else { throw failure("expected ':' after the key \"\(key)\"") }
            skipWhitespace()
            if let member, key == member {
                let located = position < bytes.count && bytes[position] == UInt8(ascii: "[")
                let (value, ranges) = located ? try parseArrayLocatingElements() : (try parseValue(), [])
                members.append((key, value))
                elements = ranges
            } else {
                members.append((key, try parseValue()))
            }
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            if consume(UInt8(ascii: "}")) { break }
            throw failure("expected ',' or '}' in an object")
        }
        depth -= 1
        // A repeated key keeps its last value, as other JSON parsers do.
        return (.object(Dictionary(members, uniquingKeysWith: { _, last in last })), elements)
    }

    private mutating func parseArray() throws(JSONError) -> JSON {
        try enterContainer()
        position += 1
        var elements: [JSON] = []
        skipWhitespace()
        if consume(UInt8(ascii: "]")) {
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            if consume(UInt8(ascii: "]")) { break }
            throw failure("expected ',' or ']' in an array")
        }
        depth -= 1
        return .array(elements)
    }

    private mutating func enterContainer() throws(JSONError) {
        depth += 1
        guard depth <= Self.maximumDepth else {
            throw failure("the document nests deeper than \(Self.maximumDepth) levels")
        }
    }

    private mutating func parseString() throws(JSONError) -> String {
        position += 1
        let start = position
        // Fast path: no escapes, so the bytes between the quotes are the string.
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
                position += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw failure("a control character must be escaped inside a string") }
            position += 1
        }
        var scalars = Array(UnsafeBufferPointer(rebasing: bytes[start..<position]))
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return String(decoding: scalars, as: UTF8.self)
            case UInt8(ascii: "\\"):
                position += 1
                try appendEscape(to: &scalars)
            case 0..<0x20:
                throw failure("a control character must be escaped inside a string")
            default:
                scalars.append(byte)
                position += 1
            }
        }
        throw failure("a string is not closed")
    }

    private mutating func appendEscape(to output: inout [UInt8]) throws(JSONError) {
        guard position < bytes.count else { throw failure("a string is not closed") }
        let escape = bytes[position]
        position += 1
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(escape)
        case UInt8(ascii: "b"): output.append(0x08)
        case UInt8(ascii: "f"): output.append(0x0C)
        case UInt8(ascii: "n"): output.append(0x0A)
        case UInt8(ascii: "r"): output.append(0x0D)
        case UInt8(ascii: "t"): output.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try parseHexQuad()
            if (0xD800..<0xDC00).contains(scalar), bytes.count - position >= 6,
                bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u")
            {
                let save = position
                position += 2
                let low = try parseHexQuad()
                if (0xDC00..<0xE000).contains(low) {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else {
                    position = save
                }
            }
            // A lone surrogate cannot be represented in UTF-8; it becomes U+FFFD as in Foundation.
            let character = Unicode.Scalar(scalar) ?? "\u{FFFD}"
            output.append(contentsOf: Array(String(character).utf8))
        default:
            throw failure("unknown escape \\\(describe(escape))")
        }
    }

    private mutating func parseHexQuad() throws(JSONError) -> UInt32 {
        guard bytes.count - position >= 4 else { throw failure("\\u needs four hexadecimal digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw failure("\\u needs four hexadecimal digits")
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    private mutating func parseNumber() throws(JSONError) -> JSON {
        let start = position
        var isIntegral = true
        _ = consume(UInt8(ascii: "-"))
        guard position < bytes.count, isDigit(bytes[position]) else { throw failure("a number needs digits") }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if position < bytes.count, isDigit(bytes[position]) { throw failure("a number cannot start with 0") }
        } else {
            skipDigits()
        }
        if consume(UInt8(ascii: ".")) {
            isIntegral = false
            guard position < bytes.count, isDigit(bytes[position]) else { throw failure("a fraction needs digits") }
            skipDigits()
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            isIntegral = false
            position += 1
            if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
            guard position < bytes.count, isDigit(bytes[position]) else { throw failure("an exponent needs digits") }
            skipDigits()
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        if isIntegral, let integer = Int64(text) { return .integer(integer) }
        guard let double = Double(text) else { throw failure("the number \(text) cannot be read") }
        return .double(double)
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func skipDigits() {
        while position < bytes.count, isDigit(bytes[position]) { position += 1 }
    }

    private mutating func expectWord(_ word: StaticString) throws(JSONError) {
        let length = word.utf8CodeUnitCount
        guard bytes.count - position >= length else { throw failure("unexpected end of the text") }
        let matches = word.withUTF8Buffer { expected in
            (0..<length).allSatisfy { bytes[position + $0] == expected[$0] }
        }
        guard matches else { throw failure("unexpected character \(describe(bytes[position]))") }
        position += length
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    private func describe(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
    }

    /// An error naming the line and column (1-based, in bytes) where reading stopped.
    private func failure(_ reason: String) -> JSONError {
        var line = 1
        var column = 1
        for index in 0..<min(position, bytes.count) {
            if bytes[index] == 0x0A {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return .malformed("\(reason) at line \(line), column \(column)")
    }
}

extension JSONReader {
    /// Parses one JSON document that must fill `bytes` and whose top level is an object, and
    /// finds where each element of the array at its member `member` lies in `bytes`: empty when
    /// that member is missing or not an array; for a repeated member, the last one's.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, locatingElementsOf member: String) throws(JSONError) -> (JSON, [Range<Int>]) {
        var reader = JSONReader(bytes: bytes)
        reader.skipWhitespace()
        guard reader.position < bytes.count, bytes[reader.position] == UInt8(ascii: "{") else {
            return (try parse(bytes), [])
        }
        let (value, elements) = try reader.parseObject(locatingElementsOf: member)
        reader.skipWhitespace()
        guard reader.position == bytes.count else { throw reader.failure("unexpected text after the JSON value") }
        return (value, elements)
    }

    /// Parses an array as ``parseArray()`` does, with where each element lies.
    private mutating func parseArrayLocatingElements() throws(JSONError) -> (JSON, [Range<Int>]) {
        try enterContainer()
        position += 1
        var elements: [JSON] = []
        var ranges: [Range<Int>] = []
        skipWhitespace()
        if consume(UInt8(ascii: "]")) {
            depth -= 1
            return (.array(elements), ranges)
        }
        while true {
            skipWhitespace()
            let start = position
            elements.append(try parseValue())
            ranges.append(start..<position)
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            if consume(UInt8(ascii: "]")) { break }
            throw failure("expected ',' or ']' in an array")
        }
        depth -= 1
        return (.array(elements), ranges)
    }
}
