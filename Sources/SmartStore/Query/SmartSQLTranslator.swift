import SalesforceCore

/// A Smart SQL statement rewritten into the store's SQL.
struct SmartSQLTranslation: Sendable {
    let sql: String
}

/// Rewrites Smart SQL's `{soup}` and `{soup:path}` references into table and column names.
///
/// String literals, quoted identifiers and comments are copied untouched, so braces inside them
/// are not references. A reference written right after `alias.` applies to that alias, which
/// is how self-joins name their two sides.
struct SmartSQLTranslator {
    let soups: [String: SoupDescriptor]

    func translate(_ sql: String) throws(SmartStoreError) -> SmartSQLTranslation {
        try Self.requireSelect(sql)
        let input = Array(sql.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(input.count + 64)
        var position = 0
        while position < input.count {
            let byte = input[position]
            switch byte {
            case UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "`"):
                let end = Self.endOfQuoted(input, from: position, closing: byte)
                output.append(contentsOf: input[position..<end])
                position = end
            case UInt8(ascii: "["):
                let end = Self.endOfQuoted(input, from: position, closing: UInt8(ascii: "]"))
                output.append(contentsOf: input[position..<end])
                position = end
            case UInt8(ascii: "-") where Self.byte(input, position + 1) == UInt8(ascii: "-"):
                let end = input[position...].firstIndex(of: 0x0A) ?? input.count
                output.append(contentsOf: input[position..<end])
                position = end
            case UInt8(ascii: "/") where Self.byte(input, position + 1) == UInt8(ascii: "*"):
                let end = Self.endOfBlockComment(input, from: position)
                output.append(contentsOf: input[position..<end])
                position = end
            case UInt8(ascii: "{"):
                guard let close = input[position...].firstIndex(of: UInt8(ascii: "}")) else {
                    throw .invalidSmartSQL(sql: sql, reason: "a '{' is not closed")
                }
                let reference = String(decoding: input[(position + 1)..<close], as: UTF8.self)
                let qualifier = Self.takeQualifier(from: &output)
                let replacement = try resolve(reference, qualifier: qualifier, sql: sql)
                output.append(contentsOf: replacement.utf8)
                position = close + 1
            default:
                output.append(byte)
                position += 1
            }
        }
        // The statement gets wrapped for paging and counting, so a final ';' cannot stay.
        while let last = output.last, last == UInt8(ascii: ";") || last == 0x20 || last == 0x0A || last == 0x09 || last == 0x0D {
            output.removeLast()
        }
        return SmartSQLTranslation(sql: String(decoding: output, as: UTF8.self))
    }

    private func resolve(_ reference: String, qualifier: String?, sql: String) throws(SmartStoreError) -> String {
        let parts = reference.split(atScalars: [":"], maxSplits: 2, omittingEmptyParts: false)
        guard let soupName = parts.first, let soup = soups[soupName] else {
            throw .invalidSmartSQL(sql: sql, reason: "{\(reference)} names no registered soup")
        }
        switch parts.count {
        case 1:
            return qualifier.map { "\($0).\(soup.tableName)" } ?? soup.tableName
        case 2:
            do {
                return try soup.expression(forPath: parts[1], qualifier: qualifier, allowUnindexed: true)
            } catch {
                throw .invalidSmartSQL(sql: sql, reason: "{\(reference)}: \(error.message)")
            }
        default:
            throw .invalidSmartSQL(sql: sql, reason: "{\(reference)} has more than one ':'")
        }
    }

    /// Removes and returns `alias` when the output ends with `alias.`, so the reference can
    /// use it; otherwise leaves the output alone.
    private static func takeQualifier(from output: inout [UInt8]) -> String? {
        guard output.last == UInt8(ascii: ".") else { return nil }
        var start = output.count - 1
        if start > 0, output[start - 1] == UInt8(ascii: "\"") {
            guard let open = output[..<(start - 1)].lastIndex(of: UInt8(ascii: "\"")) else { return nil }
            start = open
        } else {
            while start > 0, isIdentifierByte(output[start - 1]) { start -= 1 }
        }
        guard start < output.count - 1 else { return nil }
        let qualifier = String(decoding: output[start..<(output.count - 1)], as: UTF8.self)
        output.removeSubrange(start...)
        return qualifier
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"), 0x80...:
            true
        default:
            false
        }
    }

    private static func byte(_ input: [UInt8], _ index: Int) -> UInt8? {
        index < input.count ? input[index] : nil
    }

    /// The index after a quoted run that starts at `start`; a doubled closing quote is an escape.
    private static func endOfQuoted(_ input: [UInt8], from start: Int, closing: UInt8) -> Int {
        var index = start + 1
        while index < input.count {
            if input[index] == closing {
                if closing != UInt8(ascii: "]"), byte(input, index + 1) == closing {
                    index += 2
                    continue
                }
                return index + 1
            }
            index += 1
        }
        return input.count
    }

    private static func endOfBlockComment(_ input: [UInt8], from start: Int) -> Int {
        var index = start + 2
        while index + 1 < input.count {
            if input[index] == UInt8(ascii: "*"), input[index + 1] == UInt8(ascii: "/") { return index + 2 }
            index += 1
        }
        return input.count
    }

    /// Refuses anything but a query: the first word, after comments and parentheses, must be
    /// SELECT (or WITH, which starts one).
    static func requireSelect(_ sql: String) throws(SmartStoreError) {
        let input = Array(sql.utf8)
        var position = 0
        while position < input.count {
            switch input[position] {
            case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "("): position += 1
            case UInt8(ascii: "-") where byte(input, position + 1) == UInt8(ascii: "-"):
                position = input[position...].firstIndex(of: 0x0A) ?? input.count
            case UInt8(ascii: "/") where byte(input, position + 1) == UInt8(ascii: "*"):
                position = endOfBlockComment(input, from: position)
            default:
                var end = position
                while end < input.count, isIdentifierByte(input[end]) { end += 1 }
                let word = String(decoding: input[position..<end], as: UTF8.self).lowercased()
                guard word == "select" || word == "with" else {
                    let shown = word.isEmpty ? "no statement" : word.uppercased()
                    throw .invalidSmartSQL(sql: sql, reason: "only SELECT statements are allowed, not \(shown)")
                }
                return
            }
        }
        throw .invalidSmartSQL(sql: sql, reason: "it is empty")
    }
}
