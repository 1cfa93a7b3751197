/// What a selected item, a condition, a grouping or an ordering is about: a field, a function
/// applied to fields (`CALENDAR_YEAR(CreatedDate)`, `COUNT(Id)`, `toLabel(Industry)`), or, as a
/// function's argument, a literal (`GEOLOCATION(37.77, -122.42)`, `'mi'`).
public indirect enum ValueExpression: Sendable, Equatable, CustomStringConvertible {
    /// A field path: `Name`, `Account.Owner.Name`.
    case field(FieldPath)
    /// A function call.
    case function(FunctionCall)
    /// A literal, as a function's argument.
    case literal(SOQLLiteral)

    /// The expression in SOQL form.
    public var description: String {
        switch self {
        case .field(let path): return path.description
        case .function(let call): return call.description
        case .literal(let literal): return literal.description
        }
    }

    /// The field path, when the expression is one.
    public var fieldPath: FieldPath? {
        if case .field(let path) = self { return path }
        return nil
    }

    /// The call, when the expression is one.
    public var functionCall: FunctionCall? {
        if case .function(let call) = self { return call }
        return nil
    }

    /// Whether an aggregate function is applied anywhere in the expression (`FORMAT(MIN(CloseDate))`).
    public var containsAggregate: Bool {
        guard case .function(let call) = self else { return false }
        if call.function?.isAggregate == true { return true }
        return call.arguments.contains { $0.containsAggregate }
    }

    /// Where the expression starts.
    public var position: SOQLPosition {
        switch self {
        case .field(let path): return path.position
        case .function(let call): return call.position
        case .literal: return SOQLPosition(row: 1, column: 1)
        }
    }
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

    /// Whether the path names `field` alone, ignoring case as Salesforce does.
    public func names(_ field: String) -> Bool {
        components.count == 1 && components[0].lowercased() == field.lowercased()
    }
}

/// A function applied to its arguments: `COUNT()`, `SUM(Amount)`, `FORMAT(convertCurrency(Amount))`,
/// `DISTANCE(BillingAddress, GEOLOCATION(37.77, -122.42), 'mi')`.
///
/// The name is kept as written, so a function Salesforce adds later still parses; ``function``
/// says which of the documented ones it is.
public struct FunctionCall: Sendable, Equatable, CustomStringConvertible {
    /// The name as written: `count`, `CALENDAR_YEAR`, `toLabel`.
    public var name: String
    /// The arguments, in order.
    public var arguments: [ValueExpression]
    /// Where the name starts.
    public var position: SOQLPosition

    /// Creates a call.
    public init(_ name: String, _ arguments: [ValueExpression] = [], position: SOQLPosition = SOQLPosition(row: 1, column: 1)) {
        self.name = name
        self.arguments = arguments
        self.position = position
    }

    /// Creates a call of a documented function, spelled as the reference spells it.
    public init(_ function: SOQLFunction, _ arguments: [ValueExpression] = []) {
        self.init(function.name, arguments)
    }

    /// The documented function this call is, if any.
    public var function: SOQLFunction? { SOQLFunction(name: name) }

    /// `COUNT(Id)`.
    public var description: String { "\(name)(\(arguments.map(\.description).joined(separator: ", ")))" }

    /// Calls are equal when their names (ignoring case) and arguments are, wherever they were written.
    public static func == (lhs: FunctionCall, rhs: FunctionCall) -> Bool {
        lhs.name.lowercased() == rhs.name.lowercased() && lhs.arguments == rhs.arguments
    }
}

/// The functions the SOQL and SOSL Reference documents.
public enum SOQLFunction: String, Sendable, CaseIterable {
    /// `COUNT()` or `COUNT(field)`.
    case count = "COUNT"
    /// `COUNT_DISTINCT(field)`.
    case countDistinct = "COUNT_DISTINCT"
    /// `SUM(field)`.
    case sum = "SUM"
    /// `AVG(field)`.
    case average = "AVG"
    /// `MIN(field)`.
    case minimum = "MIN"
    /// `MAX(field)`.
    case maximum = "MAX"
    /// `CALENDAR_MONTH(date)`: 1 to 12.
    case calendarMonth = "CALENDAR_MONTH"
    /// `CALENDAR_QUARTER(date)`: 1 to 4.
    case calendarQuarter = "CALENDAR_QUARTER"
    /// `CALENDAR_YEAR(date)`.
    case calendarYear = "CALENDAR_YEAR"
    /// `DAY_IN_MONTH(date)`: 1 to 31.
    case dayInMonth = "DAY_IN_MONTH"
    /// `DAY_IN_WEEK(date)`: 1 for Sunday to 7 for Saturday.
    case dayInWeek = "DAY_IN_WEEK"
    /// `DAY_IN_YEAR(date)`: 1 to 366.
    case dayInYear = "DAY_IN_YEAR"
    /// `DAY_ONLY(dateTime)`: the date part.
    case dayOnly = "DAY_ONLY"
    /// `FISCAL_MONTH(date)`.
    case fiscalMonth = "FISCAL_MONTH"
    /// `FISCAL_QUARTER(date)`.
    case fiscalQuarter = "FISCAL_QUARTER"
    /// `FISCAL_YEAR(date)`.
    case fiscalYear = "FISCAL_YEAR"
    /// `HOUR_IN_DAY(dateTime)`: 0 to 23.
    case hourInDay = "HOUR_IN_DAY"
    /// `WEEK_IN_MONTH(date)`: 1 to 5.
    case weekInMonth = "WEEK_IN_MONTH"
    /// `WEEK_IN_YEAR(date)`: 1 to 53.
    case weekInYear = "WEEK_IN_YEAR"
    /// `convertTimezone(dateTime)`, inside a date function: the user's time zone instead of UTC.
    case convertTimezone
    /// `convertCurrency(field)`: the amount in the user's currency.
    case convertCurrency
    /// `toLabel(field)`: a picklist's label in the user's language instead of its value.
    case toLabel
    /// `FORMAT(field)`: the value formatted for the user's locale.
    case format = "FORMAT"
    /// `GROUPING(field)`: 1 on a ROLLUP or CUBE subtotal row for the field, else 0.
    case grouping = "GROUPING"
    /// `DISTANCE(location, GEOLOCATION(lat, lon), 'mi' | 'km')`.
    case distance = "DISTANCE"
    /// `GEOLOCATION(latitude, longitude)`, the second argument of DISTANCE.
    case geolocation = "GEOLOCATION"

    /// Finds a function by name, ignoring case.
    public init?(name: String) {
        let upper = name.uppercased()
        guard let function = Self.allCases.first(where: { $0.rawValue.uppercased() == upper }) else { return nil }
        self = function
    }

    /// The name as the reference spells it: `COUNT_DISTINCT`, `toLabel`.
    public var name: String { rawValue }

    /// Whether the function aggregates rows.
    public var isAggregate: Bool {
        switch self {
        case .count, .countDistinct, .sum, .average, .minimum, .maximum: return true
        default: return false
        }
    }

    /// Whether the function takes a date or date-time apart.
    public var isDateFunction: Bool {
        switch self {
        case .calendarMonth, .calendarQuarter, .calendarYear, .dayInMonth, .dayInWeek, .dayInYear, .dayOnly, .fiscalMonth,
            .fiscalQuarter, .fiscalYear, .hourInDay, .weekInMonth, .weekInYear:
            return true
        default: return false
        }
    }
}
