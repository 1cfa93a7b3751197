/// Writes JSON text as UTF-8 bytes: compact, or indented for people to read, object keys
/// sorted (unless told not to) so equal values print alike.
///
/// It writes what ``JSONReader`` reads back to the same value: `/` is not escaped, control
/// characters are, and non-finite doubles (which JSON cannot spell) become `null`.
package struct JSONWriter {
    /// The text written so far.
    package private(set) var bytes: [UInt8] = []
    private let sortsKeys: Bool
    /// Spaces per level when indenting; nil writes compact text.
    private let indentWidth: Int?
    private var depth = 0

    /// A writer with room for `capacity` bytes, compact unless `indentWidth` is given.
    package init(reservingCapacity capacity: Int = 256, sortsKeys: Bool = true, indentWidth: Int? = nil) {
        bytes.reserveCapacity(capacity)
        self.sortsKeys = sortsKeys
        self.indentWidth = indentWidth
    }

    /// Writes `value`.
    package mutating func write(_ value: JSON) {
        switch value {
        case .null: append("null")
        case .bool(let flag): append(flag ? "true" : "false")
        case .integer(let number): bytes.append(contentsOf: String(number).utf8)
        case .double(let number): writeDouble(number)
        case .string(let text): writeString(text)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            depth += 1
            for (index, element) in elements.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                breakLine()
                write(element)
            }
            depth -= 1
            if !elements.isEmpty { breakLine() }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            depth += 1
            if sortsKeys {
                for (index, key) in members.keys.sorted().enumerated() {
                    if index > 0 { bytes.append(UInt8(ascii: ",")) }
                    // The key came from `members`, so the lookup always succeeds.
                    writeMember(key, members[key] ?? .null)
                }
            } else {
                for (index, member) in members.enumerated() {
                    if index > 0 { bytes.append(UInt8(ascii: ",")) }
                    writeMember(member.key, member.value)
                }
            }
            depth -= 1
            if !members.isEmpty { breakLine() }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    private mutating func writeMember(_ key: String, _ value: JSON) {
        breakLine()
        writeString(key)
        bytes.append(UInt8(ascii: ":"))
        if indentWidth != nil { bytes.append(UInt8(ascii: " ")) }
        write(value)
    }

    private mutating func writeDouble(_ number: Double) {
        guard number.isFinite else { return append("null") }
        // Swift's shortest round-trip spelling ("1.5", "1e-05", "5e+20") is valid JSON.
        bytes.append(contentsOf: number.description.utf8)
    }

    mutating func writeString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var runStart = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                appendEscape(byte)
                runStart = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func appendEscape(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): append("\\\"")
        case UInt8(ascii: "\\"): append("\\\\")
        case 0x0A: append("\\n")
        case 0x0D: append("\\r")
        case 0x09: append("\\t")
        case 0x08: append("\\b")
        case 0x0C: append("\\f")
        default:
            let hex = String(byte, radix: 16)
            append("\\u00")
            if hex.count < 2 { bytes.append(UInt8(ascii: "0")) }
            bytes.append(contentsOf: hex.utf8)
        }
    }

    /// When indenting: a new line, indented to the current depth.
    private mutating func breakLine() {
        guard let indentWidth else { return }
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indentWidth * depth))
    }

    /// Appends bytes as they are: the caller's promise is that they are JSON text.
    package mutating func appendBytes<Bytes: Collection<UInt8>>(_ more: Bytes) {
        bytes.append(contentsOf: more)
    }

    /// Appends one byte as it is, such as a separator.
    package mutating func appendByte(_ byte: UInt8) {
        bytes.append(byte)
    }

    private mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }
}
