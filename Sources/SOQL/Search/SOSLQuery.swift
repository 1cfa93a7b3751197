/// A parsed SOSL statement: `FIND {term} IN scope FIELDS RETURNING Object(fields …) WITH … LIMIT n`.
///
/// ```swift
/// let search = try SOSLQuery(parsing: "FIND {Acme*} IN NAME FIELDS RETURNING Account(Id, Name ORDER BY Name LIMIT 5), Contact")
/// search.scope                      // .name
/// search.returning[0].object        // "Account"
/// search.returning[0].query?.limit  // 5
/// ```
public struct SOSLQuery: Sendable, Equatable, CustomStringConvertible {
    /// The term between the braces, as written (escapes kept).
    public var term: String
    /// What to look for: the term, parsed.
    public var expression: SearchExpression
    /// Which fields to look in; all text fields when the statement says nothing.
    public var scope: SearchScope
    /// The objects to return and how, in the order written; empty means every searchable object.
    public var returning: [ReturningObject]
    /// The WITH clauses, in the order written.
    public var options: [SearchOption]
    /// The LIMIT over all objects together, if any.
    public var limit: Int?
    /// The OFFSET, if any.
    public var offset: Int?
    /// `UPDATE TRACKING`, `UPDATE VIEWSTAT`.
    public var updates: [ArticleUpdate]

    /// Parses `text`, or throws the first syntax error.
    public init(parsing text: String) throws(SOSLSyntaxError) {
        self = try SOSLParser.parse(text)
    }

    /// Creates a statement from its parts; `term` is the search term as it goes between braces.
    public init(
        term: String, scope: SearchScope = .all, returning: [ReturningObject] = [], options: [SearchOption] = [], limit: Int? = nil,
        offset: Int? = nil, updates: [ArticleUpdate] = []
    ) throws(SOSLSyntaxError) {
        self.term = term
        self.expression = try SearchExpression(parsing: term)
        self.scope = scope
        self.returning = returning
        self.options = options
        self.limit = limit
        self.offset = offset
        self.updates = updates
    }

    /// The statement in SOSL form. It parses to a statement equal to this one.
    public var description: String { SOSLPrinter.text(of: self) }
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

/// One object of a RETURNING clause: `Account(Id, Name WHERE Industry = 'Energy' ORDER BY Name LIMIT 5)`.
public struct ReturningObject: Sendable, Equatable {
    /// The object's API name.
    public var object: String
    /// The parenthesized part as a SOQL statement over the object (`SELECT Id, Name FROM
    /// Account WHERE ...`); nil when the object has no field list, so records carry only Id.
    public var query: SOQLQuery?
    /// `USING ListView = name`: only records of that list view.
    public var listView: String?

    /// Creates an item.
    public init(object: String, query: SOQLQuery? = nil, listView: String? = nil) {
        self.object = object
        self.query = query
        self.listView = listView
    }
}

/// A SOSL `WITH` clause.
public enum SearchOption: Sendable, Equatable {
    /// `WITH DIVISION = 'Global'`.
    case division(String)
    /// `WITH DATA CATEGORY Geography__c AT usa__c`.
    case dataCategory([DataCategoryFilter])
    /// `WITH NETWORK = '0DB…'` or `WITH NETWORK IN ('0DB…', …)`: search in these communities.
    case network([String])
    /// `WITH SNIPPET` or `WITH SNIPPET (target_length=120)`: article snippets.
    case snippet(targetLength: Int?)
    /// `WITH HIGHLIGHT`: matched terms highlighted.
    case highlight
    /// `WITH SPELL_CORRECTION = true|false`.
    case spellCorrection(Bool)
    /// `WITH METADATA = 'LABELS'`: the result carries field labels.
    case metadata(String)
    /// `WITH PricebookId = '01s…'`: product prices from this price book.
    case pricebook(String)
    /// `WITH SECURITY_ENFORCED`.
    case securityEnforced
    /// `WITH USER_MODE` (Apex).
    case userMode
    /// `WITH SYSTEM_MODE` (Apex).
    case systemMode
}

/// A search term: words with `*` and `?` wildcards, quoted phrases, and AND, OR, AND NOT.
///
/// Chains are lists (`a OR b OR c` is one `.or` of three), so a term's tree is only as deep as
/// its parentheses nest, whatever its length.
public indirect enum SearchExpression: Sendable, Equatable {
    /// One word, wildcards kept (`acme*`). A word with punctuation (`jane@example.com`) matches
    /// its parts in sequence.
    case word(String)
    /// Words that must appear together, in order: `"grand hotel"`.
    case phrase([String])
    /// All of the parts: `a AND b`, or words side by side.
    case and([SearchExpression])
    /// Any of the parts.
    case or([SearchExpression])
    /// Not the part: only inside an AND, as `a AND NOT b` writes it.
    case not(SearchExpression)

    /// Every word and phrase word, for checks such as a term's minimum length.
    public var words: [String] {
        var words: [String] = []
        var pending: [SearchExpression] = [self]
        while let next = pending.popLast() {
            switch next {
            case .word(let word): words.append(word)
            case .phrase(let phrase): words += phrase.reversed()
            case .and(let parts), .or(let parts): pending += parts
            case .not(let part): pending.append(part)
            }
        }
        return words.reversed()
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
