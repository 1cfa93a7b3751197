/// A literal value in a condition or a function's argument.
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
    /// An amount in a currency, for multi-currency orgs: `USD5000`, `EUR1200.50`. The amount is
    /// kept as written.
    case currency(code: String, amount: String)

    /// The literal in SOQL form, strings quoted and escaped.
    public var description: String {
        switch self {
        case .null: return "null"
        case .boolean(let value): return value ? "true" : "false"
        case .integer(let value): return String(value)
        case .decimal(let text): return text
        case .string(let text): return SOQLString.quoted(text)
        case .date(let date): return date.description
        case .dateTime(let instant): return instant.description
        case .dateLiteral(let literal): return literal.description
        case .currency(let code, let amount): return code + amount
        }
    }
}
