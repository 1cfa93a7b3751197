/// A WHERE or HAVING condition.
public indirect enum Condition: Sendable, Equatable {
    /// All of the conditions hold.
    case and([Condition])
    /// At least one of the conditions holds.
    case or([Condition])
    /// The condition does not hold.
    case not(Condition)
    /// A field compared with a value: `Amount > 1000`, `CloseDate = THIS_MONTH`.
    case comparison(ValueExpression, ComparisonOperator, SOQLLiteral)
    /// `Name LIKE 'Acme%'`. The pattern keeps `\%`, `\_` and `\\` escaped.
    case like(ValueExpression, pattern: String)
    /// `Industry IN ('Energy', 'Banking')`, or `NOT IN` when `negated`.
    case isIn(ValueExpression, [SOQLLiteral], negated: Bool)
    /// A semi-join: `Id IN (SELECT AccountId FROM Contact)`, or an anti-join when `negated`.
    case inSubquery(ValueExpression, SOQLQuery, negated: Bool)
}

/// A comparison operator.
public enum ComparisonOperator: String, Sendable, Equatable {
    /// `=`
    case equal = "="
    /// `!=` or `<>`
    case notEqual = "!="
    /// `<`
    case less = "<"
    /// `<=`
    case lessOrEqual = "<="
    /// `>`
    case greater = ">"
    /// `>=`
    case greaterOrEqual = ">="
}

/// A literal value in a condition.
public enum SOQLLiteral: Sendable, Equatable, CustomStringConvertible {
    /// `null`
    case null
    /// `true` or `false`
    case boolean(Bool)
    /// An integer.
    case integer(Int64)
    /// A decimal number, kept as written.
    case decimal(String)
    /// A string, with its escapes resolved.
    case string(String)
    /// A date: `2024-05-01`.
    case date(CivilDate)
    /// A date-time: `2024-05-01T10:00:00Z`.
    case dateTime(SOQLDateTime)
    /// A relative date literal: `TODAY`, `LAST_N_DAYS:30`.
    case dateLiteral(DateLiteral)

    /// The literal in SOQL form.
    public var description: String {
        switch self {
        case .null: return "null"
        case .boolean(let value): return value ? "true" : "false"
        case .integer(let value): return String(value)
        case .decimal(let text): return text
        case .string(let text): return "'\(text)'"
        case .date(let date): return date.description
        case .dateTime(let instant): return instant.description
        case .dateLiteral(let literal): return literal.description
        }
    }
}
