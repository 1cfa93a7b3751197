/// A parsed SOQL statement.
///
/// ```swift
/// let query = try SOQLQuery(parsing: "SELECT Name, (SELECT LastName FROM Contacts) FROM Account WHERE Industry = 'Energy' LIMIT 10")
/// query.object          // "Account"
/// query.limit           // 10
/// ```
public struct SOQLQuery: Sendable, Equatable {
    /// The selected fields, aggregates and child subqueries, in the order written.
    public var selection: [SelectItem]
    /// The object queried: `Account`, or a child relationship name (`Contacts`) in a subquery.
    public var object: String
    /// The alias after the object (`FROM Contact c`), if any.
    public var alias: String?
    /// The WHERE condition, if any.
    public var condition: Condition?
    /// The GROUP BY fields.
    public var grouping: [FieldPath]
    /// The HAVING condition, if any; it may use aggregates.
    public var having: Condition?
    /// The ORDER BY items.
    public var ordering: [OrderItem]
    /// The LIMIT, if any.
    public var limit: Int?
    /// The OFFSET, if any.
    public var offset: Int?
    /// Where the FROM object name is, for errors that name it.
    public var objectPosition: SOQLPosition

    /// Parses `text`, or throws the first syntax error with its position.
    public init(parsing text: String) throws(SOQLSyntaxError) {
        self = try SOQLParser.parse(text)
    }

    /// Creates a query from its parts.
    public init(
        selection: [SelectItem], object: String, alias: String? = nil, condition: Condition? = nil,
        grouping: [FieldPath] = [], having: Condition? = nil, ordering: [OrderItem] = [],
        limit: Int? = nil, offset: Int? = nil, objectPosition: SOQLPosition = SOQLPosition(row: 1, column: 1)
    ) {
        self.selection = selection
        self.object = object
        self.alias = alias
        self.condition = condition
        self.grouping = grouping
        self.having = having
        self.ordering = ordering
        self.limit = limit
        self.offset = offset
        self.objectPosition = objectPosition
    }

    /// Whether the statement is `SELECT COUNT() FROM ...`, which answers with a count only.
    public var isCountOnly: Bool {
        selection.count == 1 && selection[0] == .countAll
    }

    /// Whether any selected item is an aggregate, so rows are `AggregateResult`s.
    public var isAggregate: Bool {
        selection.contains { if case .aggregate = $0 { return true } else { return false } }
    }
}

/// One item of a SELECT list.
public enum SelectItem: Sendable, Equatable {
    /// A field or a parent relationship path (`Account.Owner.Name`).
    case field(FieldPath)
    /// An aggregate function with an optional alias (`COUNT(Id) total`).
    case aggregate(AggregateCall, alias: String?)
    /// `COUNT()`: only the number of matching rows.
    case countAll
    /// A child relationship subquery: `(SELECT LastName FROM Contacts)`.
    case subquery(SOQLQuery)
}

/// A dotted field reference: `Name`, `Account.Name`, `c.Account.Owner.Name`.
public struct FieldPath: Sendable, Hashable, CustomStringConvertible {
    /// The names between the dots, as written.
    public var components: [String]
    /// Where the path starts.
    public var position: SOQLPosition

    /// Creates a path.
    public init(_ components: [String], position: SOQLPosition = SOQLPosition(row: 1, column: 1)) {
        self.components = components
        self.position = position
    }

    /// The path as written: `Account.Name`.
    public var description: String { components.joined(separator: ".") }

    /// Paths are equal when their names are, wherever they were written.
    public static func == (lhs: FieldPath, rhs: FieldPath) -> Bool { lhs.components == rhs.components }

    /// Hashes the names only.
    public func hash(into hasher: inout Hasher) { hasher.combine(components) }
}

/// An aggregate function applied to a field.
public struct AggregateCall: Sendable, Equatable, CustomStringConvertible {
    /// The aggregate functions SOQL has.
    public enum Function: String, Sendable, CaseIterable {
        /// COUNT(field): rows where the field is not null.
        case count = "COUNT"
        /// COUNT_DISTINCT(field).
        case countDistinct = "COUNT_DISTINCT"
        /// SUM(field).
        case sum = "SUM"
        /// AVG(field).
        case average = "AVG"
        /// MIN(field).
        case minimum = "MIN"
        /// MAX(field).
        case maximum = "MAX"
    }

    /// The function.
    public var function: Function
    /// The field it applies to.
    public var field: FieldPath

    /// Creates an aggregate call.
    public init(function: Function, field: FieldPath) {
        self.function = function
        self.field = field
    }

    /// `COUNT(Id)`.
    public var description: String { "\(function.rawValue)(\(field))" }
}

/// An ORDER BY item.
public struct OrderItem: Sendable, Equatable {
    /// The field, or an aggregate in a grouped query.
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

/// What a condition or an ORDER BY item is about: a field, or an aggregate (in HAVING).
public enum ValueExpression: Sendable, Equatable, CustomStringConvertible {
    /// A field path.
    case field(FieldPath)
    /// An aggregate such as `COUNT(Id)`.
    case aggregate(AggregateCall)

    /// The expression as written.
    public var description: String {
        switch self {
        case .field(let path): return path.description
        case .aggregate(let call): return call.description
        }
    }
}
