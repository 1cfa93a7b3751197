/// The top-level clauses of a SOQL statement, each as written.
///
/// For tools that rewrite a query rather than run it: Mobile Sync adds fields to the SELECT, a
/// predicate around the WHERE and an ORDER BY, and keeps everything else exactly as the user
/// wrote it (literals, functions, subqueries) instead of printing it back from a syntax tree.
///
/// ```swift
/// let clauses = try SOQLClauses(parsing: "SELECT Name FROM Account WHERE Type = 'A' OR Rating = 'Hot' LIMIT 10")
/// clauses.condition  // "Type = 'A' OR Rating = 'Hot'"
/// clauses.limit      // "10"
/// ```
public struct SOQLClauses: Sendable, Equatable {
    /// The statement, parsed.
    public var query: SOQLQuery
    /// The text between SELECT and FROM.
    public var selectList: String
    /// The text after FROM: the object and its alias, if any.
    public var from: String
    /// The WHERE condition, without the keyword.
    public var condition: String?
    /// WITH, GROUP BY and HAVING as written, keywords included, when there are any.
    public var grouping: String?
    /// The ORDER BY items, without the keywords.
    public var orderBy: String?
    /// The LIMIT value.
    public var limit: String?
    /// The OFFSET value.
    public var offset: String?
    /// FOR VIEW, FOR REFERENCE or FOR UPDATE, as written.
    public var forClause: String?

    /// Splits `text`, which must be a valid statement.
    /// - Throws: The statement's first syntax error.
    public init(parsing text: String) throws(SOQLSyntaxError) {
        query = try SOQLQuery(parsing: text)
        let characters = Array(text)
        let tokens = try SOQLLexer.tokens(of: text)
        let offsets = CharacterOffsets(characters)
        // The keywords that start each clause: at depth 0 (outside subqueries), not part of a
        // dotted field path (`FOR.Name` is a field), in the grammar's order (a clause keyword
        // before FROM is a name in the select list), and followed by what the clause needs.
        var starts: [(keyword: String, token: Int)] = []
        var depth = 0
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            if token.isSymbol("(") { depth += 1 }
            if token.isSymbol(")") { depth -= 1 }
            let previous = index > 0 ? tokens[index - 1] : nil
            let next = index + 1 < tokens.count ? tokens[index + 1] : token
            if depth == 0, case .identifier(let name) = token.kind, previous?.isSymbol(".") != true, !next.isSymbol(".") {
                let word = name.uppercased()
                let rank = Self.clauseOrder.firstIndex(of: word)
                let lastRank = starts.last.flatMap { Self.clauseOrder.firstIndex(of: $0.keyword) } ?? -1
                let fits: Bool
                switch word {
                case "SELECT": fits = starts.isEmpty
                case "GROUP", "ORDER": fits = next.isKeyword("BY")
                case "FOR": fits = next.isKeyword("VIEW") || next.isKeyword("REFERENCE") || next.isKeyword("UPDATE")
                default: fits = true
                }
                if let rank, rank > lastRank, fits, starts.contains(where: { $0.keyword == "FROM" }) || word == "FROM" || word == "SELECT" {
                    starts.append((word, index))
                }
            }
            index += 1
        }
        func clauseText(of clause: String, droppingKeywords count: Int) -> String? {
            guard let position = starts.firstIndex(where: { $0.keyword == clause }) else { return nil }
            let first = starts[position].token + count
            let endToken = position + 1 < starts.count ? tokens[starts[position + 1].token] : tokens[tokens.count - 1]
            let from = offsets.offset(of: tokens[first].position)
            let to = endToken.kind == .end ? characters.count : offsets.offset(of: endToken.position)
            guard from <= to else { return "" }
            return String(characters[from..<to]).trimmingWhitespace()
        }
        func span(from firstClause: String, through lastClauses: [String]) -> String? {
            guard let start = starts.firstIndex(where: { $0.keyword == firstClause || lastClauses.contains($0.keyword) }) else {
                return nil
            }
            var end = start
            while end + 1 < starts.count, [firstClause] + lastClauses ~= starts[end + 1].keyword { end += 1 }
            let from = offsets.offset(of: tokens[starts[start].token].position)
            let endToken = end + 1 < starts.count ? tokens[starts[end + 1].token] : tokens[tokens.count - 1]
            let to = endToken.kind == .end ? characters.count : offsets.offset(of: endToken.position)
            return String(characters[from..<to]).trimmingWhitespace()
        }
        selectList = clauseText(of: "SELECT", droppingKeywords: 1) ?? ""
        from = clauseText(of: "FROM", droppingKeywords: 1) ?? ""
        condition = clauseText(of: "WHERE", droppingKeywords: 1)
        grouping = span(from: "WITH", through: ["GROUP", "HAVING"])
        orderBy = clauseText(of: "ORDER", droppingKeywords: 2)
        limit = clauseText(of: "LIMIT", droppingKeywords: 1)
        offset = clauseText(of: "OFFSET", droppingKeywords: 1)
        forClause = clauseText(of: "FOR", droppingKeywords: 0)
    }
}

extension SOQLClauses {
    /// The clauses' keywords in the order the grammar puts them.
    fileprivate static let clauseOrder = ["SELECT", "FROM", "WHERE", "WITH", "GROUP", "HAVING", "ORDER", "LIMIT", "OFFSET", "FOR"]
}

/// Whether `keyword` is one of `keywords`, for matching clause names.
private func ~= (keywords: [String], keyword: String) -> Bool { keywords.contains(keyword) }

/// Maps a token's row and column to its offset among the statement's characters.
private struct CharacterOffsets {
    private var lineStarts: [Int] = [0]

    init(_ characters: [Character]) {
        for (offset, character) in characters.enumerated() where character == "\n" { lineStarts.append(offset + 1) }
    }

    func offset(of position: SOQLPosition) -> Int {
        let line = min(max(position.row - 1, 0), lineStarts.count - 1)
        return lineStarts[line] + max(position.column - 1, 0)
    }
}

extension String {
    fileprivate func trimmingWhitespace() -> String {
        var text = Substring(self)
        while let first = text.first, first.isWhitespace { text.removeFirst() }
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return String(text)
    }
}
