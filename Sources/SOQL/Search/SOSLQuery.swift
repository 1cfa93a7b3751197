/// A parsed SOSL statement: `FIND {term} IN scope FIELDS RETURNING Object(fields ...) LIMIT n`.
///
/// ```swift
/// let search = try SOSLQuery(parsing: "FIND {Acme*} IN NAME FIELDS RETURNING Account(Id, Name ORDER BY Name LIMIT 5), Contact")
/// search.scope                      // .name
/// search.returning[0].object        // "Account"
/// search.returning[0].query?.limit  // 5
/// ```
public struct SOSLQuery: Sendable, Equatable {
    /// What to look for.
    public var expression: SearchExpression
    /// Which fields to look in; all text fields when the statement says nothing.
    public var scope: SearchScope
    /// The objects to return and how, in the order written; empty means every searchable object.
    public var returning: [ReturningObject]
    /// The LIMIT over all objects together, if any.
    public var limit: Int?
    /// The OFFSET, if any.
    public var offset: Int?

    /// Parses `text`, or throws the first syntax error.
    public init(parsing text: String) throws(SOSLSyntaxError) {
        self = try SOSLParser.parse(text)
    }

    /// Creates a statement from its parts.
    public init(
        expression: SearchExpression, scope: SearchScope = .all, returning: [ReturningObject] = [], limit: Int? = nil, offset: Int? = nil
    ) {
        self.expression = expression
        self.scope = scope
        self.returning = returning
        self.limit = limit
        self.offset = offset
    }
}

/// The `IN ... FIELDS` clause.
public enum SearchScope: String, Sendable, Equatable, CaseIterable {
    /// `ALL FIELDS`: every text field.
    case all = "ALL"
    /// `NAME FIELDS`: the fields that name a record.
    case name = "NAME"
    /// `EMAIL FIELDS`.
    case email = "EMAIL"
    /// `PHONE FIELDS`.
    case phone = "PHONE"
    /// `SIDEBAR FIELDS`: names, emails and phones.
    case sidebar = "SIDEBAR"
}

/// One object of a RETURNING clause: `Account(Id, Name WHERE Industry = 'Energy' LIMIT 5)`.
public struct ReturningObject: Sendable, Equatable {
    /// The object's API name.
    public var object: String
    /// The parenthesized part as a SOQL statement over the object (`SELECT Id, Name FROM
    /// Account WHERE ...`); nil when the object has no field list, so records carry only Id.
    public var query: SOQLQuery?

    /// Creates an item.
    public init(object: String, query: SOQLQuery? = nil) {
        self.object = object
        self.query = query
    }
}

/// A search term: words with `*` and `?` wildcards, quoted phrases, and AND, OR, AND NOT.
public indirect enum SearchExpression: Sendable, Equatable {
    /// One word, wildcards kept (`acme*`). A word with punctuation (`jane@example.com`) matches
    /// its parts in sequence.
    case word(String)
    /// Words that must appear together, in order: `"grand hotel"`.
    case phrase([String])
    /// Both sides.
    case and(SearchExpression, SearchExpression)
    /// Either side.
    case or(SearchExpression, SearchExpression)
    /// The left side without the right.
    case andNot(SearchExpression, SearchExpression)

    /// Every word and phrase word, for checks such as a term's minimum length.
    public var words: [String] {
        switch self {
        case .word(let word): return [word]
        case .phrase(let words): return words
        case .and(let left, let right), .or(let left, let right), .andNot(let left, let right): return left.words + right.words
        }
    }
}

/// Why a SOSL statement could not be read.
public struct SOSLSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, and how to write it instead.
    public var message: String

    /// Creates an error.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}

extension SearchExpression {
    /// Parses a search term on its own, as `parameterizedSearch` takes it: `acme* AND "grand hotel"`.
    public init(parsing term: String) throws(SOSLSyntaxError) {
        self = try SearchTermParser.parse(term)
    }
}
