import GRDB
import SQLiteBinding
import SalesforceCore

/// Finds stored entries by `_soupEntryId` or by the value at an indexed path.
struct EntryLookup {
    let soup: SoupDescriptor
    let db: Database

    /// An existing entry's id and creation date.
    typealias Existing = (id: Int64, created: Int64)

    /// The stored entry an upsert of `entry` updates: the one with its `_soupEntryId`, or the one
    /// with its value at the indexed `externalIdPath`; `nil` when there is none.
    func existingEntry(for entry: [String: JSON], externalIdPath: String, position: Int) throws -> Existing? {
        if externalIdPath == SoupEntryField.id {
            guard let id = entry[SoupEntryField.id]?.integerValue else { return nil }
            let statement = try db.cachedStatement(sql: "SELECT id, created FROM \(soup.tableName) WHERE id = ?")
            return try Row.fetchOne(statement, arguments: [id]).map { ($0[0], $0[1] ?? 0) }
        }
        let index = try indexedPath(externalIdPath)
        guard let value = index.path.value(in: .object(entry)), let key = IndexValue(key: value, as: index.spec.type) else {
            throw SmartStoreError.missingExternalId(soup: soup.name, path: externalIdPath, position: position)
        }
        return try existingEntry(withKey: key, atPath: externalIdPath, shownAs: value)
    }

    /// The one stored entry whose indexed `path` holds `value`, or `nil` when none does;
    /// `_soupEntryId`, the primary key, needs no index.
    func existingEntry(withValue value: JSON, atPath path: String) throws -> Existing? {
        if path == SoupEntryField.id { return try existingEntry(for: [path: value], externalIdPath: path, position: 0) }
        guard let key = IndexValue(key: value, as: try indexedPath(path).spec.type) else { return nil }
        return try existingEntry(withKey: key, atPath: path, shownAs: value)
    }

    /// A lookup by the value at `path` prepared once, for writing many entries.
    func prepared(atPath path: String) throws -> PreparedLookup {
        let index = try indexedPath(path)
        let column = try soup.expression(forPath: path)
        let statement = try db.cachedStatement(sql: "SELECT id, created FROM \(soup.tableName) WHERE \(column) = ? LIMIT 2")
        return PreparedLookup(lookup: self, path: path, index: index, statement: statement)
    }

    /// Finds entries by the value at one indexed path with a statement prepared once.
    struct PreparedLookup {
        let lookup: EntryLookup
        let path: String
        let index: SoupDescriptor.Index
        let statement: Statement

        func existingEntry(for entry: [String: JSON], position: Int) throws -> Existing? {
            guard let value = index.path.value(in: .object(entry)), let key = IndexValue(key: value, as: index.spec.type) else {
                throw SmartStoreError.missingExternalId(soup: lookup.soup.name, path: path, position: position)
            }
            try statement.setArgumentsKeepingText([key.databaseValue])
            let rows = try Row.fetchCursor(statement)
            guard let first = try rows.next() else { return nil }
            let found: Existing = (first[0], first[1] ?? 0)
            guard try rows.next() == nil else {
                return try lookup.existingEntry(withKey: key, atPath: path, shownAs: value)
            }
            return found
        }
    }

    private func indexedPath(_ path: String) throws -> SoupDescriptor.Index {
        guard let index = soup.index(forPath: path) else { throw SmartStoreError.pathNotIndexed(soup: soup.name, path: path) }
        return index
    }

    /// - Throws: ``SmartStoreError/externalIdNotUnique(soup:path:value:matches:)`` when several entries match.
    fileprivate func existingEntry(withKey key: IndexValue, atPath path: String, shownAs value: JSON) throws -> Existing? {
        let column = try soup.expression(forPath: path)
        let statement = try db.cachedStatement(sql: "SELECT id, created FROM \(soup.tableName) WHERE \(column) = ? LIMIT 2")
        try statement.setArgumentsKeepingText([key.databaseValue])
        let rows = try Row.fetchAll(statement)
        guard rows.count < 2 else {
            let counting = try db.makeStatement(sql: "SELECT count(*) FROM \(soup.tableName) WHERE \(column) = ?")
            try counting.setArgumentsKeepingText([key.databaseValue])
            let count = try Int.fetchOne(counting) ?? 2
            throw SmartStoreError.externalIdNotUnique(soup: soup.name, path: path, value: value.serialized(), matches: count)
        }
        return rows.first.map { ($0[0], $0[1] ?? 0) }
    }
}
