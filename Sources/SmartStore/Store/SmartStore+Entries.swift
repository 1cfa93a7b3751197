import GRDB
import SQLiteBinding
public import SalesforceCore

extension SmartStore {
    /// Inserts or updates entries, all in one transaction, and returns them as stored: with
    /// `_soupEntryId`, `_soupCreatedDate` and `_soupLastModifiedDate` set.
    ///
    /// By default an entry updates the stored entry with the same `_soupEntryId`, and is
    /// inserted under a new id when it has none or no entry has it. With an `externalIdPath`
    /// (an indexed path such as `Id`), an entry updates the one stored entry with the same
    /// value there; an update replaces the whole entry.
    /// - Throws: ``SmartStoreError/soupNotFound(_:)``, ``SmartStoreError/entryNotObject(position:)``,
    ///   ``SmartStoreError/pathNotIndexed(soup:path:)``, ``SmartStoreError/missingExternalId(soup:path:position:)``,
    ///   ``SmartStoreError/externalIdNotUnique(soup:path:value:matches:)``. Nothing is stored then.
    @discardableResult
    public func upsert(
        entries: [JSON], inSoup soupName: String, withExternalIdPath externalIdPath: String = SoupEntryField.id
    ) async throws(SmartStoreError) -> [JSON] {
        guard entries.count >= Self.entriesPreparedAhead else {
            return try await write { [catalog] db, files in
                try StoreTransaction(db: db, files: files, catalog: catalog)
                    .upsert(entries: entries, inSoup: soupName, withExternalIdPath: externalIdPath)
            }
        }
        // A batch is serialized before the transaction and its stored form composed after it:
        // the store's one writer, which every write waits for, only writes.
        let prepared = try await prepare(entries: entries, inSoup: soupName)
        let written = try await write { [catalog] db, files in
            try StoreTransaction(db: db, files: files, catalog: catalog).write(prepared, withExternalIdPath: externalIdPath)
        }
        return zip(entries, written.entries).map { entry, stored in
            var members = entry.objectValue ?? [:]
            members.reserveCapacity(members.count + 3)
            members[SoupEntryField.id] = .integer(stored.id)
            members[SoupEntryField.createdDate] = .integer(stored.created)
            members[SoupEntryField.lastModifiedDate] = .integer(written.writtenAt)
            return .object(members)
        }
    }

    /// From how many entries an upsert prepares them before its transaction. Preparing costs a
    /// read of the soup's schema; a handful of entries keep the writer too briefly to be worth it.
    static let entriesPreparedAhead = 32

    /// Inserts an entry under a new id, whatever `_soupEntryId` it carries, and returns it as stored.
    @discardableResult
    public func create(entry: JSON, inSoup soupName: String) async throws(SmartStoreError) -> JSON {
        try await write { [catalog] db, files in
            try StoreTransaction(db: db, files: files, catalog: catalog).create(entry: entry, inSoup: soupName)
        }
    }

    /// Replaces the entry with the given id and returns it as stored.
    /// - Throws: ``SmartStoreError/entryNotFound(soup:soupEntryId:)`` when there is no such entry.
    @discardableResult
    public func update(entry: JSON, soupEntryId: Int64, inSoup soupName: String) async throws(SmartStoreError) -> JSON {
        try await write { [catalog] db, files in
            try StoreTransaction(db: db, files: files, catalog: catalog).update(
                entry: entry, soupEntryId: soupEntryId, inSoup: soupName)
        }
    }

    /// The entries with the given ids, the fastest lookup there is. Ids with no entry are
    /// skipped; the order is that of the ids.
    public func retrieve(usingSoupEntryIds ids: [Int64], inSoup soupName: String) async throws(SmartStoreError) -> [JSON] {
        try await read { [catalog] db in
            try StoreTransaction(db: db, files: nil, catalog: catalog).retrieve(usingSoupEntryIds: ids, inSoup: soupName)
        }
    }

    /// The id of the one entry whose indexed `path` holds `value`, or `nil` when none does.
    /// With `_soupEntryId` as the path (the primary key, never indexed), the id itself when
    /// that entry exists.
    /// - Throws: ``SmartStoreError/externalIdNotUnique(soup:path:value:matches:)`` when several do.
    public func lookupSoupEntryId(inSoup soupName: String, fieldPath path: String, fieldValue value: JSON) async throws(SmartStoreError)
        -> Int64?
    {
        try await read { [catalog] db in
            try StoreTransaction(db: db, files: nil, catalog: catalog).lookupSoupEntryId(
                inSoup: soupName, fieldPath: path, fieldValue: value)
        }
    }

    /// Removes the entries with the given ids; ids with no entry are ignored.
    public func remove(entryIds ids: [Int64], inSoup soupName: String) async throws(SmartStoreError) {
        try await write { [catalog] db, files in
            try StoreTransaction(db: db, files: files, catalog: catalog).remove(entryIds: ids, inSoup: soupName)
        }
    }

    /// Removes every entry the query matches, whatever its page size, and returns how many.
    /// A Smart SQL spec must select the soup's `{soup:_soupEntryId}`.
    @discardableResult
    public func removeEntries(usingQuerySpec spec: QuerySpec, inSoup soupName: String) async throws(SmartStoreError) -> Int {
        try await write { [catalog] db, files in
            let soup = try catalog.descriptor(named: soupName, db)
            let ids = try Self.explainingFailures(of: spec) {
                if case .smart(let sql) = spec.kind {
                    // The same checked statement as a query: this runs on the writer's connection.
                    return try Self.readingDoubleQuotedStrings(db) {
                        try Int64.fetchAll(try Self.smartStatement(sql, wrapping: { $0 }, catalog: catalog, db))
                    }
                }
                let query = try SoupQuery(spec, soup: soup)
                let statement = try db.makeStatement(sql: query.idsSQL)
                try statement.setArgumentsKeepingText(query.arguments)
                return try Int64.fetchAll(statement)
            }
            try Self.delete(ids, from: soup, files: files, db)
            return ids.count
        }
    }
}

extension SmartStore {
    /// Deletes entries by id, in chunks that stay under SQLite's limit on parameters.
    static func delete(_ ids: [Int64], from soup: SoupDescriptor, files: ExternalStorageChanges, _ db: Database) throws {
        for chunk in ids.chunks(of: 500) {
            try db.execute(
                sql: "DELETE FROM \(soup.tableName) WHERE id IN (\(SQLPlaceholders.list(chunk.count)))",
                arguments: StatementArguments(chunk))
        }
        if soup.usesExternalStorage { files.remove(table: soup.tableName, ids: ids) }
    }
}
