package import Foundation
import GRDB
import SalesforceCore

/// An entry as another store kept it (the Mobile SDK's, being migrated): its id, its JSON, and
/// when it was created and last written, in milliseconds since 1970.
package struct RestoredEntry: Sendable {
    /// Its `_soupEntryId`, kept in the new store.
    package let id: Int64
    /// Its JSON object, as the other store kept it.
    package let text: String
    /// When it was created.
    package let created: Int64
    /// When it was last written: its `_soupLastModifiedDate`.
    package let lastModified: Int64

    /// An entry to restore.
    package init(id: Int64, text: String, created: Int64, lastModified: Int64) {
        self.id = id
        self.text = text
        self.created = created
        self.lastModified = lastModified
    }
}

/// Why entries could not be restored into a soup.
package enum RestoreError: Error, Equatable, Sendable {
    /// The soup exists in the new store with entries of its own.
    case soupHasEntries(soup: String, count: Int)
    /// The entry's JSON is not an object.
    case entryNotObject(soup: String, id: Int64)
    /// An entry's id, or the highest id the other store gave, is not one a soup can hold (1
    /// up to, not including, `Int64.max`: the next id must exist).
    case idOutOfRange(soup: String, id: Int64)
}

/// Which soups were restored from another store, from where, and whether they were checked
/// since: kept in the store's `soup_origins` table, written with the soup.
package struct SoupOrigin: Sendable, Equatable {
    /// What the soup was restored from (the migration names the other store and its table).
    package let origin: String
    /// Whether the restored soup was read back and found equal to its origin.
    package let verified: Bool
}

enum SoupOrigins {
    static let table = "soup_origins"
}

extension SmartStore {
    /// Registers a soup and writes the entries another store kept in it, each under its own id
    /// and dates, in one transaction: after a failure, or a kill, the store is as it was before.
    /// The soup is recorded as restored from `origin`, not yet verified (``markRestoredSoupVerified(_:)``).
    ///
    /// A soup of that name must not exist, or must have no entry (one registered from a
    /// configuration before the migration): it is then replaced, with its index specs for paths
    /// the restored specs do not index kept.
    /// - Parameters:
    ///   - nextIdAfter: the highest id the other store ever gave (its AUTOINCREMENT sequence): new
    ///     entries get higher ids, so no id is given twice.
    ///   - batch: the entries with ids above its argument (nil for the first batch), in id order,
    ///     a batch at a time; empty at the end. Called inside the transaction; what it throws ends
    ///     the transaction and reaches the caller as it was thrown.
    ///   - written: told the running count of entries written after each batch.
    /// - Returns: how many entries were written.
    /// - Throws: what `batch` throws; ``RestoreError`` for a soup that has entries, an entry that
    ///   is not a JSON object or an id out of range; ``SmartStoreError`` for invalid specs or a
    ///   failing store.
    package func restoreSoup(
        _ spec: SoupSpec, indexSpecs: [IndexSpec], nextIdAfter sequence: Int64, origin: String,
        batch: @escaping @Sendable (_ after: Int64?) throws -> [RestoredEntry],
        written: @escaping @Sendable (Int) -> Void = { _ in }
    ) async throws -> Int {
        try Self.validate(spec, indexSpecs: indexSpecs)
        guard (0..<Int64.max).contains(sequence) else { throw RestoreError.idOutOfRange(soup: spec.name, id: sequence) }
        defer { catalog.invalidate() }
        do {
            return try await writeTransaction { db, files in
                var indexSpecs = indexSpecs
                if let existing = try StoreSchema.loadDescriptors(db)[spec.name] {
                    let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM \(existing.tableName)") ?? 0
                    guard count == 0 else { throw RestoreError.soupHasEntries(soup: spec.name, count: count) }
                    let restored = Set(indexSpecs.map(\.path))
                    indexSpecs += existing.indexes.map(\.spec).filter { !restored.contains($0.path) }
                    try StoreSchema.dropStorage(for: existing, db)
                    try StoreSchema.deleteSoupRecord(existing, db)
                    files.removeAll(table: existing.tableName)
                }
                try Self.validate(spec, indexSpecs: indexSpecs)
                let soup = try StoreSchema.insertSoup(spec, indexSpecs: indexSpecs, db)
                try StoreSchema.createTable(for: soup, db)
                var writer = EntryWriter(soup: soup, db: db, files: files)
                var last: Int64?
                var count = 0
                while true {
                    let entries = try batch(last)
                    guard !entries.isEmpty else { break }
                    for entry in entries {
                        guard (1..<Int64.max).contains(entry.id) else { throw RestoreError.idOutOfRange(soup: spec.name, id: entry.id) }
                        guard last.map({ entry.id > $0 }) ?? true else {
                            throw SmartStoreError.database("restored entries must come in increasing id order")
                        }
                        guard case .object(let members) = try? JSON(parsing: entry.text) else {
                            throw RestoreError.entryNotObject(soup: spec.name, id: entry.id)
                        }
                        _ = try writer.write(members, replacing: nil, restoring: (entry.id, entry.created, entry.lastModified))
                        last = entry.id
                    }
                    count += entries.count
                    written(count)
                }
                // Indexes after the rows: one sort each instead of a tree grown entry by entry.
                // The full-text table is filled from the rows here too.
                try StoreSchema.createIndexes(for: soup, db)
                // sqlite_sequence has no key on its name: its row is updated, or added when no
                // insert made one.
                try db.execute(
                    sql: "UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = ?", arguments: [sequence, soup.tableName])
                if db.changesCount == 0 {
                    try db.execute(sql: "INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)", arguments: [soup.tableName, sequence])
                }
                // With what it held and when: a soup the app has written to since is not one a
                // failed check may remove.
                try db.execute(
                    sql: """
                        CREATE TABLE IF NOT EXISTS \(SoupOrigins.table) (
                            soupName TEXT PRIMARY KEY, origin TEXT NOT NULL, verified INTEGER NOT NULL DEFAULT 0,
                            entries INTEGER NOT NULL, restoredAt INTEGER NOT NULL)
                        """)
                try db.execute(
                    sql:
                        "INSERT OR REPLACE INTO \(SoupOrigins.table) (soupName, origin, verified, entries, restoredAt) VALUES (?, ?, 0, ?, ?)",
                    arguments: [spec.name, origin, count, writer.now])
                return count
            }
        } catch let error as DatabaseError {
            throw SmartStoreError(error)
        }
    }

    /// The folder a store at `url` keeps its external entry files in (`<database>_external_soup_blobs`,
    /// the Android SDK's layout too).
    package static func externalStorageFolder(forDatabase url: URL) -> URL {
        ExternalStorage.directory(forDatabase: url)
    }

    /// The soups restored from another store, by name.
    package func restoredSoups() async throws(SmartStoreError) -> [String: SoupOrigin] {
        try await read { db in
            guard try db.tableExists(SoupOrigins.table) else { return [:] }
            var origins: [String: SoupOrigin] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT soupName, origin, verified FROM \(SoupOrigins.table)") {
                // Read by storage class: a value changed by hand is skipped, never trapped on.
                guard case .string(let name) = (row["soupName"] as DatabaseValue).storage,
                    case .string(let origin) = (row["origin"] as DatabaseValue).storage
                else { continue }
                origins[name] = SoupOrigin(origin: origin, verified: (row["verified"] as DatabaseValue) == 1.databaseValue)
            }
            return origins
        }
    }

    /// Removes the restored soup `name` if nothing has written to it since it was restored (it
    /// has the entries it was restored with, none written later), in one transaction; returns
    /// whether it did. A soup the app has used since is kept.
    package func removeRestoredSoupIfUnchanged(_ name: String) async throws(SmartStoreError) -> Bool {
        defer { catalog.invalidate() }
        return try await write { db, files in
            guard try db.tableExists(SoupOrigins.table), let soup = try StoreSchema.loadDescriptors(db)[name],
                let row = try Row.fetchOne(
                    db, sql: "SELECT entries, restoredAt FROM \(SoupOrigins.table) WHERE soupName = ?", arguments: [name]),
                case .int64(let entries) = (row["entries"] as DatabaseValue).storage,
                case .int64(let restoredAt) = (row["restoredAt"] as DatabaseValue).storage
            else { return false }
            let count = try Int64.fetchOne(db, sql: "SELECT count(*) FROM \(soup.tableName)") ?? 0
            let written = try Int64.fetchOne(db, sql: "SELECT max(lastModified) FROM \(soup.tableName)") ?? .min
            guard count == entries, written < restoredAt else { return false }
            try StoreSchema.dropStorage(for: soup, db)
            try StoreSchema.deleteSoupRecord(soup, db)
            files.removeAll(table: soup.tableName)
            return true
        }
    }

    /// Records that the restored soup `name` was read back and found equal to its origin.
    package func markRestoredSoupVerified(_ name: String) async throws(SmartStoreError) {
        try await write { db, _ in
            guard try db.tableExists(SoupOrigins.table) else { return }
            try db.execute(sql: "UPDATE \(SoupOrigins.table) SET verified = 1 WHERE soupName = ?", arguments: [name])
        }
    }
}
