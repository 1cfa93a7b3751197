import GRDB
import SalesforceCore

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
        entries: [JSON], forSoupNamed soupName: String, withExternalIdPath externalIdPath: String = SoupEntryField.id
    ) async throws(SmartStoreError) -> [JSON] {
        try await write { [catalog] db, files in
            let soup = try catalog.descriptor(named: soupName, db)
            var writer = EntryWriter(soup: soup, db: db, files: files)
            var stored: [JSON] = []
            stored.reserveCapacity(entries.count)
            for (position, entry) in entries.enumerated() {
                guard case let .object(members) = entry else { throw SmartStoreError.entryNotObject(position: position) }
                let existing = try writer.existingEntry(for: members, externalIdPath: externalIdPath, position: position)
                stored.append(try writer.write(members, replacing: existing))
            }
            return stored
        }
    }

    /// Inserts an entry under a new id, whatever `_soupEntryId` it carries, and returns it as stored.
    @discardableResult
    public func create(entry: JSON, forSoupNamed soupName: String) async throws(SmartStoreError) -> JSON {
        try await write { [catalog] db, files in
            let soup = try catalog.descriptor(named: soupName, db)
            guard case let .object(members) = entry else { throw SmartStoreError.entryNotObject(position: 0) }
            var writer = EntryWriter(soup: soup, db: db, files: files)
            return try writer.write(members, replacing: nil)
        }
    }

    /// Replaces the entry with the given id and returns it as stored.
    /// - Throws: ``SmartStoreError/entryNotFound(soup:soupEntryId:)`` when there is no such entry.
    @discardableResult
    public func update(entry: JSON, soupEntryId: Int64, forSoupNamed soupName: String) async throws(SmartStoreError) -> JSON {
        try await write { [catalog] db, files in
            let soup = try catalog.descriptor(named: soupName, db)
            guard case var .object(members) = entry else { throw SmartStoreError.entryNotObject(position: 0) }
            members[SoupEntryField.id] = .integer(soupEntryId)
            var writer = EntryWriter(soup: soup, db: db, files: files)
            guard let existing = try writer.existingEntry(for: members, externalIdPath: SoupEntryField.id, position: 0) else {
                throw SmartStoreError.entryNotFound(soup: soupName, soupEntryId: soupEntryId)
            }
            return try writer.write(members, replacing: existing)
        }
    }

    /// The entries with the given ids, the fastest lookup there is. Ids with no entry are
    /// skipped; the order is that of the ids.
    public func retrieve(usingSoupEntryIds ids: [Int64], fromSoupNamed soupName: String) async throws(SmartStoreError) -> [JSON] {
        try await read { [catalog] db in
            let soup = try catalog.descriptor(named: soupName, db)
            var found: [Int64: JSON] = [:]
            for chunk in ids.chunked(into: 500) {
                let placeholders = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
                let sql = "SELECT id, \(soup.entryExpression()) FROM \(soup.tableName) WHERE id IN (\(placeholders))"
                let rows = try Row.fetchCursor(db, sql: sql, arguments: StatementArguments(chunk))
                while let row = try rows.next() {
                    found[row[0]] = try ResultReader.entry(in: row, at: 1)
                }
            }
            return ids.compactMap { found[$0] }
        }
    }

    /// The id of the one entry whose indexed `path` holds `value`, or `nil` when none does.
    /// - Throws: ``SmartStoreError/externalIdNotUnique(soup:path:value:matches:)`` when several do.
    public func lookupSoupEntryId(soupNamed soupName: String, fieldPath path: String, fieldValue value: JSON) async throws(SmartStoreError) -> Int64? {
        try await read { [catalog] db in
            let soup = try catalog.descriptor(named: soupName, db)
            var probe: [String: JSON] = [:]
            probe.setValue(value, atPath: path)
            return try EntryLookup(soup: soup, db: db).existingEntry(for: probe, externalIdPath: path, position: 0)?.id
        }
    }

    /// Removes the entries with the given ids; ids with no entry are ignored.
    public func remove(entryIds ids: [Int64], forSoupNamed soupName: String) async throws(SmartStoreError) {
        try await write { [catalog] db, files in
            let soup = try catalog.descriptor(named: soupName, db)
            for chunk in ids.chunked(into: 500) {
                let placeholders = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
                try db.execute(sql: "DELETE FROM \(soup.tableName) WHERE id IN (\(placeholders))", arguments: StatementArguments(chunk))
            }
            if soup.usesExternalStorage { files.remove(table: soup.tableName, ids: ids) }
        }
    }

    /// Removes every entry the query matches, whatever its page size, and returns how many.
    /// A Smart SQL spec must select the soup's `{soup:_soupEntryId}`.
    @discardableResult
    public func removeEntries(usingQuerySpec spec: QuerySpec, forSoupNamed soupName: String) async throws(SmartStoreError) -> Int {
        try await write { [catalog] db, files in
            let soup = try catalog.descriptor(named: soupName, db)
            let selection: String
            var arguments: [DatabaseValue] = []
            if spec.kind == .smart {
                guard let sql = spec.smartSQL else { throw SmartStoreError.invalidQuerySpec("a smart query needs \"smartSql\"") }
                selection = try catalog.translation(of: sql, db).sql
            } else {
                let query = try SoupQuery(spec, soup: soup)
                selection = query.idsSQL
                arguments = query.arguments
            }
            let ids = try Int64.fetchAll(db, sql: selection, arguments: StatementArguments(arguments))
            for chunk in ids.chunked(into: 500) {
                let placeholders = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
                try db.execute(sql: "DELETE FROM \(soup.tableName) WHERE id IN (\(placeholders))", arguments: StatementArguments(chunk))
            }
            if soup.usesExternalStorage { files.remove(table: soup.tableName, ids: ids) }
            return ids.count
        }
    }
}

extension Array {
    func chunked(into size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}

extension Dictionary where Key == String, Value == JSON {
    /// Sets a value at a dot-separated path, creating objects on the way.
    mutating func setValue(_ value: JSON, atPath path: String) {
        let segments = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard let first = segments.first else { return }
        if segments.count == 1 { self[first] = value; return }
        var child = self[first]?.objectValue ?? [:]
        child.setValue(value, atPath: segments.dropFirst().joined(separator: "."))
        self[first] = .object(child)
    }
}
