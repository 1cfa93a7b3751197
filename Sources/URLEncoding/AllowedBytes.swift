extension PercentEncoding {
    /// The ASCII bytes an encoding keeps as they are: a set of 128 bits, tested in constant time.
    package struct AllowedBytes: Sendable, Hashable {
        private var low: UInt64 = 0
        private var high: UInt64 = 0

        /// The unreserved characters `A–Z a–z 0–9 - . _ ~` and the ASCII characters of `extra`.
        package init(unreservedAnd extra: String = "") {
            for byte in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8 { insert(byte) }
            for byte in extra.utf8 where byte < 0x80 { insert(byte) }
        }

        /// Whether `byte` is kept as it is.
        package func contains(_ byte: UInt8) -> Bool {
            switch byte {
            case 0..<64: low & (1 << UInt64(byte)) != 0
            case 64..<128: high & (1 << UInt64(byte - 64)) != 0
            default: false
            }
        }

        private mutating func insert(_ byte: UInt8) {
            if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
        }

        /// RFC 3986's unreserved characters: an encoded value is safe in any path segment, query
        /// key or query value, `+`, `&`, `=` and `/` included.
        package static let unreserved = AllowedBytes()

        /// What a path segment may hold unencoded (RFC 3986 `pchar`): unreserved, the
        /// sub-delimiters, `:` and `@`; `/`, `?`, `#` and `%` are encoded.
        package static let pathSegment = AllowedBytes(unreservedAnd: "!$&'()*+,;=:@")

        /// A file path in a `file:` URI: unreserved and `/`, so that `?`, `#` and `%` stay part
        /// of the path.
        package static let unreservedAndSlash = AllowedBytes(unreservedAnd: "/")

        /// A query name or value as the iOS SDK writes them: unreserved and `!$'()*,;`, so `+`,
        /// `&`, `=` and `/` in SOQL arrive intact and a space is `%20`.
        package static let queryComponent = AllowedBytes(unreservedAnd: "!$'()*,;")
    }
}
