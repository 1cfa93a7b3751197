import GRDB
import SQLiteBinding

/// Each user's recently viewed and edited records, most recent first, as `recent` and a
/// type's `recentItems` list them. Kept in the org's database, so they survive restarts.
enum RecentItems {
    /// How many records a user's list keeps, as Salesforce's `recent` resource returns at most.
    static let capacity = 200

    /// How many marks may pass between two prunings of a list: pruning at every mark cost a
    /// write as large as the mark itself, and lists are read with a limit, so the few extra
    /// entries a list holds between prunings are never seen.
    static let pruneInterval: Int64 = 64

    /// Puts a record at the top of the user's list.
    static func mark(_ recordID: String, type: String, by userID: String, db: Database) throws {
        // A rank, not a time: two views in the same millisecond still have an order. Read first
        // and then written, since an upsert with RETURNING builds a temporary table every time.
        var next = RowStatement(try db.cachedStatement(sql: "SELECT COALESCE(MAX(rank), 0) + 1 FROM lo_recent WHERE user_id = ?"))
        try next.bind(text: userID.utf8)
        let rank = try next.fetchOne(Int64.self)
        var insert = RowStatement(
            try db.cachedStatement(
                sql: """
                    INSERT INTO lo_recent(user_id, record_id, type, rank) VALUES (?, ?, ?, ?)
                    ON CONFLICT(user_id, record_id) DO UPDATE SET rank = excluded.rank
                    """))
        try insert.bind(text: userID.utf8)
        try insert.bind(text: recordID.utf8)
        try insert.bind(text: type.utf8)
        try insert.bind(rank ?? 1)
        try insert.execute()
        guard let rank, rank % pruneInterval == 0 else { return }
        try db.executeCached(
            sql: "DELETE FROM lo_recent WHERE user_id = ?1 AND rank <= ?2", arguments: [userID, rank - Int64(capacity)])
    }

    /// Takes records off every list.
    static func forget(_ recordIDs: [String], db: Database) throws {
        for id in recordIDs { try forget(id, db: db) }
    }

    /// Takes a deleted record off every list.
    static func forget(_ recordID: String, db: Database) throws {
        try db.executeCached(sql: "DELETE FROM lo_recent WHERE record_id = ?", arguments: [recordID])
    }

    /// The user's records, most recent first: `(type, id)`, optionally of one type only.
    static func list(for userID: String, type: String? = nil, limit: Int, db: Database) throws -> [(type: String, id: String)] {
        // Only the last `capacity` marks count, pruned yet or not.
        var sql = """
            SELECT type, record_id FROM lo_recent
            WHERE user_id = ?1 AND rank > (SELECT MAX(rank) FROM lo_recent WHERE user_id = ?1) - \(capacity)
            """
        var arguments: StatementArguments = [userID]
        if let type {
            sql += " AND type = ?"
            arguments += [type]
        }
        sql += " ORDER BY rank DESC LIMIT ?"
        arguments += [limit]
        return try Row.fetchAll(db, sql: sql, arguments: arguments).map { row in (row[0] ?? "", row[1] ?? "") }
    }
}
