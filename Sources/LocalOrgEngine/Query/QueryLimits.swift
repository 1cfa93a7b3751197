import GRDB

/// Salesforce's answer to a query too large to run, and the SQLite limits a query reaches
/// first: a statement may have at most 2,000 ORDER BY or GROUP BY terms or result columns, 32,766
/// bound values, and an expression 1,000 deep. Every statement that can reach them is built
/// from a client's SOQL, so reaching one is the client's query being too complicated: a 400
/// as Salesforce answers, never a 500.
enum QueryLimits {
    /// QUERY_TOO_COMPLICATED, with Salesforce's message.
    static let tooComplicated = APIError(
        status: 400, errorCode: "QUERY_TOO_COMPLICATED",
        message: "Query is either selecting too many fields or the filter conditions are too complicated.")

    /// Whether `error` is SQLite refusing a statement at one of its size limits.
    static func isTooComplicated(_ error: DatabaseError) -> Bool {
        guard error.resultCode == .SQLITE_ERROR, let message = error.message else { return false }
        return limitMessages.contains { message.hasPrefix($0) }
    }

    /// The beginnings of SQLite's messages for its limits (sqlite3.c: "too many terms in %s BY
    /// clause", "too many columns in result set", "Expression tree is too large", …).
    private static let limitMessages = [
        "too many terms in", "too many columns", "too many arguments on function", "too many SQL variables", "Expression tree is too large",
        "parser stack overflow",
    ]
}
