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
}

extension SmartStore {
    /// Registers a soup and writes the entries another store kept in it, each under its own id
    /// and dates, in one transaction: after a failure, or a kill, the store is as it was before.
    ///
    /// A soup of that name must not exist, or must have no entry (one registered from a
    /// configuration before the migration): it is then replaced.
    /// - Parameters:
    ///   - nextIdAfter: the highest id the other store ever gave (its AUTOINCREMENT sequence): new
    ///     entries get higher ids, so no id is given twice.
    ///   - batch: the entries with ids above its argument, in id order, a batch at a time; empty
    ///     at the end. Called inside the transaction; what it throws ends the transaction and
    ///     reaches the caller as it was thrown.
    ///   - written: told the running count of entries written after each batch.
    /// - Returns: how many entries were written.
    /// - Throws: what `batch` throws; ``RestoreError`` for a soup that has entries or an entry
    ///   that is not a JSON object; ``SmartStoreError`` for invalid specs or a failing store.
    package func restoreSoup(
        _ spec: SoupSpec, indexSpecs: [IndexSpec], nextIdAfter sequence: Int64,
        batch: @escaping @Sendable (_ after: Int64) throws -> [RestoredEntry],
        written: @escaping @Sendable (Int) -> Void = { _ in }
    ) async throws -> Int {
        try Self.validate(spec, indexSpecs: indexSpecs)
        defer { catalog.invalidate() }
        do {
            return try await writeTransaction { db, files in
                if let existing = try StoreSchema.loadDescriptors(db)[spec.name] {
                    let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM \(existing.tableName)") ?? 0
                    guard count == 0 else { throw RestoreError.soupHasEntries(soup: spec.name, count: count) }
                    try StoreSchema.dropStorage(for: existing, db)
                    try StoreSchema.deleteSoupRecord(existing, db)
                    files.removeAll(table: existing.tableName)
                }
                let soup = try StoreSchema.insertSoup(spec, indexSpecs: indexSpecs, db)
                try StoreSchema.createTable(for: soup, db)
                var writer = EntryWriter(soup: soup, db: db, files: files)
                var last = Int64.min
                var count = 0
                while true {
                    let entries = try batch(last)
                    guard !entries.isEmpty else { break }
                    for entry in entries {
                        guard entry.id > last else { throw SmartStoreError.database("restored entries must come in increasing id order") }
                        guard case .object(let members) = try? JSON(parsing: entry.text) else {
                            throw RestoreError.entryNotObject(soup: spec.name, id: entry.id)
                        }
                        try writer.restore(members, id: entry.id, created: entry.created, lastModified: entry.lastModified)
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
                return count
            }
        } catch let error as DatabaseError {
            throw SmartStoreError(error)
        }
    }
}
