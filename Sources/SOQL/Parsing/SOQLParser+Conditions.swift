extension SOQLParser {
    /// SOQL does not rank AND above OR: mixing them without parentheses is an error.
    mutating func parseCondition(allowsAggregates: Bool) throws(SOQLSyntaxError) -> Condition {
        let first = try parseUnary(allowsAggregates: allowsAggregates)
        guard current.isKeyword("AND") || current.isKeyword("OR") else { return first }
        let connective = current.isKeyword("AND") ? "AND" : "OR"
        var parts = [first]
        while acceptKeyword(connective) {
            parts.append(try parseUnary(allowsAggregates: allowsAggregates))
        }
        if current.isKeyword("AND") || current.isKeyword("OR") { throw unexpected() }
        return connective == "AND" ? .and(parts) : .or(parts)
    }

    private mutating func parseUnary(allowsAggregates: Bool) throws(SOQLSyntaxError) -> Condition {
        try nested { parser throws(SOQLSyntaxError) -> Condition in
            if parser.acceptKeyword("NOT") { return .not(try parser.parseUnary(allowsAggregates: allowsAggregates)) }
            if parser.acceptSymbol("(") {
                let inner = try parser.parseCondition(allowsAggregates: allowsAggregates)
                try parser.expectSymbol(")")
                return inner
            }
            return try parser.parseSimpleCondition(allowsAggregates: allowsAggregates)
        }
    }

    private mutating func parseSimpleCondition(allowsAggregates: Bool) throws(SOQLSyntaxError) -> Condition {
        let subject = try parseValueExpression()
        if !allowsAggregates, subject.containsAggregate {
            throw error("Aggregate functions are allowed only in SELECT, HAVING and ORDER BY", at: subject.position)
        }
        if acceptKeyword("LIKE") {
            if current.isSymbol(":") { throw bindVariable() }
            guard case .string(_, let pattern) = current.kind else { throw unexpected() }
            _ = advance()
            return .like(subject, pattern: pattern)
        }
        if current.isKeyword("INCLUDES") || current.isKeyword("EXCLUDES") {
            let excludes = advance().isKeyword("EXCLUDES")
            if current.isSymbol(":") { throw bindVariable() }
            try expectSymbol("(")
            var values: [String] = []
            repeat {
                guard case .string(let value, _) = current.kind else { throw unexpected() }
                _ = advance()
                values.append(value)
            } while acceptSymbol(",")
            try expectSymbol(")")
            return .includes(subject, values, excludes: excludes)
        }
        var negated = false
        if current.isKeyword("NOT"), peek(1).isKeyword("IN") {
            _ = advance()
            negated = true
        }
        if acceptKeyword("IN") {
            if current.isSymbol(":") { throw bindVariable() }
            try expectSymbol("(")
            if current.isKeyword("SELECT") {
                let subquery = try nested { parser throws(SOQLSyntaxError) in try parser.parseQuery(nested: .semiJoin) }
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

    /// A literal: null, a boolean, a number, a string, a date, a date-time, a relative date
    /// literal (`LAST_N_DAYS:30`) or a currency amount (`USD5000`).
    mutating func parseLiteral() throws(SOQLSyntaxError) -> SOQLLiteral {
        if current.isSymbol(":") { throw bindVariable() }
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
            if let currency = Self.currencyLiteral(name) { return currency }
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

    /// `USD5000` or `EUR1200.50`: an ISO currency code and an amount, which the lexer reads as one name.
    private static func currencyLiteral(_ name: String) -> SOQLLiteral? {
        let characters = Array(name)
        guard characters.count > 3, characters[..<3].allSatisfy({ $0.isASCII && $0.isLetter }),
            let first = characters.dropFirst(3).first, first.isASCIIDigit
        else { return nil }
        let amount = characters.dropFirst(3)
        let dots = amount.filter { $0 == "." }.count
        guard dots <= 1, amount.allSatisfy({ $0.isASCIIDigit || $0 == "." }), amount.last != "." else { return nil }
        return .currency(code: String(characters[..<3]).uppercased(), amount: String(amount))
    }
}
