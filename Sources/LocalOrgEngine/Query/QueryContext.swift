import GRDB
import SOQL

/// Who runs a query, and when: what `USING SCOPE mine`, `FORMAT()`, `convertTimezone()` and
/// relative date literals resolve against.
struct QueryContext: Sendable {
    /// The user running the query.
    var userID: String
    /// The user's time zone (`TimeZoneSidKey`): `America/Los_Angeles`.
    var timeZone: String
    /// The user's locale (`LocaleSidKey`): `en_US`.
    var locale: String
    /// The org's one currency, which every amount is in and every currency literal must name.
    var currencyCode = "USD"
    /// The time the query runs.
    var now: SOQLDateTime

    /// The day date literals count from (UTC, as LocalOrg keeps dates).
    var today: CivilDate { now.date }
}

extension OrgStore {
    /// The context of a query run by `userID`, or by the org's first user when none is given
    /// (a query from code that acts as no one in particular).
    func queryContext(userID: String?, db: Database) throws -> QueryContext {
        let row: Row?
        if let userID {
            row = try Row.fetchOne(
                CachedSQL.statement("SELECT \"Id\", \"TimeZoneSidKey\", \"LocaleSidKey\" FROM \"User\" WHERE \"Id\" = ?", db),
                arguments: [userID])
        } else {
            row = try Row.fetchOne(
                CachedSQL.statement("SELECT \"Id\", \"TimeZoneSidKey\", \"LocaleSidKey\" FROM \"User\" ORDER BY \"Id\" LIMIT 1", db))
        }
        return QueryContext(
            userID: row.flatMap { String.fromDatabaseValue($0[0]) } ?? userID ?? "",
            timeZone: row.flatMap { String.fromDatabaseValue($0[1]) } ?? "America/Los_Angeles",
            locale: row.flatMap { String.fromDatabaseValue($0[2]) } ?? "en_US", now: now)
    }
}
