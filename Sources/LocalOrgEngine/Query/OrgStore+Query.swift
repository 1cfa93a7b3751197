import Foundation
import GRDB
import SOQL

extension OrgStore {
    /// Runs a SOQL statement and returns its first page, as `GET query?q=` does.
    /// - Parameters:
    ///   - soql: The statement.
    ///   - includeDeleted: Whether deleted records count (`queryAll`).
    ///   - batchSize: Records per page, 200–2,000 (Salesforce's bounds); 2,000 by default.
    ///   - version: The API version for record URLs: `v62.0`.
    public func query(_ soql: String, includeDeleted: Bool = false, batchSize: Int = 2000, version: String) async throws(APIError)
        -> QueryResult
    {
        try await read { db in try self.query(soql, includeDeleted: includeDeleted, batchSize: batchSize, version: version, db: db) }
    }

    func query(_ soql: String, includeDeleted: Bool = false, batchSize: Int = 2000, version: String, db: Database) throws -> QueryResult {
        let parsed: SOQLQuery
        do {
            parsed = try SOQLQuery(parsing: soql)
        } catch {
            throw APIError(status: 400, errorCode: "MALFORMED_QUERY", message: error.message)
        }
        return try query(parsed, source: soql, includeDeleted: includeDeleted, batchSize: batchSize, version: version, db: db)
    }

    /// Runs a parsed statement; `source` is its text, which errors quote.
    func query(_ parsed: SOQLQuery, source soql: String, includeDeleted: Bool = false, batchSize: Int = 2000, version: String, db: Database)
        throws -> QueryResult
    {
        let planner = QueryPlanner(schema: schema, errors: QueryErrors(source: soql), includeDeleted: includeDeleted, today: now.date)
        let compiled = try planner.compile(parsed)
        let batch = min(max(batchSize, 200), 2000)
        let arguments = StatementArguments(compiled.arguments)
        let counted = try Int.fetchOne(db, sql: compiled.countSQL, arguments: arguments) ?? 0
        var total = max(0, counted - compiled.offset)
        if let limit = compiled.limit { total = min(total, limit) }
        if compiled.countOnly { return QueryResult(totalSize: total, done: true, records: []) }
        var snapshot: [Int64]?
        if total > batch, let snapshotSQL = compiled.snapshotSQL {
            // More than one page: fix the result's rows now, in this read transaction.
            let window: [FieldValue] = [.integer(Int64(compiled.limit ?? -1)), .integer(Int64(compiled.offset))]
            let rowIDs = try Int64.fetchAll(db, sql: snapshotSQL, arguments: StatementArguments(compiled.arguments + window))
            snapshot = rowIDs
            total = rowIDs.count
        }
        return try page(
            of: compiled, total: total, batchSize: batch, position: 0, snapshot: snapshot, locator: nil, version: version, db: db)
    }

    /// The page a `nextRecordsUrl` points at: `01g...-2000`.
    public func queryMore(_ locator: String, version: String) async throws(APIError) -> QueryResult {
        try await read { db in try self.queryMore(locator, version: version, db: db) }
    }

    func queryMore(_ locator: String, version: String, db: Database) throws -> QueryResult {
        let parts = locator.split(separator: "-", maxSplits: 1)
        guard parts.count == 2, let position = Int(parts[1]), position >= 0,
            let cursor = cursors.cursor(String(parts[0]), now: clock()), position <= cursor.totalSize
        else {
            throw APIError(status: 400, errorCode: "INVALID_QUERY_LOCATOR", message: "invalid query locator")
        }
        return try page(
            of: cursor.query, total: cursor.totalSize, batchSize: cursor.batchSize, position: position, snapshot: cursor.snapshot,
            locator: String(parts[0]), version: version, db: db)
    }

    private func page(
        of query: CompiledQuery, total: Int, batchSize: Int, position: Int, snapshot: [Int64]?, locator: String?, version: String,
        db: Database
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
            of: query, parentIDs: rowsRead.compactMap { row in query.shape.idColumn.flatMap { row[$0] } },
            version: version, db: db)
        let records = rowsRead.map { row in
            query.shape.record(from: row, version: version) { plan, parentID in
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
        return QueryResult(totalSize: total, done: false, nextRecordsUrl: "/services/data/\(version)/query/\(id)-\(next)", records: records)
    }

    /// The rows with these row ids, in their order; a row deleted since the snapshot is left out.
    static func rows(of query: CompiledQuery, ids: ArraySlice<Int64>, db: Database) throws -> [Row] {
        guard !ids.isEmpty else { return [] }
        let placeholders = "(" + Array(repeating: "?", count: ids.count).joined(separator: ", ") + ")"
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
    private static func children(of query: CompiledQuery, parentIDs: [String], version: String, db: Database) throws -> [[String:
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
                    grouped[parentID, default: []].append(plan.shape.record(from: row, version: version) { _, _ in .null })
                }
            }
            return grouped.mapValues { QueryResult(totalSize: $0.count, done: true, records: $0) }
        }
    }
}
