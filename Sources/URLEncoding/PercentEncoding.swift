/// Percent-encoding (RFC 3986 §2.1) over UTF-8 bytes: the one encoder every ForceKit target uses,
/// from deep links to OAuth forms, REST paths and SQLite URIs.
///
/// Each caller names the bytes it keeps as they are (``AllowedBytes``); every other byte is
/// written `%XX` with upper-case hex digits. It needs nothing but the standard library, so the
/// deep-link router, which depends on Foundation only, shares it.
package enum PercentEncoding {
    /// Encodes every byte of `text` outside `allowed` as `%XX`.
    package static func encode(_ text: some StringProtocol, keeping allowed: AllowedBytes = .unreserved) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if allowed.contains(byte) {
                output.append(byte)
            } else {
                output.append(UInt8(ascii: "%"))
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Decodes `%XX` escapes, and `+` as a space when `plusAsSpace` is set (query strings).
    /// - Returns: `nil` when an escape is malformed or the decoded bytes are not UTF-8.
    package static func decode(_ text: some StringProtocol, plusAsSpace: Bool = false) -> String? {
        var bytes = Array(text.utf8)
        guard decode(&bytes, plusAsSpace: plusAsSpace) == nil else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }

    /// Decodes in place.
    /// - Returns: the offset of the first malformed escape, or `nil` when all were well formed.
    package static func decode(_ bytes: inout [UInt8], plusAsSpace: Bool) -> Int? {
        var read = 0
        var write = 0
        while read < bytes.count {
            let byte = bytes[read]
            if byte == UInt8(ascii: "%") {
                guard read + 2 < bytes.count,
                    let high = hexValue(bytes[read + 1]), let low = hexValue(bytes[read + 2])
                else { return read }
                bytes[write] = high << 4 | low
                read += 3
            } else {
                bytes[write] = plusAsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte
                read += 1
            }
            write += 1
        }
        bytes.removeLast(bytes.count - write)
        return nil
    }

    /// The value of a hex digit, either case.
    package static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)
}
