import GRDB
import SalesforceCore

/// Prepared statements for LocalOrg's hot paths (ids, recent items, record reads and writes,
/// token checks), parsed once per connection instead of once per call.
///
/// GRDB's statement cache never forgets, and some statements are built from a request's field
/// list; so only the first 1,000 distinct statements are cached, and any later one is prepared
/// each time: a client sending ever new field lists cannot make the server's memory grow.
enum CachedSQL {
    static let limit = 1_000
    private static let cached = Locked<Set<String>>([])

    /// The prepared statement for `sql` on `db`.
    static func statement(_ sql: String, _ db: Database) throws -> Statement {
        let cache = cached.withLock { cached -> Bool in
            if cached.contains(sql) { return true }
            guard cached.count < limit else { return false }
            cached.insert(sql)
            return true
        }
        return cache ? try db.cachedStatement(sql: sql) : try db.makeStatement(sql: sql)
    }
}

extension Database {
    /// Runs `sql` through ``CachedSQL``.
    func executeCached(sql: String, arguments: StatementArguments = StatementArguments()) throws {
        try CachedSQL.statement(sql, self).execute(arguments: arguments)
    }
}
