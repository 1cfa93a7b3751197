package import GRDB
import SmartStore

/// Reads the soups and entries of a Mobile SDK store's database (opened decrypted): the SDK's
/// schema, whatever SDK version wrote it from 4.3 on (`soup_attrs`, with the `externalStorage`
/// column of 4.3 to 10.x when it is there).
package struct MobileSDKStoreReader: Sendable {
    /// One stored entry: its id, its JSON as the SDK stored it (nil for an externally stored
    /// one), and its SQL timestamps in milliseconds.
    package struct Entry: Sendable, Equatable {
        package let id: Int64
        package let text: String?
        package let created: Int64
        package let lastModified: Int64
    }

    let database: DatabaseQueue

    /// A reader of `database`.
    package init(_ database: DatabaseQueue) {
        self.database = database
    }

    /// The store's soups, in the order they were registered.
    /// - Throws: ``SQLCipherError/unreadable(_:)`` when the database is not a SmartStore one, or an
    ///   index type is one the SDK never wrote.
    package func soups() throws(SQLCipherError) -> [MobileSDKSoup] {
        do {
            return try database.read { db in
                guard try db.tableExists("soup_attrs"), try db.tableExists("soup_index_map") else {
                    throw SQLCipherError.unreadable("it has no soup_attrs and soup_index_map tables, so it is not a SmartStore store")
                }
                let external = try db.columns(in: "soup_attrs").contains { $0.name == "externalStorage" }
                let soups = try Row.fetchAll(
                    db, sql: "SELECT id, soupName\(external ? ", externalStorage" : "") FROM soup_attrs ORDER BY id")
                return try soups.map { row in
                    guard let id = Self.integer(row["id"]), let name = Self.text(row["soupName"]) else {
                        throw SQLCipherError.unreadable("a row of soup_attrs has no id or no soup name")
                    }
                    let indexes = try Row.fetchAll(
                        db, sql: "SELECT path, columnName, columnType FROM soup_index_map WHERE soupName = ? ORDER BY rowid",
                        arguments: [name])
                    let specs = try indexes.map { index -> IndexSpec in
                        guard let path = Self.text(index["path"]), let type = Self.text(index["columnType"]) else {
                            throw SQLCipherError.unreadable("an index of soup \(name) has no path or no type")
                        }
                        guard let known = IndexType(rawValue: type) else {
                            throw SQLCipherError.unreadable("soup \(name) has an index of type \(type), which no SDK version wrote")
                        }
                        return IndexSpec(path: path, type: known)
                    }
                    let usesExternalStorage = external && Self.integer(row["externalStorage"]) ?? 0 != 0
                    return MobileSDKSoup(id: id, name: name, indexSpecs: specs, usesExternalStorage: usesExternalStorage)
                }
            }
        } catch let error as SQLCipherError {
            throw error
        } catch {
            throw .unreadable("its soups cannot be read (\(error))")
        }
    }

    /// Up to `limit` entries of `soup` with ids above `id` (from the first when nil), in id
    /// order: a soup's entries are parsed and written a batch at a time.
    package func entries(of soup: MobileSDKSoup, after id: Int64?, limit: Int) throws(SQLCipherError) -> [Entry] {
        do {
            return try database.read { db in
                try Row.fetchAll(
                    db,
                    sql:
                        "SELECT id, soup, created, lastModified FROM \(soup.tableName) \(id == nil ? "" : "WHERE id > ?") ORDER BY id LIMIT ?",
                    arguments: StatementArguments(id.map { [$0, Int64(limit)] } ?? [Int64(limit)])
                ).map { row in
                    guard let id = Self.integer(row["id"]) else {
                        throw SQLCipherError.unreadable("an entry of soup \(soup.name) has no id")
                    }
                    let text: String?
                    switch (row["soup"] as DatabaseValue).storage {
                    case .string(let stored): text = stored
                    case .null: text = nil
                    default: throw SQLCipherError.unreadable("entry \(id) of soup \(soup.name) is not text")
                    }
                    return Entry(
                        id: id, text: text, created: Self.integer(row["created"]) ?? 0, lastModified: Self.integer(row["lastModified"]) ?? 0
                    )
                }
            }
        } catch let error as SQLCipherError {
            throw error
        } catch {
            throw .unreadable("the entries of soup \(soup.name) cannot be read (\(error))")
        }
    }

    /// How many entries `soup` has, and the highest id its table ever gave (its AUTOINCREMENT
    /// sequence, which a removed entry's id stays below).
    package func size(of soup: MobileSDKSoup) throws(SQLCipherError) -> (entries: Int, sequence: Int64) {
        do {
            return try database.read { db in
                let entries = try Int.fetchOne(db, sql: "SELECT count(*) FROM \(soup.tableName)") ?? 0
                let sequence =
                    try db.tableExists("sqlite_sequence")
                    ? Int64.fetchOne(db, sql: "SELECT max(seq) FROM sqlite_sequence WHERE name = ?", arguments: [soup.tableName]) : nil
                return (entries, sequence ?? 0)
            }
        } catch {
            throw .unreadable("the entries of soup \(soup.name) cannot be counted (\(error))")
        }
    }

    /// A column's text; nil for anything else, so an odd value is refused and never trapped on.
    private static func text(_ value: DatabaseValue) -> String? {
        if case .string(let text) = value.storage { return text }
        return nil
    }

    /// A column's integer, whatever SQLite stored it as; nil for NULL, text and blobs.
    private static func integer(_ value: DatabaseValue) -> Int64? {
        switch value.storage {
        case .int64(let number): number
        case .double(let number): Int64(exactly: number.rounded(.towardZero))
        default: nil
        }
    }
}
