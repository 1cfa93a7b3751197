/// Reads a SOSL statement. The term between braces goes to ``SearchTermParser``; the rest is
/// read from SOQL's tokens, each RETURNING object's field list and clauses as SOQL over that
/// object. Clauses may come in any order, each once (WITH as often as needed).
struct SOSLParser {
    private var parser: SOQLParser

    static func parse(_ text: String) throws(SOSLSyntaxError) -> SOSLQuery {
        // Scalars, as Salesforce reads the statement: a `}` a combining mark follows still closes the term.
        let characters = Array(text.unicodeScalars)
        var index = 0
        while index < characters.count, characters[index].properties.isWhitespace { index += 1 }
        let wordStart = index
        // The first word as a name reads it (letters, digits, `_`, `.`), so `FIND_x` is not FIND.
        while index < characters.count, characters[index].continuesIdentifier || characters[index] == "." {
            index += 1
        }
        guard String(String.UnicodeScalarView(characters[wordStart..<index])).uppercased() == "FIND" else {
            throw SOSLSyntaxError("A search starts with FIND and a term in braces: FIND {Acme} RETURNING Account(Id, Name).")
        }
        while index < characters.count, characters[index].properties.isWhitespace { index += 1 }
        guard index < characters.count, characters[index] == "{" || characters[index] == "'" else {
            throw SOSLSyntaxError("No search term found. The search term must be enclosed in braces: FIND {Acme}.")
        }
        let close: Unicode.Scalar = characters[index] == "{" ? "}" : "'"
        let termStart = index + 1
        index = termStart
        while index < characters.count, characters[index] != close {
            index += characters[index] == "\\" ? 2 : 1
        }
        guard index < characters.count else { throw SOSLSyntaxError("The search term is not closed: it needs a \(close).") }
        var term = String(String.UnicodeScalarView(characters[termStart..<index]))
        // Quotes (Apex's form) let `}` stand bare; the term is kept as braces would carry it.
        if close == "'" { term = bracedTerm(characters[termStart..<index]) }
        // The clauses are lexed as SOQL with FIND and the term blanked out, so that positions
        // in errors count from the statement's start.
        var masked = characters
        for position in wordStart...index where masked[position] != "\n" { masked[position] = " " }
        let tokens: [SOQLToken]
        do {
            tokens = try SOQLLexer.tokens(of: String(String.UnicodeScalarView(masked)))
        } catch {
            throw SOSLSyntaxError(error.description)
        }
        var statement = SOSLParser(parser: SOQLParser(tokens: tokens, source: text))
        return try statement.clauses(term: term)
    }

    /// A quoted term's text as it goes between braces: a bare `}` gains its backslash.
    private static func bracedTerm(_ characters: ArraySlice<Unicode.Scalar>) -> String {
        var term = String.UnicodeScalarView()
        var escaped = false
        for character in characters {
            if character == "}" && !escaped { term.append("\\") }
            term.append(character)
            escaped = !escaped && character == "\\"
        }
        return String(term)
    }

    private mutating func clauses(term: String) throws(SOSLSyntaxError) -> SOSLQuery {
        var query = try SOSLQuery(term: term)
        var seen: Set<String> = []
        while parser.current.kind != .end {
            let token = parser.current
            guard case .identifier(let name) = token.kind,
                ["IN", "RETURNING", "WITH", "LIMIT", "OFFSET", "UPDATE"].contains(name.uppercased())
            else {
                throw SOSLSyntaxError(
                    "unexpected token: \(token.text) at \(token.position); after the term come IN … FIELDS, RETURNING, WITH, LIMIT, OFFSET and UPDATE."
                )
            }
            let keyword = name.uppercased()
            guard keyword == "WITH" || seen.insert(keyword).inserted else { throw SOSLSyntaxError("\(keyword) appears twice.") }
            _ = parser.advance()
            do throws(SOQLSyntaxError) {
                switch keyword {
                case "IN": query.scope = try scope()
                case "RETURNING": query.returning = try returning()
                case "WITH": query.options.append(try option())
                case "LIMIT": query.limit = try parser.parseCount(clause: "LIMIT")
                case "OFFSET": query.offset = try parser.parseCount(clause: "OFFSET")
                default:
                    repeat {
                        let (word, position) = try parser.identifier()
                        guard let update = ArticleUpdate(rawValue: word.uppercased()) else {
                            throw parser.error("UPDATE takes TRACKING or VIEWSTAT", at: position)
                        }
                        query.updates.append(update)
                    } while parser.acceptSymbol(",")
                }
            } catch {
                throw SOSLSyntaxError(error.description)
            }
        }
        return query
    }

    private mutating func scope() throws(SOQLSyntaxError) -> SearchScope {
        guard case .identifier(let name) = parser.current.kind, let scope = SearchScope(rawValue: name.uppercased()),
            parser.peek(1).isKeyword("FIELDS")
        else {
            throw parser.error(
                "IN takes ALL FIELDS, NAME FIELDS, EMAIL FIELDS, PHONE FIELDS or SIDEBAR FIELDS", at: parser.current.position)
        }
        parser.index += 2
        return scope
    }

    /// `Account(Id, Name WHERE … USING ListView = Recent ORDER BY … LIMIT n OFFSET n), Contact`.
    private mutating func returning() throws(SOQLSyntaxError) -> [ReturningObject] {
        var objects: [ReturningObject] = []
        repeat {
            let (object, position) = try parser.identifier()
            var item = ReturningObject(object: object)
            if parser.acceptSymbol("(") {
                var selection: [SelectItem] = []
                repeat { selection.append(try parser.parseSelectItem(allowsSubquery: false)) } while parser.acceptSymbol(",")
                var query = SOQLQuery(selection: selection, from: FromClause(object: object, position: position))
                if parser.acceptKeyword("WHERE") { query.condition = try parser.parseCondition(allowsAggregates: false) }
                if parser.current.isKeyword("USING"), parser.peek(1).isKeyword("LISTVIEW") {
                    parser.index += 2
                    try parser.expectSymbol("=")
                    item.listView = try parser.identifier().0
                }
                try parser.parseClauses(after: .having, into: &query)
                guard query.marks.isEmpty, query.updates.isEmpty, !query.locksRecords else {
                    throw parser.error("a RETURNING object takes WHERE, USING ListView, ORDER BY, LIMIT and OFFSET", at: position)
                }
                try parser.expectSymbol(")")
                item.query = query
            }
            objects.append(item)
        } while parser.acceptSymbol(",")
        return objects
    }

    private mutating func option() throws(SOQLSyntaxError) -> SearchOption {
        let (name, position) = try parser.identifier()
        switch name.uppercased() {
        case "DIVISION":
            try parser.expectSymbol("=")
            return .division(try string())
        case "DATA":
            try parser.expectKeyword("CATEGORY")
            return .dataCategory(try parser.parseDataCategories())
        case "NETWORK":
            if parser.acceptKeyword("IN") {
                try parser.expectSymbol("(")
                var ids: [String] = []
                repeat { ids.append(try string()) } while parser.acceptSymbol(",")
                try parser.expectSymbol(")")
                return .network(ids)
            }
            try parser.expectSymbol("=")
            return .network([try string()])
        case "SNIPPET":
            guard parser.acceptSymbol("(") else { return .snippet(targetLength: nil) }
            let parameters = try parser.parseParameters()
            guard parameters.count == 1, parameters[0].name.lowercased() == "target_length",
                case .integer(let length) = parameters[0].value,
                length > 0, length <= Int64(Int32.max)
            else {
                throw parser.error("SNIPPET takes (target_length=n), n a positive whole number", at: position)
            }
            return .snippet(targetLength: Int(length))
        case "HIGHLIGHT":
            return .highlight
        case "SPELL_CORRECTION":
            try parser.expectSymbol("=")
            guard case .boolean(let enabled) = try parser.parseLiteral() else {
                throw parser.error("SPELL_CORRECTION takes true or false", at: position)
            }
            return .spellCorrection(enabled)
        case "METADATA":
            try parser.expectSymbol("=")
            return .metadata(try string())
        case "PRICEBOOKID":
            try parser.expectSymbol("=")
            return .pricebook(try string())
        case "SECURITY_ENFORCED": return .securityEnforced
        case "USER_MODE": return .userMode
        case "SYSTEM_MODE": return .systemMode
        default:
            throw parser.error(
                "unexpected token: \(name); WITH takes DIVISION, DATA CATEGORY, NETWORK, SNIPPET, HIGHLIGHT, SPELL_CORRECTION, METADATA, PricebookId, SECURITY_ENFORCED, USER_MODE or SYSTEM_MODE",
                at: position)
        }
    }

    private mutating func string() throws(SOQLSyntaxError) -> String {
        if parser.current.isSymbol(":") { throw parser.bindVariable() }
        guard case .string(let value, _) = parser.current.kind else { throw parser.unexpected() }
        _ = parser.advance()
        return value
    }
}
