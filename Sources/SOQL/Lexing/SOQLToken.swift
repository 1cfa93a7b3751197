/// One lexical token of a SOQL statement, with where it starts.
struct SOQLToken: Sendable, Equatable {
    /// What the token is.
    enum Kind: Sendable, Equatable {
        /// A name: a keyword, an object, a field, a function or an alias.
        case identifier(String)
        /// A quoted string. `likePattern` keeps `\%`, `\_` and `\\` escaped for a LIKE pattern.
        case string(value: String, likePattern: String)
        /// An integer literal.
        case integer(Int64)
        /// A decimal literal, kept as written so no precision is lost before it is used.
        case decimal(String)
        /// A date literal `YYYY-MM-DD`.
        case date(String)
        /// A date-time literal `YYYY-MM-DDThh:mm:ss[.sss](Z|±hh:mm|±hhmm)`.
        case dateTime(String)
        /// Punctuation or an operator: `,` `.` `(` `)` `:` `=` `!=` `<>` `<` `<=` `>` `>=`.
        case symbol(String)
        /// The end of the statement.
        case end
    }

    /// What the token is.
    var kind: Kind
    /// Where the token starts.
    var position: SOQLPosition
    /// The token's text as written, for error messages.
    var text: String

    /// Whether the token is the keyword `word` (case-insensitive).
    func isKeyword(_ word: String) -> Bool {
        if case .identifier(let name) = kind { return name.uppercased() == word }
        return false
    }

    /// Whether the token is the symbol `symbol`.
    func isSymbol(_ symbol: String) -> Bool {
        kind == .symbol(symbol)
    }
}

/// A place in a SOQL statement: 1-based row and column, as Salesforce reports them.
public struct SOQLPosition: Sendable, Hashable, CustomStringConvertible {
    /// The 1-based line.
    public var row: Int
    /// The 1-based column, counted in characters.
    public var column: Int

    /// Creates a position.
    public init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }

    /// `Row:1:Column:11`, the form of Salesforce's MALFORMED_QUERY messages.
    public var description: String { "Row:\(row):Column:\(column)" }
}
