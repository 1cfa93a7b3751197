// The spellings this module's public API had before, kept so that code written against them
// gets a fix-it to the new one. CONTRIBUTING.md says when they go.

/// Replaced by ``FunctionCall``, which also holds SOQL's non-aggregate functions
/// (`toLabel`, `convertCurrency`, date functions); its function is a ``SOQLFunction``.
@available(*, unavailable, renamed: "FunctionCall")
public typealias AggregateCall = FunctionCall
