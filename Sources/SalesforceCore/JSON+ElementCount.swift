extension JSON {
    /// How many elements the array `member` of a document's top-level object has, counted
    /// without building any of them and no further than one past `limit`: so a body of a
    /// million records is refused for its count before one of them is parsed into a value.
    ///
    /// Follows the parser where it matters: a repeated member counts by its last occurrence,
    /// and strings with their escapes are skipped whole. Nil when the document is not an object
    /// holding such an array or does not close (the parser then says what is wrong).
    package static func countElements(ofArray member: String, in bytes: [UInt8], upTo limit: Int) -> Int? {
        var counter = ElementCounter(member: Array(member.utf8), limit: limit)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let start = index + 1
                index = start
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                counter.string(bytes[start..<min(index, bytes.count)])
            } else {
                guard counter.structural(byte) else { return nil }
            }
            index += 1
        }
        return counter.depth == 0 ? counter.result : nil
    }
}

/// The state of ``JSON/countElements(ofArray:in:upTo:)`` between bytes.
private struct ElementCounter {
    let member: [UInt8]
    let limit: Int
    var depth = 0
    /// At the top level, the next string is a key.
    var expectsKey = false
    /// The top-level key just read is `member`.
    var keyMatches = false
    /// The value of `member` comes next.
    var awaitsValue = false
    /// Inside `member`'s array, where the next token starts an element.
    var counting = false
    var expectsElement = false
    var count = 0
    var result: Int?

    mutating func string(_ text: ArraySlice<UInt8>) {
        if depth == 1, expectsKey {
            keyMatches = text.elementsEqual(member)
        } else {
            scalarValue()
        }
    }

    /// Reads a byte outside strings; false when the brackets do not balance.
    mutating func structural(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
            break
        case UInt8(ascii: ":"):
            if depth == 1 {
                expectsKey = false
                awaitsValue = keyMatches
            }
        case UInt8(ascii: ","):
            if depth == 1 {
                expectsKey = true
                keyMatches = false
            }
            if counting, depth == 2 { expectsElement = true }
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            startElement()
            if depth == 1, awaitsValue {
                awaitsValue = false
                counting = byte == UInt8(ascii: "[")
                expectsElement = counting
                count = 0
                if !counting { result = nil }
            }
            depth += 1
            if depth == 1 { expectsKey = byte == UInt8(ascii: "{") }
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
            depth -= 1
            guard depth >= 0 else { return false }
            if counting, depth == 1 {
                counting = false
                result = count
            }
        default:
            // Where a number, true, false or null starts (or continues: only a start counts).
            scalarValue()
        }
        return true
    }

    private mutating func scalarValue() {
        startElement()
        if depth == 1, awaitsValue {
            awaitsValue = false
            result = nil
        }
    }

    private mutating func startElement() {
        guard counting, depth == 2, expectsElement else { return }
        expectsElement = false
        count = min(count + 1, limit + 1)
    }
}
