/// Reads a SOSL statement. The term between braces goes to ``SearchTermParser``; each
/// RETURNING object's parenthesized part is read as SOQL over that object.
struct SOSLParser {
    private let characters: [Character]
    private var index = 0

    private init(_ text: String) {
        characters = Array(text)
    }

    static func parse(_ text: String) throws(SOSLSyntaxError) -> SOSLQuery {
        var parser = SOSLParser(text)
        return try parser.statement()
    }

    private static let clauseKeywords: Set<String> = ["IN", "RETURNING", "WITH", "LIMIT", "OFFSET", "UPDATE"]

    private mutating func statement() throws(SOSLSyntaxError) -> SOSLQuery {
        skipSpace()
        guard word()?.uppercased() == "FIND" else {
            throw SOSLSyntaxError("A search starts with FIND and a term in braces: FIND {Acme} RETURNING Account(Id, Name).")
        }
        skipSpace()
        let term: String
        switch peek() {
        case "{": term = try delimited(by: "}")
        case "'": term = try delimited(by: "'")
        default: throw SOSLSyntaxError("No search term found. The search term must be enclosed in braces: FIND {Acme}.")
        }
        var query = SOSLQuery(expression: try SearchTermParser.parse(term))
        var seen: Set<String> = []
        while true {
            skipSpace()
            guard peek() != nil else { break }
            let start = index
            guard let keyword = word()?.uppercased(), Self.clauseKeywords.contains(keyword) else {
                throw SOSLSyntaxError(
                    "Unexpected text at character \(start + 1); after the term come IN ... FIELDS, RETURNING, WITH, LIMIT and OFFSET.")
            }
            guard keyword == "WITH" || seen.insert(keyword).inserted else { throw SOSLSyntaxError("\(keyword) appears twice.") }
            switch keyword {
            case "IN": query.scope = try scope()
            case "RETURNING": query.returning = try returning()
            case "LIMIT": query.limit = try integer(after: "LIMIT")
            case "OFFSET": query.offset = try integer(after: "OFFSET")
            default: try skipClause(keyword)  // WITH SNIPPET, WITH NETWORK, UPDATE TRACKING: accepted, no effect here.
            }
        }
        return query
    }

    private mutating func scope() throws(SOSLSyntaxError) -> SearchScope {
        skipSpace()
        let name = word()?.uppercased() ?? ""
        skipSpace()
        guard let scope = SearchScope(rawValue: name), word()?.uppercased() == "FIELDS" else {
            throw SOSLSyntaxError("IN takes ALL FIELDS, NAME FIELDS, EMAIL FIELDS, PHONE FIELDS or SIDEBAR FIELDS.")
        }
        return scope
    }

    private mutating func returning() throws(SOSLSyntaxError) -> [ReturningObject] {
        var objects: [ReturningObject] = []
        repeat {
            skipSpace()
            guard let object = word(), !object.isEmpty else {
                throw SOSLSyntaxError("RETURNING needs object names: RETURNING Account(Id, Name), Contact.")
            }
            skipSpace()
            var item = ReturningObject(object: object)
            if peek() == "(" {
                item.query = try Self.query(over: object, from: try parenthesized(in: "RETURNING"))
                skipSpace()
            }
            objects.append(item)
        } while consume(",")
        return objects
    }

    /// `Id, Name WHERE ... ORDER BY ... LIMIT n` over `object`, read as SOQL.
    private static func query(over object: String, from inner: String) throws(SOSLSyntaxError) -> SOQLQuery {
        let characters = Array(inner)
        // The field list ends at the first clause keyword outside quotes and parentheses.
        let split =
            firstIndex(in: characters, from: 0) { index, depth in
                depth == 0 && characters[index].isLetter && (index == 0 || !isWordCharacter(characters[index - 1]))
                    && ["WHERE", "ORDER", "LIMIT", "OFFSET", "WITH", "USING"].contains(
                        String(characters[index...].prefix { $0.isLetter }).uppercased())
            } ?? characters.count
        let fields = String(characters[..<split]).trimmingWhitespace()
        let soql = "SELECT \(fields.isEmpty ? "Id" : String(fields)) FROM \(object) \(String(characters[split...]))"
        do {
            return try SOQLQuery(parsing: soql)
        } catch {
            throw SOSLSyntaxError("In RETURNING \(object)(\(inner)): \(error.reason)")
        }
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }

    /// Walks `characters` from `start`, skipping quoted strings (with their backslash escapes)
    /// and tracking parenthesis depth, to the first index where `stop(index, depth)` holds.
    private static func firstIndex(
        in characters: [Character], from start: Int, depth initial: Int = 0,
        where stop: (Int, Int) -> Bool
    ) -> Int? {
        var depth = initial
        var quoted = false
        var index = start
        while index < characters.count {
            let character = characters[index]
            if quoted {
                if character == "\\" { index += 1 } else if character == "'" { quoted = false }
            } else if character == "'" {
                quoted = true
            } else {
                if character == "(" { depth += 1 } else if character == ")" { depth -= 1 }
                if stop(index, depth) { return index }
            }
            index += 1
        }
        return nil
    }

    private mutating func integer(after keyword: String) throws(SOSLSyntaxError) -> Int {
        skipSpace()
        guard let text = word(), let number = Int(text), number >= 0 else {
            throw SOSLSyntaxError("\(keyword) takes a whole number: \(keyword) 20.")
        }
        return number
    }

    private mutating func skipClause(_ keyword: String) throws(SOSLSyntaxError) {
        while true {
            skipSpace()
            guard let character = peek() else { return }
            if character.isLetter {
                let start = index
                if let next = word(), Self.clauseKeywords.contains(next.uppercased()) {
                    index = start
                    return
                }
            } else if character == "(" {
                // An unclosed one is an error: skipping it would read the same "(" forever.
                _ = try parenthesized(in: keyword)
            } else if character == "'" {
                _ = try? delimited(by: "'")
            } else {
                index += 1
            }
        }
    }

    // MARK: - Characters

    private func peek() -> Character? {
        index < characters.count ? characters[index] : nil
    }

    private mutating func consume(_ character: Character) -> Bool {
        skipSpace()
        guard peek() == character else { return false }
        index += 1
        return true
    }

    private mutating func skipSpace() {
        while let character = peek(), character.isWhitespace { index += 1 }
    }

    /// A name or number: letters, digits, `_` and `.`.
    private mutating func word() -> String? {
        let start = index
        while let character = peek(), character.isLetter || character.isNumber || character == "_" || character == "." { index += 1 }
        return index > start ? String(characters[start..<index]) : nil
    }

    /// The text up to the unescaped `end`, escapes kept for the term parser.
    private mutating func delimited(by end: Character) throws(SOSLSyntaxError) -> String {
        index += 1
        let start = index
        while let character = peek() {
            if character == "\\" {
                index += 2
                continue
            }
            if character == end {
                let text = String(characters[start..<index])
                index += 1
                return text
            }
            index += 1
        }
        throw SOSLSyntaxError("The search term is not closed: it needs a \(end).")
    }

    /// The text between balanced parentheses, quotes respected; `clause` names where, for the error.
    private mutating func parenthesized(in clause: String) throws(SOSLSyntaxError) -> String {
        let characters = self.characters
        guard let end = Self.firstIndex(in: characters, from: index + 1, depth: 1, where: { characters[$0] == ")" && $1 == 0 }) else {
            throw SOSLSyntaxError("A parenthesis in \(clause) is not closed.")
        }
        let text = String(characters[(index + 1)..<end])
        index = end + 1
        return text
    }
}

extension StringProtocol {
    /// The text without leading and trailing whitespace.
    func trimmingWhitespace() -> SubSequence {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
        return self[start..<Swift.max(start, end)]
    }
}
