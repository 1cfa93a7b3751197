/// A recursive-descent parser from SOQL tokens to a ``SOQLQuery``.
struct SOQLParser {
    private let tokens: [SOQLToken]
    private let source: String
    private var index = 0
    /// How deep conditions nest (parentheses and NOT), bounded so no statement exhausts the stack.
    private var depth = 0
    static let nestingLimit = 64

    /// Words that end a clause, so they are never read as an alias.
    private static let clauseWords: Set<String> = [
        "FROM", "WHERE", "GROUP", "HAVING", "ORDER", "LIMIT", "OFFSET", "WITH", "FOR", "USING", "AND", "OR", "NOT",
    ]

    static func parse(_ source: String) throws(SOQLSyntaxError) -> SOQLQuery {
        var parser = SOQLParser(tokens: try SOQLLexer.tokens(of: source), source: source)
        let query = try parser.parseQuery(isSubquery: false)
        guard parser.current.kind == .end else { throw parser.unexpected() }
        return query
    }

    private init(tokens: [SOQLToken], source: String) {
        self.tokens = tokens
        self.source = source
    }

    // MARK: Tokens

    private var current: SOQLToken { tokens[index] }

    private mutating func advance() -> SOQLToken {
        let token = tokens[index]
        if index < tokens.count - 1 { index += 1 }
        return token
    }

    private func unexpected(_ token: SOQLToken? = nil) -> SOQLSyntaxError {
        let token = token ?? current
        return SOQLSyntaxError(reason: "unexpected token: \(token.text)", position: token.position, source: source)
    }

    private func error(_ reason: String, at position: SOQLPosition) -> SOQLSyntaxError {
        SOQLSyntaxError(reason: reason, position: position, source: source)
    }

    private mutating func acceptKeyword(_ word: String) -> Bool {
        guard current.isKeyword(word) else { return false }
        _ = advance()
        return true
    }

    private mutating func expectKeyword(_ word: String) throws(SOQLSyntaxError) {
        guard acceptKeyword(word) else { throw unexpected() }
    }

    private mutating func acceptSymbol(_ symbol: String) -> Bool {
        guard current.isSymbol(symbol) else { return false }
        _ = advance()
        return true
    }

    private mutating func expectSymbol(_ symbol: String) throws(SOQLSyntaxError) {
        guard acceptSymbol(symbol) else { throw unexpected() }
    }

    private mutating func identifier() throws(SOQLSyntaxError) -> (String, SOQLPosition) {
        guard case .identifier(let name) = current.kind else { throw unexpected() }
        let position = current.position
        _ = advance()
        return (name, position)
    }

    // MARK: Query

    private mutating func parseQuery(isSubquery: Bool) throws(SOQLSyntaxError) -> SOQLQuery {
        try expectKeyword("SELECT")
        var selection: [SelectItem] = []
        repeat {
            selection.append(try parseSelectItem(allowSubquery: !isSubquery))
        } while acceptSymbol(",")
        try expectKeyword("FROM")
        // A clause word is not an object (Salesforce reserves them): `FROM WHERE` is an error.
        if case .identifier(let name) = current.kind, Self.clauseWords.contains(name.uppercased()) { throw unexpected() }
        let (object, objectPosition) = try identifier()
        var query = SOQLQuery(selection: selection, object: object, objectPosition: objectPosition)
        if case .identifier(let name) = current.kind, !Self.clauseWords.contains(name.uppercased()) {
            query.alias = name
            _ = advance()
        }
        if acceptKeyword("WHERE") { query.condition = try parseCondition(allowAggregates: false) }
        if acceptKeyword("GROUP") {
            try expectKeyword("BY")
            repeat { query.grouping.append(try parseFieldPath()) } while acceptSymbol(",")
        }
        if acceptKeyword("HAVING") {
            guard !query.grouping.isEmpty else { throw error("HAVING needs a GROUP BY clause", at: tokens[index - 1].position) }
            query.having = try parseCondition(allowAggregates: true)
        }
        if acceptKeyword("ORDER") {
            try expectKeyword("BY")
            repeat { query.ordering.append(try parseOrderItem()) } while acceptSymbol(",")
        }
        if acceptKeyword("LIMIT") { query.limit = try parseCount(clause: "LIMIT") }
        if acceptKeyword("OFFSET") { query.offset = try parseCount(clause: "OFFSET") }
        return query
    }

    private mutating func parseCount(clause: String) throws(SOQLSyntaxError) -> Int {
        guard case .integer(let value) = current.kind else { throw unexpected() }
        guard value >= 0, value <= Int64(Int32.max) else {
            throw error("\(clause) must be a whole number from 0 to \(Int32.max)", at: current.position)
        }
        _ = advance()
        return Int(value)
    }

    private mutating func parseSelectItem(allowSubquery: Bool) throws(SOQLSyntaxError) -> SelectItem {
        if current.isSymbol("(") {
            guard allowSubquery else { throw unexpected() }
            _ = advance()
            let subquery = try parseQuery(isSubquery: true)
            try expectSymbol(")")
            return .subquery(subquery)
        }
        if case .identifier(let name) = current.kind, tokens[index + 1].isSymbol("(") {
            let start = current
            _ = advance()
            _ = advance()
            if name.uppercased() == "COUNT", acceptSymbol(")") { return .countAll }
            guard let function = AggregateCall.Function(rawValue: name.uppercased()) else {
                throw error("unknown function: \(name)", at: start.position)
            }
            let field = try parseFieldPath()
            try expectSymbol(")")
            var alias: String?
            if case .identifier(let word) = current.kind, !Self.clauseWords.contains(word.uppercased()) {
                alias = word
                _ = advance()
            }
            return .aggregate(AggregateCall(function: function, field: field), alias: alias)
        }
        return .field(try parseFieldPath())
    }

    private mutating func parseFieldPath() throws(SOQLSyntaxError) -> FieldPath {
        let (first, position) = try identifier()
        var components = [first]
        while acceptSymbol(".") { components.append(try identifier().0) }
        return FieldPath(components, position: position)
    }

    private mutating func parseValueExpression(allowAggregates: Bool) throws(SOQLSyntaxError) -> ValueExpression {
        if allowAggregates, case .identifier(let name) = current.kind, tokens[index + 1].isSymbol("("),
            let function = AggregateCall.Function(rawValue: name.uppercased())
        {
            _ = advance()
            _ = advance()
            let field = try parseFieldPath()
            try expectSymbol(")")
            return .aggregate(AggregateCall(function: function, field: field))
        }
        return .field(try parseFieldPath())
    }

    private mutating func parseOrderItem() throws(SOQLSyntaxError) -> OrderItem {
        var item = OrderItem(expression: try parseValueExpression(allowAggregates: true))
        if acceptKeyword("DESC") {
            item.descending = true
        } else {
            _ = acceptKeyword("ASC")
        }
        if acceptKeyword("NULLS") {
            if acceptKeyword("FIRST") {
                item.nullsFirst = true
            } else {
                try expectKeyword("LAST")
                item.nullsFirst = false
            }
        }
        return item
    }

    // MARK: Conditions

    /// SOQL does not rank AND above OR: mixing them without parentheses is an error.
    private mutating func parseCondition(allowAggregates: Bool) throws(SOQLSyntaxError) -> Condition {
        let first = try parseUnary(allowAggregates: allowAggregates)
        guard current.isKeyword("AND") || current.isKeyword("OR") else { return first }
        let connective = current.isKeyword("AND") ? "AND" : "OR"
        var parts = [first]
        while acceptKeyword(connective) {
            parts.append(try parseUnary(allowAggregates: allowAggregates))
        }
        if current.isKeyword("AND") || current.isKeyword("OR") { throw unexpected() }
        return connective == "AND" ? .and(parts) : .or(parts)
    }

    private mutating func parseUnary(allowAggregates: Bool) throws(SOQLSyntaxError) -> Condition {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.nestingLimit else {
            throw SOQLSyntaxError(reason: "conditions nest more than \(Self.nestingLimit) deep", position: current.position, source: source)
        }
        if acceptKeyword("NOT") { return .not(try parseUnary(allowAggregates: allowAggregates)) }
        if acceptSymbol("(") {
            let inner = try parseCondition(allowAggregates: allowAggregates)
            try expectSymbol(")")
            return inner
        }
        return try parseSimpleCondition(allowAggregates: allowAggregates)
    }

    private mutating func parseSimpleCondition(allowAggregates: Bool) throws(SOQLSyntaxError) -> Condition {
        let subject = try parseValueExpression(allowAggregates: allowAggregates)
        if acceptKeyword("LIKE") {
            guard case .string(_, let pattern) = current.kind else { throw unexpected() }
            _ = advance()
            return .like(subject, pattern: pattern)
        }
        var negated = false
        if current.isKeyword("NOT"), tokens[index + 1].isKeyword("IN") {
            _ = advance()
            negated = true
        }
        if acceptKeyword("IN") {
            try expectSymbol("(")
            if current.isKeyword("SELECT") {
                let subquery = try parseQuery(isSubquery: true)
                try expectSymbol(")")
                return .inSubquery(subject, subquery, negated: negated)
            }
            var values: [SOQLLiteral] = []
            repeat { values.append(try parseLiteral()) } while acceptSymbol(",")
            try expectSymbol(")")
            return .isIn(subject, values, negated: negated)
        }
        guard case .symbol(let symbol) = current.kind, let comparison = ComparisonOperator(rawValue: symbol) else {
            throw unexpected()
        }
        _ = advance()
        return .comparison(subject, comparison, try parseLiteral())
    }

    private mutating func parseLiteral() throws(SOQLSyntaxError) -> SOQLLiteral {
        let token = advance()
        switch token.kind {
        case .string(let value, _): return .string(value)
        case .integer(let value): return .integer(value)
        case .decimal(let text): return .decimal(text)
        case .date(let text):
            guard let date = CivilDate(parsing: text) else { throw unexpected(token) }
            return .date(date)
        case .dateTime(let text):
            guard let instant = SOQLDateTime(parsing: text) else { throw unexpected(token) }
            return .dateTime(instant)
        case .identifier(let name):
            switch name.uppercased() {
            case "NULL": return .null
            case "TRUE": return .boolean(true)
            case "FALSE": return .boolean(false)
            default: break
            }
            var number: Int?
            if DateLiteral.takesNumber(name) {
                guard acceptSymbol(":") else {
                    throw error("\(name.uppercased()) needs a number: \(name.uppercased()):n", at: token.position)
                }
                guard case .integer(let value) = current.kind, value >= 0, value <= Int64(Int32.max) else { throw unexpected() }
                _ = advance()
                number = Int(value)
            }
            guard let literal = DateLiteral(name: name, number: number) else { throw unexpected(token) }
            return .dateLiteral(literal)
        default:
            throw unexpected(token)
        }
    }
}
