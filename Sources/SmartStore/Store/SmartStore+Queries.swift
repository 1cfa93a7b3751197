import GRDB
import GRDBSQLite
import SQLiteBinding
public import SalesforceCore

extension SmartStore {
    /// One page of a query's results: entries, or for `selectPaths` and Smart SQL an array of
    /// values per result. Page `k` holds results `k × pageSize ..< (k + 1) × pageSize`; a page
    /// past the end is empty.
    ///
    /// In Smart SQL results a `{soup:_soup}` column is the entry as a JSON object, and indexed
    /// paths come back typed as their index: numbers for integer and floating, text for string.
    /// - Parameters:
    ///   - spec: The query.
    ///   - pageIndex: The page to return, from 0.
    ///   - arguments: Values for the `?` placeholders of a Smart SQL query.
    /// - Throws: ``SmartStoreError/soupNotFound(_:)``, ``SmartStoreError/pathNotIndexed(soup:path:)``,
    ///   ``SmartStoreError/invalidQuerySpec(_:)``, ``SmartStoreError/invalidSmartSQL(sql:reason:)``,
    ///   ``SmartStoreError/invalidMatchQuery(matchKey:reason:)``.
    public func query(
        using spec: QuerySpec, startingFromPageIndex pageIndex: Int = 0, arguments: [JSON] = []
    ) async throws(SmartStoreError) -> [JSON] {
        try await page(of: spec, at: pageIndex, arguments: arguments, as: ParsedPage.self)?.results ?? []
    }

    /// The same page as ``query(using:startingFromPageIndex:arguments:)``, as the text of a JSON
    /// array, for callers that pass the results on as text (to a web view, a file, standard output).
    ///
    /// In an encrypted store entries are not parsed: each is the text the store keeps, with its
    /// keys in the order they were stored, so a page costs what reading its rows costs (every
    /// page and entry file is authenticated). A plain store's entries are parsed first, and a
    /// damaged one fails the query as it fails ``query(using:startingFromPageIndex:arguments:)``.
    /// Parsed, the text equals what that method returns, except for numbers JSON cannot spell
    /// (infinities from Smart SQL arithmetic), which the text gives as `null`.
    /// - Throws: What ``query(using:startingFromPageIndex:arguments:)`` throws.
    public func queryText(
        using spec: QuerySpec, startingFromPageIndex pageIndex: Int = 0, arguments: [JSON] = []
    ) async throws(SmartStoreError) -> String {
        try await page(of: spec, at: pageIndex, arguments: arguments, as: TextPage.self)?.text ?? "[]"
    }

    /// Page `pageIndex` of a query into a page of the given kind; nil past the last page an offset can name.
    private func page<Page: ResultPage>(
        of spec: QuerySpec, at pageIndex: Int, arguments: [JSON], as kind: Page.Type
    ) async throws(SmartStoreError) -> Page? {
        guard spec.pageSize > 0 else { throw .invalidQuerySpec("\"pageSize\" must be at least 1, not \(spec.pageSize)") }
        guard pageIndex >= 0 else { throw .invalidQuerySpec("the page index must not be negative") }
        let (limit, offset) = (spec.pageSize, spec.pageSize.multipliedReportingOverflow(by: pageIndex))
        guard !offset.overflow else { return nil }
        let timeLimit = queryTimeLimit
        let authenticated = isEncrypted
        return try await read { [catalog] db in
            try QueryDeadline.within(timeLimit, on: db) {
                var page = Page(capacity: limit, authenticated: authenticated)
                try Self.fill(&page, with: spec, limit: limit, offset: offset.partialValue, arguments: arguments, catalog: catalog, db)
                return page
            }
        }
    }

    /// The results `offset ..< offset + limit` of a query, on a connection already in hand.
    static func page(
        of spec: QuerySpec, limit: Int, offset: Int, arguments: [JSON], catalog: SchemaCatalog, _ db: Database
    ) throws -> [JSON] {
        var page = ParsedPage(capacity: limit, authenticated: false)
        try fill(&page, with: spec, limit: limit, offset: offset, arguments: arguments, catalog: catalog, db)
        return page.results
    }

    /// Adds the results `offset ..< offset + limit` of a query to `page`.
    private static func fill<Page: ResultPage>(
        _ page: inout Page, with spec: QuerySpec, limit: Int, offset: Int, arguments: [JSON], catalog: SchemaCatalog,
        _ db: Database
    ) throws {
        try Self.explainingFailures(of: spec) {
            if case .smart(let sql) = spec.kind {
                try readingDoubleQuotedStrings(db) {
                    let statement = try Self.smartStatement(
                        sql, wrapping: { "SELECT * FROM (\($0)\n) LIMIT ? OFFSET ?" }, catalog: catalog, db)
                    let entryColumns = statement.columnNames.map(ResultReader.isEntryColumn(named:))
                    try statement.setArgumentsKeepingText(Self.bindings(arguments) + [limit.databaseValue, offset.databaseValue])
                    let rows = try Row.fetchCursor(statement)
                    while let row = try rows.next() { try page.appendValues(of: row, entryColumns: entryColumns) }
                }
                return
            }
            let query = try SoupQuery(spec, soup: try Self.soup(of: spec, catalog: catalog, db))
            let statement = try db.cachedStatement(sql: query.pageSQL)
            try statement.setArgumentsKeepingText(query.arguments + [limit.databaseValue, offset.databaseValue])
            let rows = try Row.fetchCursor(statement)
            if query.selectsPaths {
                while let row = try rows.next() { try page.appendValues(of: row, entryColumns: query.entryColumns) }
            } else {
                while let row = try rows.next() { try page.appendEntry(in: row, at: 0) }
            }
        }
    }

    /// How many results a query has in all pages.
    public func count(using spec: QuerySpec, arguments: [JSON] = []) async throws(SmartStoreError) -> Int {
        let timeLimit = queryTimeLimit
        return try await read { [catalog] db in
            try QueryDeadline.within(timeLimit, on: db) {
                try Self.explainingFailures(of: spec) {
                    if case .smart(let sql) = spec.kind {
                        return try Self.readingDoubleQuotedStrings(db) {
                            let statement = try Self.smartStatement(
                                sql, wrapping: { "SELECT count(*) FROM (\($0)\n)" }, catalog: catalog, db)
                            try statement.setArgumentsKeepingText(Self.bindings(arguments))
                            return try Int.fetchOne(statement) ?? 0
                        }
                    }
                    let query = try SoupQuery(spec, soup: try Self.soup(of: spec, catalog: catalog, db))
                    let statement = try db.cachedStatement(sql: query.countSQL)
                    try statement.setArgumentsKeepingText(query.arguments)
                    return try Int.fetchOne(statement) ?? 0
                }
            }
        }
    }

    private static func soup(of spec: QuerySpec, catalog: SchemaCatalog, _ db: Database) throws -> SoupDescriptor {
        guard let name = spec.kind.soupName else { throw SmartStoreError.invalidQuerySpec("the spec names no soup") }
        return try catalog.descriptor(named: name, db)
    }

    /// Runs `body`, which prepares and runs Smart SQL, with double-quoted strings read as
    /// upstream's SmartStore reads them: a double-quoted token that names no column is a string
    /// (`where {contacts:Id} = "003…"`), which upstream's apps rely on. The store's own SQL never
    /// runs so. On for the whole run, not only the preparing: SQLite may prepare a statement
    /// again when it first steps.
    static func readingDoubleQuotedStrings<T>(_ db: Database, _ body: () throws -> T) rethrows -> T {
        _enableDoubleQuotedStringLiterals(db.sqliteConnection)
        defer { _disableDoubleQuotedStringLiterals(db.sqliteConnection) }
        return try body()
    }

    /// A Smart SQL query translated, wrapped (for paging or counting) and checked to be read-only;
    /// run it inside ``readingDoubleQuotedStrings(_:_:)``.
    static func smartStatement(
        _ sql: String, wrapping wrap: (String) -> String, catalog: SchemaCatalog, _ db: Database
    ) throws -> Statement {
        let translated = try catalog.translation(of: sql, db).sql
        let statement: Statement
        do {
            // Not cached: a statement prepared with double-quoted strings is not reused for other SQL.
            statement = try db.makeStatement(sql: wrap(translated))
        } catch let error as DatabaseError where error.resultCode == .SQLITE_ERROR {
            throw SmartStoreError.invalidSmartSQL(sql: sql, reason: error.message ?? "SQLite refused it")
        }
        guard statement.isReadonly else { throw SmartStoreError.invalidSmartSQL(sql: sql, reason: "it would change the database") }
        return statement
    }

    /// Names the query in SQLite's complaints, and reports FTS5 syntax errors as match-key errors.
    /// Failures of the store itself (a damaged page, a full disk, a broken full-text table) are
    /// not the query's fault and pass through as they are.
    static func explainingFailures<T>(of spec: QuerySpec, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DatabaseError
            where error.resultCode == .SQLITE_ERROR && error.message?.hasPrefix("vtable constructor failed") != true
        {
            let reason = error.message ?? "SQLite error \(error.resultCode.rawValue)"
            switch spec.kind {
            case .match(_, _, let key): throw SmartStoreError.invalidMatchQuery(matchKey: key, reason: reason)
            case .smart(let sql): throw SmartStoreError.invalidSmartSQL(sql: sql, reason: reason)
            default: throw error
            }
        }
    }

    /// Smart SQL arguments as SQL values, converted as json1 keys are.
    static func bindings(_ arguments: [JSON]) -> [DatabaseValue] {
        arguments.map { IndexValue(sqlValueOf: $0)?.databaseValue ?? .null }
    }
}
