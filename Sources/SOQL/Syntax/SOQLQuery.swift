/// A parsed SOQL statement: every clause of the SOQL and SOSL Reference's SELECT syntax.
///
/// ```swift
/// let query = try SOQLQuery(parsing: "SELECT Name, (SELECT LastName FROM Contacts) FROM Account WHERE Industry = 'Energy' LIMIT 10")
/// query.object          // "Account"
/// query.limit           // 10
/// query.description     // the statement again, as SOQL
/// ```
///
/// A tree prints back to SOQL that parses to the same tree (``description``), so a tool can
/// change one clause and keep every other as the user wrote it.
public struct SOQLQuery: Sendable, Equatable, CustomStringConvertible {
    /// The selected fields, functions, child subqueries, TYPEOF items and FIELDS() groups, in
    /// the order written.
    public var selection: [SelectItem]
    /// The FROM clause.
    public var from: FromClause
    /// The `USING SCOPE` value as written (`mine`, `everything`, `team`), if any.
    public var scope: String?
    /// The WHERE condition, if any.
    public var condition: Condition?
    /// The WITH clause, if any.
    public var filter: QueryFilter?
    /// The GROUP BY clause, if any.
    public var grouping: Grouping?
    /// The HAVING condition, if any; it may use aggregates.
    public var having: Condition?
    /// The ORDER BY items.
    public var ordering: [OrderItem]
    /// The LIMIT, if any.
    public var limit: Int?
    /// The OFFSET, if any.
    public var offset: Int?
    /// `FOR VIEW`, `FOR REFERENCE`: what the query marks the returned records as.
    public var marks: [RecordMark]
    /// `UPDATE TRACKING`, `UPDATE VIEWSTAT`: what the query records about Knowledge articles.
    public var updates: [ArticleUpdate]
    /// `FOR UPDATE`: lock the records (Apex).
    public var locksRecords: Bool

    /// Parses `text`, or throws the first syntax error with its position.
    public init(parsing text: String) throws(SOQLSyntaxError) {
        self = try SOQLParser.parse(text)
    }

    /// Creates a query from its parts.
    public init(
        selection: [SelectItem], from: FromClause, scope: String? = nil, condition: Condition? = nil, filter: QueryFilter? = nil,
        grouping: Grouping? = nil, having: Condition? = nil, ordering: [OrderItem] = [], limit: Int? = nil, offset: Int? = nil,
        marks: [RecordMark] = [], updates: [ArticleUpdate] = [], locksRecords: Bool = false
    ) {
        self.selection = selection
        self.from = from
        self.scope = scope
        self.condition = condition
        self.filter = filter
        self.grouping = grouping
        self.having = having
        self.ordering = ordering
        self.limit = limit
        self.offset = offset
        self.marks = marks
        self.updates = updates
        self.locksRecords = locksRecords
    }

    /// Creates a query of `object`'s records.
    public init(selection: [SelectItem], object: String, alias: String? = nil, condition: Condition? = nil) {
        self.init(selection: selection, from: FromClause(object: object, alias: alias), condition: condition)
    }

    /// The object queried: `Account`, or a child relationship name (`Contacts`) in a subquery.
    public var object: String {
        get { from.object }
        set { from.object = newValue }
    }

    /// The alias after the object (`FROM Contact c`), if any.
    public var alias: String? {
        get { from.alias }
        set { from.alias = newValue }
    }

    /// Where the FROM object name is, for errors that name it.
    public var objectPosition: SOQLPosition { from.position }

    /// Whether the statement is `SELECT COUNT() FROM ...`, which answers with a count only.
    public var isCountOnly: Bool {
        guard selection.count == 1, case .expression(.function(let call), _) = selection[0] else { return false }
        return call.function == .count && call.arguments.isEmpty
    }

    /// Whether any selected item aggregates, so rows are `AggregateResult`s.
    public var isAggregate: Bool {
        selection.contains { item in
            if case .expression(let expression, _) = item { return expression.containsAggregate }
            return false
        }
    }

    /// The statement in SOQL form: the clauses in the grammar's order, strings escaped, nested
    /// AND and OR parenthesized. It parses to a tree equal to this one.
    public var description: String { SOQLPrinter.text(of: self) }
}

/// `FROM Contact c, c.Account a`: the object, its alias, and aliases for parent relationships.
public struct FromClause: Sendable, Equatable {
    /// The object: `Account`, or a child relationship (`Contacts`, `Account.Contacts`) in a subquery.
    public var object: String
    /// The object's alias, if any.
    public var alias: String?
    /// Aliases of relationship paths after the object: `c.Account a`.
    public var relationshipAliases: [RelationshipAlias]
    /// Where the object name is.
    public var position: SOQLPosition

    /// Creates a FROM clause.
    public init(
        object: String, alias: String? = nil, relationshipAliases: [RelationshipAlias] = [],
        position: SOQLPosition = SOQLPosition(row: 1, column: 1)
    ) {
        self.object = object
        self.alias = alias
        self.relationshipAliases = relationshipAliases
        self.position = position
    }

    /// FROM clauses are equal when their names are, wherever they were written.
    public static func == (lhs: FromClause, rhs: FromClause) -> Bool {
        lhs.object == rhs.object && lhs.alias == rhs.alias && lhs.relationshipAliases == rhs.relationshipAliases
    }
}

/// A relationship path named in FROM with an alias: `c.Account a`.
public struct RelationshipAlias: Sendable, Equatable {
    /// The path, starting at the object's alias: `c.Account`.
    public var path: FieldPath
    /// The alias: `a`.
    public var alias: String

    /// Creates an alias.
    public init(path: FieldPath, alias: String) {
        self.path = path
        self.alias = alias
    }
}

/// The GROUP BY clause.
public struct Grouping: Sendable, Equatable {
    /// How rows are grouped.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// `GROUP BY a, b`.
        case plain = ""
        /// `GROUP BY ROLLUP(a, b)`: subtotals for a, then a grand total.
        case rollup = "ROLLUP"
        /// `GROUP BY CUBE(a, b)`: subtotals for every combination.
        case cube = "CUBE"
    }

    /// How rows are grouped.
    public var kind: Kind
    /// The fields or date functions grouped by.
    public var items: [ValueExpression]

    /// Creates a grouping.
    public init(_ kind: Kind = .plain, _ items: [ValueExpression]) {
        self.kind = kind
        self.items = items
    }
}

/// An ORDER BY item.
public struct OrderItem: Sendable, Equatable {
    /// The field, function or aggregate ordered by.
    public var expression: ValueExpression
    /// Whether the order is descending.
    public var descending: Bool
    /// Where nulls go; nil means SOQL's default (first when ascending, last when descending).
    public var nullsFirst: Bool?

    /// Creates an ORDER BY item.
    public init(expression: ValueExpression, descending: Bool = false, nullsFirst: Bool? = nil) {
        self.expression = expression
        self.descending = descending
        self.nullsFirst = nullsFirst
    }
}

/// `FOR VIEW` or `FOR REFERENCE`.
public enum RecordMark: String, Sendable, Equatable, CaseIterable {
    /// `FOR VIEW`: sets the records' `LastViewedDate` and puts them on the user's recent items.
    case view = "VIEW"
    /// `FOR REFERENCE`: sets the records' `LastReferencedDate`.
    case reference = "REFERENCE"
}

/// `UPDATE TRACKING` or `UPDATE VIEWSTAT`, for Salesforce Knowledge articles.
public enum ArticleUpdate: String, Sendable, Equatable, CaseIterable {
    /// `UPDATE TRACKING`: records the keywords searched.
    case tracking = "TRACKING"
    /// `UPDATE VIEWSTAT`: counts a view of the articles.
    case viewStat = "VIEWSTAT"
}
