/// A WHERE or HAVING condition (and the filter of `WITH UserId = '…'`).
public indirect enum Condition: Sendable, Equatable, CustomStringConvertible {
    /// All of the conditions hold.
    case and([Condition])
    /// At least one of the conditions holds.
    case or([Condition])
    /// The condition does not hold.
    case not(Condition)
    /// A value compared with a literal: `Amount > 1000`, `CloseDate = THIS_MONTH`,
    /// `CALENDAR_YEAR(CreatedDate) >= 2000`, `COUNT(Id) > 2`.
    case comparison(ValueExpression, ComparisonOperator, SOQLLiteral)
    /// `Name LIKE 'Acme%'`. The pattern keeps `\%`, `\_` and `\\` escaped.
    case like(ValueExpression, pattern: String)
    /// `Industry IN ('Energy', 'Banking')`, or `NOT IN` when `negated`.
    case isIn(ValueExpression, [SOQLLiteral], negated: Bool)
    /// A semi-join: `Id IN (SELECT AccountId FROM Contact)`, or an anti-join when `negated`.
    case inSubquery(ValueExpression, SOQLQuery, negated: Bool)
    /// `Markets__c INCLUDES ('AMER;EMEA', 'APAC')` on a multi-select picklist: a record matches
    /// when its values hold every value of one of the strings. `EXCLUDES` when `excludes`.
    case includes(ValueExpression, [String], excludes: Bool)

    /// The condition in SOQL form; nested AND and OR are parenthesized, as SOQL requires.
    public var description: String { SOQLPrinter.text(of: self) }
}

/// A comparison operator.
public enum ComparisonOperator: String, Sendable, Equatable, CaseIterable {
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
