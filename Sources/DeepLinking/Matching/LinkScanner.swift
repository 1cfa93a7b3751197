/// Where routing's parts lie in a link's UTF-8 bytes. Nothing is copied: routing reads the
/// link's own storage.
struct LinkLayout {
    /// The host, or `nil` when the link has none (`app:///path`).
    var host: Range<Int>?
    /// The path, from its leading `/` (possibly empty).
    var path: Range<Int>
    /// The query without its `?`, or `nil` when there is none.
    var query: Range<Int>?
    /// Whether the host or path holds a `%` escape and so must be decoded before matching.
    var hasEscapes: Bool
}

/// Finds the parts of `scheme://userinfo@host:port/path?query#fragment` in one pass.
enum LinkScanner {
    /// - Returns: the layout, or why the text is not a link the router can read.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<LinkLayout, LinkProblem> {
        guard !bytes.isEmpty else { return .failure(.empty) }
        // One pass finds unencoded characters and escapes; the boundaries are found after it.
        var firstEscape = bytes.count
        var offset = 0
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte <= 0x20 || byte == 0x7F {
                return .failure(.unencodedCharacter(offset: offset, isSpace: byte == 0x20))
            }
            if byte == UInt8(ascii: "%"), firstEscape == bytes.count { firstEscape = offset }
            offset += 1
        }
        // Scheme: a letter, then letters, digits, '+', '-' or '.', then "://".
        var index = 0
        while index < bytes.count, isSchemeByte(bytes[index], first: index == 0) { index += 1 }
        guard index > 0, index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
            return .failure(.missingScheme)
        }
        guard index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "/"), bytes[index + 2] == UInt8(ascii: "/") else {
            return .failure(.missingAuthority)
        }
        index += 3

        let authorityStart = index
        while index < bytes.count, !isDelimiter(bytes[index]) { index += 1 }
        let host = hostRange(in: bytes, authority: authorityStart..<index)

        let pathStart = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "?"), bytes[index] != UInt8(ascii: "#") {
            index += 1
        }
        let path = pathStart..<index

        var query: Range<Int>?
        if index < bytes.count, bytes[index] == UInt8(ascii: "?") {
            let queryStart = index + 1
            index = queryStart
            while index < bytes.count, bytes[index] != UInt8(ascii: "#") { index += 1 }
            query = queryStart..<index
        }
        // Escapes matter only in the host and path, which end where the query starts.
        let hasEscapes = firstEscape < path.upperBound
        return .success(LinkLayout(host: host, path: path, query: query, hasEscapes: hasEscapes))
    }

    /// The host within the authority: after any `userinfo@`, before any `:port`.
    private static func hostRange(in bytes: UnsafeBufferPointer<UInt8>, authority: Range<Int>) -> Range<Int>? {
        var start = authority.lowerBound
        var end = authority.upperBound
        if let at = bytes[authority].lastIndex(of: UInt8(ascii: "@")) { start = at + 1 }
        if start < end, bytes[start] == UInt8(ascii: "[") {
            // An IPv6 literal keeps its brackets; a port may follow the closing one.
            if let close = bytes[start..<end].firstIndex(of: UInt8(ascii: "]")) { end = close + 1 }
        } else if let colon = bytes[start..<end].lastIndex(of: UInt8(ascii: ":")),
            bytes[(colon + 1)..<end].allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        {
            end = colon
        }
        return start < end ? start..<end : nil
    }

    private static func isSchemeByte(_ byte: UInt8, first: Bool) -> Bool {
        let isLetter = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
        if first { return isLetter }
        return isLetter || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    private static func isDelimiter(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
    }
}

/// Why text is not a link the router can read.
enum LinkProblem: Error {
    case empty
    case unencodedCharacter(offset: Int, isSpace: Bool)
    case missingScheme
    case missingAuthority
    case malformedEscape(offset: Int)
    case notUTF8

    var reason: String {
        switch self {
        case .empty:
            "the link is empty"
        case .unencodedCharacter(let offset, let isSpace):
            "character \(offset + 1) is \(isSpace ? "a space" : "a control character"); percent-encode it (a space is %20)"
        case .missingScheme:
            "it has no scheme; a deep link looks like scheme://host/path"
        case .missingAuthority:
            "'//' must follow the scheme; a deep link looks like scheme://host/path"
        case .malformedEscape(let offset):
            "the percent-escape at character \(offset + 1) is not '%' followed by two hex digits"
        case .notUTF8:
            "its percent-escapes decode to bytes that are not UTF-8"
        }
    }
}
