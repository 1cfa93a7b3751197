/// A recursive-descent parser from SOQL tokens to a ``SOQLQuery``, for the whole SELECT grammar
/// of the SOQL and SOSL Reference. Its recursion (conditions, subqueries, nested functions) is
/// bounded by ``nestingLimit``, so no statement exhausts the stack.
struct SOQLParser {
    let tokens: [SOQLToken]
    let source: String
    var index = 0
    /// How deep conditions, subqueries and function calls nest.
    var depth = 0
    static let nestingLimit = 64

    /// Words that end an item or a clause, so they are never read as an alias.
    static let clauseWords: Set<String> = [
        "SELECT", "FROM", "WHERE", "GROUP", "HAVING", "ORDER", "LIMIT", "OFFSET", "WITH", "FOR", "USING", "UPDATE", "AND", "OR",
        "NOT", "ASC", "DESC", "NULLS", "NULL", "FIRST", "LAST", "LIKE", "IN", "INCLUDES", "EXCLUDES", "WHEN", "THEN", "ELSE",
        "END", "ALL",
    ]

    /// SOQL's reserved words, which a field path cannot start with unless qualified by an alias.
    static let reservedWords: Set<String> = [
        "AND", "ASC", "DESC", "EXCLUDES", "FIRST", "FROM", "GROUP", "HAVING", "IN", "INCLUDES", "LAST", "LIKE", "LIMIT", "NOT", "NULL",
        "NULLS", "OR", "SELECT", "WHERE", "WITH",
    ]

    /// Words that cannot name the object after FROM (`Order` and `Group` can: they are objects).
    private static let notObjects: Set<String> = [
        "SELECT", "FROM", "WHERE", "HAVING", "LIMIT", "OFFSET", "WITH", "USING", "AND", "OR", "NOT", "NULL",
    ]

    static func parse(_ source: String) throws(SOQLSyntaxError) -> SOQLQuery {
        var parser = SOQLParser(tokens: try SOQLLexer.tokens(of: source), source: source)
        let query = try parser.parseQuery(nested: nil)
        guard parser.current.kind == .end else { throw parser.unexpected() }
        return query
    }

    init(tokens: [SOQLToken], source: String) {
        self.tokens = tokens
        self.source = source
    }

    // MARK: Tokens

    var current: SOQLToken { tokens[index] }

    /// The token `offset` places ahead, or the end.
    func peek(_ offset: Int) -> SOQLToken { tokens[min(index + offset, tokens.count - 1)] }

    mutating func advance() -> SOQLToken {
        let token = tokens[index]
        if index < tokens.count - 1 { index += 1 }
        return token
    }

    func unexpected(_ token: SOQLToken? = nil) -> SOQLSyntaxError {
        let token = token ?? current
        return SOQLSyntaxError(reason: "unexpected token: \(token.text)", position: token.position, source: source)
    }

    func error(_ reason: String, at position: SOQLPosition) -> SOQLSyntaxError {
        SOQLSyntaxError(reason: reason, position: position, source: source)
    }

    mutating func acceptKeyword(_ word: String) -> Bool {
        guard current.isKeyword(word) else { return false }
        _ = advance()
        return true
    }

    mutating func expectKeyword(_ word: String) throws(SOQLSyntaxError) {
        guard acceptKeyword(word) else { throw unexpected() }
    }

    mutating func acceptSymbol(_ symbol: String) -> Bool {
        guard current.isSymbol(symbol) else { return false }
        _ = advance()
        return true
    }

    mutating func expectSymbol(_ symbol: String) throws(SOQLSyntaxError) {
        guard acceptSymbol(symbol) else { throw unexpected() }
    }

    mutating func identifier() throws(SOQLSyntaxError) -> (String, SOQLPosition) {
        guard case .identifier(let name) = current.kind else { throw unexpected() }
        let position = current.position
        _ = advance()
        return (name, position)
    }

    /// An alias: a name that is not a clause word.
    mutating func acceptAlias() -> String? {
        guard case .identifier(let name) = current.kind, !Self.clauseWords.contains(name.uppercased()) else { return nil }
        _ = advance()
        return name
    }

    /// Counts one level of nesting for the duration of `body`.
    mutating func nested<T>(_ body: (inout SOQLParser) throws(SOQLSyntaxError) -> T) throws(SOQLSyntaxError) -> T {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.nestingLimit else {
            throw error("the statement nests more than \(Self.nestingLimit) deep", at: current.position)
        }
        return try body(&self)
    }

    mutating func parseCount(clause: String) throws(SOQLSyntaxError) -> Int {
        if current.isSymbol(":") { throw bindVariable() }
        guard case .integer(let value) = current.kind else { throw unexpected() }
        guard value >= 0, value <= Int64(Int32.max) else {
            throw error("\(clause) must be a whole number from 0 to \(Int32.max)", at: current.position)
        }
        _ = advance()
        return Int(value)
    }

    /// `:name` is Apex's; the API refuses it with Salesforce's words.
    func bindVariable() -> SOQLSyntaxError {
        error("Bind variables only allowed in Apex code", at: current.position)
    }

    // MARK: Query

    /// Which subquery is being read, if any: a child relationship's, a semi-join's, or a SOSL
    /// RETURNING object's field list (which has no SELECT and FROM).
    enum Nesting {
        case child, semiJoin
    }

    mutating func parseQuery(nested nesting: Nesting?) throws(SOQLSyntaxError) -> SOQLQuery {
        try expectKeyword("SELECT")
        var selection: [SelectItem] = []
        repeat {
            selection.append(try parseSelectItem(allowsSubquery: nesting == nil))
        } while acceptSymbol(",")
        try expectKeyword("FROM")
        var query = SOQLQuery(selection: selection, from: try parseFrom())
        try parseClauses(after: .from, into: &query)
        return query
    }

    private mutating func parseFrom() throws(SOQLSyntaxError) -> FromClause {
        if case .identifier(let name) = current.kind, Self.notObjects.contains(name.uppercased()) { throw unexpected() }
        let (first, position) = try identifier()
        var object = first
        // `FROM Account.Contacts` in a child subquery.
        while acceptSymbol(".") { object += "." + (try identifier().0) }
        var from = FromClause(object: object, position: position)
        from.alias = acceptAlias()
        // `FROM Contact c, c.Account a`: aliases for parent relationships.
        while acceptSymbol(",") {
            let path = try parseFieldPath()
            guard let alias = acceptAlias() else { throw unexpected() }
            from.relationshipAliases.append(RelationshipAlias(path: path, alias: alias))
        }
        return from
    }

    /// Where a statement is in its clauses, so each may appear once and in the grammar's order.
    enum ClauseStage: Int, Comparable {
        case from, scope, condition, filter, grouping, having, ordering, limit, offset, marks, updates, locks

        static func < (lhs: ClauseStage, rhs: ClauseStage) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The clauses after `stage`, each once and in the grammar's order.
    mutating func parseClauses(after stage: ClauseStage, into query: inout SOQLQuery) throws(SOQLSyntaxError) {
        var stage = stage
        func reached(_ next: ClauseStage) -> Bool {
            guard next > stage else { return false }
            stage = next
            return true
        }
        while true {
            if current.isKeyword("USING"), peek(1).isKeyword("SCOPE"), reached(.scope) {
                index += 2
                query.scope = try identifier().0
            } else if current.isKeyword("WHERE"), reached(.condition) {
                _ = advance()
                query.condition = try parseCondition(allowsAggregates: false)
            } else if current.isKeyword("WITH"), reached(.filter) {
                _ = advance()
                query.filter = try parseFilter()
            } else if current.isKeyword("GROUP"), peek(1).isKeyword("BY"), reached(.grouping) {
                index += 2
                query.grouping = try parseGrouping()
            } else if current.isKeyword("HAVING"), reached(.having) {
                guard query.grouping != nil else { throw error("HAVING needs a GROUP BY clause", at: current.position) }
                _ = advance()
                query.having = try parseCondition(allowsAggregates: true)
            } else if current.isKeyword("ORDER"), peek(1).isKeyword("BY"), reached(.ordering) {
                index += 2
                repeat { query.ordering.append(try parseOrderItem()) } while acceptSymbol(",")
            } else if current.isKeyword("LIMIT"), reached(.limit) {
                _ = advance()
                query.limit = try parseCount(clause: "LIMIT")
            } else if current.isKeyword("OFFSET"), reached(.offset) {
                _ = advance()
                query.offset = try parseCount(clause: "OFFSET")
            } else if current.isKeyword("FOR"), peek(1).isKeyword("VIEW") || peek(1).isKeyword("REFERENCE"), reached(.marks) {
                _ = advance()
                repeat {
                    let (word, position) = try identifier()
                    guard let mark = RecordMark(rawValue: word.uppercased()) else { throw error("unexpected token: \(word)", at: position) }
                    query.marks.append(mark)
                } while acceptSymbol(",")
            } else if current.isKeyword("UPDATE"), reached(.updates) {
                _ = advance()
                repeat {
                    let (word, position) = try identifier()
                    guard let update = ArticleUpdate(rawValue: word.uppercased()) else {
                        throw error("unexpected token: \(word)", at: position)
                    }
                    query.updates.append(update)
                } while acceptSymbol(",")
            } else if current.isKeyword("FOR"), peek(1).isKeyword("UPDATE"), reached(.locks) {
                index += 2
                query.locksRecords = true
            } else if current.isKeyword("ALL"), peek(1).isKeyword("ROWS") {
                throw error(
                    "ALL ROWS is only allowed in Apex code; the API's queryAll resource returns deleted records", at: current.position)
            } else {
                return
            }
        }
    }

    private mutating func parseGrouping() throws(SOQLSyntaxError) -> Grouping {
        var kind = Grouping.Kind.plain
        if (current.isKeyword("ROLLUP") || current.isKeyword("CUBE")) && peek(1).isSymbol("(") {
            kind = current.isKeyword("ROLLUP") ? .rollup : .cube
            index += 2
        }
        var items: [ValueExpression] = []
        repeat { items.append(try parseValueExpression()) } while acceptSymbol(",")
        if kind != .plain { try expectSymbol(")") }
        return Grouping(kind, items)
    }

    private mutating func parseOrderItem() throws(SOQLSyntaxError) -> OrderItem {
        var item = OrderItem(expression: try parseValueExpression())
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
}
