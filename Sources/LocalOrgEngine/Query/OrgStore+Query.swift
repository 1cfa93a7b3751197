import Foundation
import GRDB
import SOQL
import SQLiteBinding
import SalesforceCore

extension OrgStore {
    /// Runs a SOQL statement and returns its first page, as `GET query?q=` does.
    /// - Parameters:
    ///   - soql: The statement.
    ///   - includeDeleted: Whether deleted records count (`queryAll`).
    ///   - batchSize: Records per page, 200–2,000 (Salesforce's bounds); 2,000 by default.
    ///   - userID: Who runs it, for `USING SCOPE mine`, `FORMAT()` and `convertTimezone()`;
    ///     the org's first user when nil.
    package func query(_ soql: String, includeDeleted: Bool = false, batchSize: Int = 2000, asUser userID: String? = nil)
        async throws(APIError) -> QueryResult
    {
        let parsed = try Self.parse(soql)
        let run: @Sendable (Database) throws -> QueryResult = { db in
            try self.query(
                parsed, source: soql, includeDeleted: includeDeleted, batchSize: batchSize, userID: userID, db: db)
        }
        // FOR VIEW and FOR REFERENCE write the records' dates.
        return parsed.marks.isEmpty ? try await read(run) : try await write(run)
    }

    /// Salesforce's longest SOQL statement, in characters.
    static let maximumStatementLength = 100_000

    /// A statement parsed, or Salesforce's MALFORMED_QUERY.
    static func parse(_ soql: String) throws(APIError) -> SOQLQuery {
        guard soql.utf8.count <= maximumStatementLength || soql.count <= maximumStatementLength else {
            throw APIError(
                status: 400, errorCode: "MALFORMED_QUERY",
                message: "SOQL statements cannot be longer than \(maximumStatementLength) characters.")
        }
        do {
            return try SOQLQuery(parsing: soql)
        } catch {
            throw APIError(status: 400, errorCode: "MALFORMED_QUERY", message: error.message)
        }
    }

    /// Runs a parsed statement; `source` is its text, which errors quote. A statement with FOR
    /// VIEW or FOR REFERENCE must run in a write transaction: it marks the records it returns.
    func query(
        _ parsed: SOQLQuery, source soql: String, includeDeleted: Bool = false, batchSize: Int = 2000, userID: String?, db: Database
    ) throws -> QueryResult {
        let context = try queryContext(userID: userID, db: db)
        let planner = QueryPlanner(schema: schema, errors: QueryErrors(source: soql), includeDeleted: includeDeleted, context: context)
        let compiled = try planner.compile(parsed)
        try Self.checkComplexity(of: compiled)
        let batch = min(max(batchSize, 200), 2000)
        let arguments = StatementArguments(compiled.arguments)
        let counted = try Int.fetchOne(db, sql: compiled.countSQL, arguments: arguments) ?? 0
        var total = max(0, counted - compiled.offset)
        if let limit = compiled.limit { total = min(total, limit) }
        if compiled.countOnly { return QueryResult(totalSize: total, done: true, records: []) }
        var snapshot: [Int64]?
        if total > batch || !compiled.marks.isEmpty, let snapshotSQL = compiled.snapshotSQL {
            // More than one page: fix the result's rows now, in this read transaction.
            let window: [FieldValue] = [.integer(Int64(compiled.limit ?? -1)), .integer(Int64(compiled.offset))]
            let rowIDs = try Int64.fetchAll(db, sql: snapshotSQL, arguments: StatementArguments(compiled.arguments + window))
            snapshot = rowIDs
            total = rowIDs.count
            if !compiled.marks.isEmpty { try mark(rowIDs, of: compiled, as: context, db: db) }
        }
        return try page(
            of: compiled, total: total, batchSize: batch, position: 0, snapshot: total > batch ? snapshot : nil, locator: nil, db: db)
    }

    /// SQLite binds at most 32,766 values; Salesforce refuses a query with too many conditions
    /// with QUERY_TOO_COMPLICATED, and so does LocalOrg before SQLite would fail.
    static func checkComplexity(of query: CompiledQuery) throws(APIError) {
        guard query.arguments.count + 2 <= 32_000 else { throw QueryLimits.tooComplicated }
    }

    /// FOR VIEW and FOR REFERENCE: the records get `LastViewedDate` (a view references them too)
    /// or `LastReferencedDate`, and a view puts them on the user's recent items.
    private func mark(_ rowIDs: [Int64], of query: CompiledQuery, as context: QueryContext, db: Database) throws {
        guard let type = schema.type(named: query.typeName), type.field(named: "LastViewedDate") != nil, !rowIDs.isEmpty else { return }
        let viewed = query.marks.contains(.view)
        let assignments = viewed ? "\"LastViewedDate\" = ?1, \"LastReferencedDate\" = ?1" : "\"LastReferencedDate\" = ?1"
        let table = OrgDatabase.quoted(type.name)
        for start in stride(from: 0, to: rowIDs.count, by: 500) {
            let chunk = rowIDs[start..<min(start + 500, rowIDs.count)]
            let placeholders = chunk.indices.map { "?\($0 - start + 2)" }.joined(separator: ", ")
            let arguments = StatementArguments([context.now.description]) + StatementArguments(Array(chunk))
            try db.execute(sql: "UPDATE \(table) SET \(assignments) WHERE rowid IN (\(placeholders))", arguments: arguments)
        }
        guard viewed else { return }
        // The recent items keep the last 200: the result's first 200, marked last to first so
        // that the first record is the most recent.
        let first = Array(rowIDs.prefix(RecentItems.capacity))
        let placeholders = SQLPlaceholders.list(first.count)
        let rows = try Row.fetchAll(
            db, sql: "SELECT rowid, \"Id\" FROM \(table) WHERE rowid IN (\(placeholders))", arguments: StatementArguments(first))
        var ids: [Int64: String] = [:]
        for row in rows { if let rowID = Int64.fromDatabaseValue(row[0]), let id = String.fromDatabaseValue(row[1]) { ids[rowID] = id } }
        for rowID in first.reversed() {
            if let id = ids[rowID] { try RecentItems.mark(id, type: type.name, by: context.userID, db: db) }
        }
    }

    /// The page a `nextRecordsUrl` points at: `01g...-2000`.
    package func queryMore(_ locator: String) async throws(APIError) -> QueryResult {
        try await read { db in try self.queryMore(locator, db: db) }
    }

    func queryMore(_ locator: String, db: Database) throws -> QueryResult {
        let parts = locator.split(atScalars: ["-"], maxSplits: 1)
        guard parts.count == 2, let position = Int(parts[1]), position >= 0,
            let cursor = cursors.cursor(String(parts[0]), now: clock()), position <= cursor.totalSize
        else {
            throw APIError(status: 400, errorCode: "INVALID_QUERY_LOCATOR", message: "invalid query locator")
        }
        return try page(
            of: cursor.query, total: cursor.totalSize, batchSize: cursor.batchSize, position: position, snapshot: cursor.snapshot,
            locator: String(parts[0]), db: db)
    }

    private func page(
        of query: CompiledQuery, total: Int, batchSize: Int, position: Int, snapshot: [Int64]?, locator: String?, db: Database
    ) throws -> QueryResult {
        let count = max(0, min(batchSize, total - position))
        var rowsRead: [Row] = []
        rowsRead.reserveCapacity(count)
        if let snapshot {
            rowsRead = try Self.rows(of: query, ids: snapshot[position..<min(position + count, snapshot.count)], db: db)
        } else {
            let arguments = StatementArguments(query.arguments) + [count, query.offset + position]
            let rows = try Row.fetchCursor(db, sql: query.sql + " LIMIT ? OFFSET ?", arguments: arguments)
            while let row = try rows.next() { rowsRead.append(row.copy()) }
        }
        let children = try Self.children(
            of: query, parentIDs: rowsRead.compactMap { row in query.shape.idColumn.flatMap { row[$0] } }, db: db)
        let records = rowsRead.map { row in
            query.shape.record(from: row) { plan, parentID in
                children[plan][parentID].map(RecordValue.children) ?? .null
            }
        }
        let next = position + records.count
        guard next < total, !records.isEmpty else {
            if let locator { cursors.close(locator) }
            return QueryResult(totalSize: total, done: true, records: records)
        }
        let id =
            locator
            ?? cursors.open(
                QueryCursors.Cursor(query: query, totalSize: total, batchSize: batchSize, snapshot: snapshot, lastUsed: clock()))
        return QueryResult(totalSize: total, done: false, nextRecordsPath: "query/\(id)-\(next)", records: records)
    }

    /// The rows with these row ids, in their order; a row deleted since the snapshot is left out.
    static func rows(of query: CompiledQuery, ids: ArraySlice<Int64>, db: Database) throws -> [Row] {
        guard !ids.isEmpty else { return [] }
        let placeholders = "(" + SQLPlaceholders.list(ids.count) + ")"
        var byID: [Int64: Row] = [:]
        byID.reserveCapacity(ids.count)
        let rows = try Row.fetchCursor(db, sql: query.rowsByIDSQL + placeholders, arguments: StatementArguments(Array(ids)))
        while let row = try rows.next() {
            // The row id is the last column, after the SELECT's own.
            let rowID: Int64 = row[row.count - 1]
            byID[rowID] = row.copy()
        }
        return ids.compactMap { byID[$0] }
    }

    /// Each child subquery's results, by parent id.
    private static func children(of query: CompiledQuery, parentIDs: [String], db: Database) throws -> [[String:
        QueryResult]]
    {
        guard !query.children.isEmpty, !parentIDs.isEmpty else { return query.children.map { _ in [:] } }
        return try query.children.map { plan in
            var grouped: [String: [SObjectRecord]] = [:]
            for start in stride(from: 0, to: parentIDs.count, by: 500) {
                let chunk = Array(parentIDs[start..<min(start + 500, parentIDs.count)])
                let arguments = StatementArguments(chunk) + StatementArguments(plan.arguments)
                let rows = try Row.fetchCursor(db, sql: plan.sql(parentCount: chunk.count), arguments: arguments)
                while let row = try rows.next() {
                    guard let parentID: String = row[plan.parentColumnIndex] else { continue }
                    if let limit = plan.limit, grouped[parentID, default: []].count >= limit { continue }
                    grouped[parentID, default: []].append(plan.shape.record(from: row) { _, _ in .null })
                }
            }
            return grouped.mapValues { QueryResult(totalSize: $0.count, done: true, records: $0) }
        }
    }
}
