/// Percent-encoding as deep links use it (RFC 3986).
///
/// Encoding keeps only the unreserved characters `A–Z a–z 0–9 - . _ ~`, so an encoded value is
/// safe in any path segment, query key or query value, `+`, `&`, `=` and `/` included.
public enum PercentEncoding {
    /// Encodes every byte outside the unreserved set as `%XX` (upper-case hex).
    public static func encode(_ text: String) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isUnreserved(byte) {
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
    public static func decode(_ text: String, plusAsSpace: Bool = false) -> String? {
        var bytes = Array(text.utf8)
        guard decode(&bytes, plusAsSpace: plusAsSpace) == nil else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }

    /// Decodes in place.
    /// - Returns: the offset of the first malformed escape, or `nil` when all were well formed.
    static func decode(_ bytes: inout [UInt8], plusAsSpace: Bool) -> Int? {
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

    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)
}
