import GRDB
import SQLiteBinding
public import SalesforceCore

/// The store inside one write transaction: what ``SmartStore/transaction(_:)`` hands its body.
///
/// Everything done through it commits together or not at all, and no other write runs in
/// between, so a caller can read an entry, decide, and write, knowing the entry did not change
/// meanwhile. Mobile Sync saves each page of records together with the sync's progress this
/// way, and writes a record back only if the app did not edit it since it was read.
///
/// It is valid only while the body runs; it is not `Sendable`, so it cannot escape to another task.
public final class StoreTransaction {
    private let db: Database
    /// Nil when SmartStore's own reads borrow this type's code on a read connection.
    private let files: ExternalStorageChanges?
    private let catalog: SchemaCatalog
    /// Tells this transaction from every other, for the upsert series that write in it.
    private let serial = StoreTransaction.serials.withLock { serial in
        serial += 1
        return serial
    }
    private static let serials = Locked(0)
    /// The series that upserted in this transaction, told when it has written all it writes.
    private var series: [UpsertSeries] = []

    init(db: Database, files: ExternalStorageChanges?, catalog: SchemaCatalog) {
        self.db = db
        self.files = files
        self.catalog = catalog
    }

    /// Called when the body is done and the transaction is about to commit.
    func finish() throws {
        for each in series { try each.settle(transaction: serial, db) }
    }

    /// Inserts or updates entries and returns them as stored, as ``SmartStore/upsert(entries:inSoup:withExternalIdPath:)`` does.
    @discardableResult
    public func upsert(
        entries: [JSON], inSoup soupName: String, withExternalIdPath externalIdPath: String = SoupEntryField.id
    ) throws(SmartStoreError) -> [JSON] {
        try mapping {
            let soup = try catalog.descriptor(named: soupName, db)
            var stored: [JSON] = []
            stored.reserveCapacity(entries.count)
            try upsertEach(entries, into: soup, externalIdPath: externalIdPath) { writer, _, members, existing in
                let written = try writer.write(members, replacing: existing)
                stored.append(written.entry)
                return written.id
            }
            return stored
        }
    }

    /// Inserts or updates entries prepared with ``SmartStore/prepare(entries:inSoup:)``, as
    /// ``upsert(entries:inSoup:withExternalIdPath:)`` does, and returns how many were written.
    ///
    /// The stored entries are not returned: building them is the work preparing saves.
    @discardableResult
    public func upsert(_ prepared: PreparedEntries, withExternalIdPath externalIdPath: String = SoupEntryField.id) throws(SmartStoreError)
        -> Int
    {
        try write(prepared, withExternalIdPath: externalIdPath).entries.count
    }

    /// Upserts prepared entries as ``upsert(_:withExternalIdPath:)`` does, in a `series` (a sync
    /// down's pages): entries the series knows to be new are inserted without being looked up.
    @discardableResult
    package func upsert(_ prepared: PreparedEntries, withExternalIdPath externalIdPath: String, in series: UpsertSeries)
        throws(SmartStoreError) -> Int
    {
        try write(prepared, withExternalIdPath: externalIdPath, in: series).entries.count
    }

    /// Writes prepared entries and returns each one's id and creation date, and the time they were written.
    func write(_ prepared: PreparedEntries, withExternalIdPath externalIdPath: String, in series: UpsertSeries? = nil)
        throws(SmartStoreError) -> (
            entries: [EntryLookup.Existing], writtenAt: Int64
        )
    {
        try mapping {
            let soup = try catalog.descriptor(named: prepared.soupName, db)
            var written: [EntryLookup.Existing] = []
            written.reserveCapacity(prepared.count)
            // A soup altered since the entries were prepared gets them written as any upsert writes them.
            guard prepared.fits(soup) else {
                let entries = (0..<prepared.count).map(prepared.entry(at:))
                let writtenAt = try upsertEach(entries, into: soup, externalIdPath: externalIdPath) { writer, _, members, existing in
                    let id = try writer.write(members, replacing: existing).id
                    written.append((id, existing?.created ?? writer.now))
                    return id
                }
                return (written, writtenAt)
            }
            var writer = EntryWriter(soup: soup, db: db, files: try writableFiles())
            // Keyed by a string column, the keys are the prepared index values: the entries are
            // not read again here.
            let keys = try prepared.keys(atPath: externalIdPath, in: soup)
            if let keys, let series, let known = try series.knownKeys(soup: soup, transaction: serial, db) {
                if !self.series.contains(where: { $0 === series }) { self.series.append(series) }
                // A key the series never wrote, nor any write of another (the series checked),
                // is new: only the others are looked up, one by one, seeing this batch's inserts.
                for position in 0..<prepared.count {
                    let existing =
                        known.mayContain(keys[position])
                        ? try writer.existingEntry(
                            for: try members(of: prepared, at: position), externalIdPath: externalIdPath, position: position)
                        : nil
                    let id = try writer.write(prepared, at: position, replacing: existing)
                    known.insert(keys[position])
                    written.append((id, existing?.created ?? writer.now))
                }
                return (written, writer.now)
            }
            var batch = try keys.map { keys in try TextKeyBatch(lookup: EntryLookup(soup: soup, db: db), path: externalIdPath, keys: keys) }
            for position in 0..<prepared.count {
                let existing: EntryLookup.Existing?
                if let batch {
                    existing = batch.match(at: position)
                } else {
                    existing = try writer.existingEntry(
                        for: try members(of: prepared, at: position), externalIdPath: externalIdPath, position: position)
                }
                let id = try writer.write(prepared, at: position, replacing: existing)
                let entry = (id, existing?.created ?? writer.now)
                if existing == nil { batch?.remember(entry, at: position) }
                written.append(entry)
            }
            return (written, writer.now)
        }
    }

    /// The members of the prepared entry at `position`, as stored.
    private func members(of prepared: PreparedEntries, at position: Int) throws -> [String: JSON] {
        guard case .object(let members) = prepared.entry(at: position) else { throw SmartStoreError.entryNotObject(position: position) }
        return members
    }

    /// Upserts `entries` one by one with `write`, each over the stored entry it matches (by
    /// `_soupEntryId`, or by the value at `externalIdPath`, read for the whole batch at once when
    /// it is an indexed string), and returns when they were written. `write` returns the entry's id.
    @discardableResult
    private func upsertEach(
        _ entries: [JSON], into soup: SoupDescriptor, externalIdPath: String,
        _ write: (inout EntryWriter, _ position: Int, _ members: [String: JSON], _ existing: EntryLookup.Existing?) throws -> Int64
    ) throws -> Int64 {
        var writer = EntryWriter(soup: soup, db: db, files: try writableFiles())
        let objects = try entries.enumerated().map { position, entry in
            guard case .object(let members) = entry else { throw SmartStoreError.entryNotObject(position: position) }
            return members
        }
        var batch =
            externalIdPath == SoupEntryField.id
            ? nil : try TextKeyBatch(lookup: EntryLookup(soup: soup, db: db), path: externalIdPath, entries: objects)
        for (position, members) in objects.enumerated() {
            let existing =
                if let batch { batch.match(at: position) } else {
                    try writer.existingEntry(for: members, externalIdPath: externalIdPath, position: position)
                }
            let id = try write(&writer, position, members, existing)
            if existing == nil { batch?.remember((id, writer.now), at: position) }
        }
        return writer.now
    }

    /// Inserts an entry under a new id, whatever `_soupEntryId` it carries, and returns it as stored.
    @discardableResult
    public func create(entry: JSON, inSoup soupName: String) throws(SmartStoreError) -> JSON {
        try mapping {
            let soup = try catalog.descriptor(named: soupName, db)
            guard case .object(let members) = entry else { throw SmartStoreError.entryNotObject(position: 0) }
            var writer = EntryWriter(soup: soup, db: db, files: try writableFiles())
            return try writer.write(members, replacing: nil).entry
        }
    }

    /// Replaces the entry with the given id and returns it as stored.
    /// - Throws: ``SmartStoreError/entryNotFound(soup:soupEntryId:)`` when there is no such entry.
    @discardableResult
    public func update(entry: JSON, soupEntryId: Int64, inSoup soupName: String) throws(SmartStoreError) -> JSON {
        try mapping {
            let soup = try catalog.descriptor(named: soupName, db)
            guard case .object(var members) = entry else { throw SmartStoreError.entryNotObject(position: 0) }
            members[SoupEntryField.id] = .integer(soupEntryId)
            var writer = EntryWriter(soup: soup, db: db, files: try writableFiles())
            guard let existing = try writer.existingEntry(for: members, externalIdPath: SoupEntryField.id, position: 0) else {
                throw SmartStoreError.entryNotFound(soup: soupName, soupEntryId: soupEntryId)
            }
            return try writer.write(members, replacing: existing).entry
        }
    }

    /// The entries with the given ids, in the order of the ids; ids with no entry are skipped.
    public func retrieve(usingSoupEntryIds ids: [Int64], inSoup soupName: String) throws(SmartStoreError) -> [JSON] {
        try mapping {
            let soup = try catalog.descriptor(named: soupName, db)
            var found: [Int64: JSON] = [:]
            for chunk in ids.chunks(of: 500) {
                let sql =
                    "SELECT id, \(soup.entryExpression()) FROM \(soup.tableName) WHERE id IN (\(SQLPlaceholders.list(chunk.count)))"
                let rows = try Row.fetchCursor(db, sql: sql, arguments: StatementArguments(chunk))
                while let row = try rows.next() {
                    found[row[0]] = try ResultReader.entry(in: row, at: 1)
                }
            }
            return ids.compactMap { found[$0] }
        }
    }

    /// The id of the one entry whose indexed `path` holds `value`, or `nil` when none does.
    /// With `_soupEntryId` as the path (the primary key, never indexed), the id itself when
    /// that entry exists.
    /// - Throws: ``SmartStoreError/externalIdNotUnique(soup:path:value:matches:)`` when several do.
    public func lookupSoupEntryId(inSoup soupName: String, fieldPath path: String, fieldValue value: JSON) throws(SmartStoreError)
        -> Int64?
    {
        try mapping {
            let soup = try catalog.descriptor(named: soupName, db)
            return try EntryLookup(soup: soup, db: db).existingEntry(withValue: value, atPath: path)?.id
        }
    }

    /// Removes the entries with the given ids; ids with no entry are ignored.
    public func remove(entryIds ids: [Int64], inSoup soupName: String) throws(SmartStoreError) {
        try mapping {
            try SmartStore.delete(ids, from: try catalog.descriptor(named: soupName, db), files: try writableFiles(), db)
        }
    }

    /// One page of a query's results, as ``SmartStore/query(using:startingFromPageIndex:arguments:)`` returns it,
    /// including what this transaction wrote so far.
    public func query(using spec: QuerySpec, startingFromPageIndex pageIndex: Int = 0, arguments: [JSON] = []) throws(SmartStoreError)
        -> [JSON]
    {
        guard spec.pageSize > 0 else { throw .invalidQuerySpec("\"pageSize\" must be at least 1, not \(spec.pageSize)") }
        guard pageIndex >= 0 else { throw .invalidQuerySpec("the page index must not be negative") }
        let offset = spec.pageSize.multipliedReportingOverflow(by: pageIndex)
        guard !offset.overflow else { return [] }
        return try mapping {
            try SmartStore.page(of: spec, limit: spec.pageSize, offset: offset.partialValue, arguments: arguments, catalog: catalog, db)
        }
    }

    private func writableFiles() throws(SmartStoreError) -> ExternalStorageChanges {
        guard let files else { throw .database("a write was attempted on a read connection") }
        return files
    }

    private func mapping<T>(_ body: () throws -> T) throws(SmartStoreError) -> T {
        do {
            return try body()
        } catch {
            throw SmartStoreError(error)
        }
    }
}

extension SmartStore {
    /// Runs `body` in one write transaction and returns what it returns: everything it does
    /// through the ``StoreTransaction`` commits together, or nothing does when it throws.
    ///
    /// Reads elsewhere go on meanwhile and see the state before it; other writes wait. Keep
    /// the body short and free of network calls.
    ///
    /// ```swift
    /// try await store.transaction { tx in
    ///     let entry = try tx.retrieve(usingSoupEntryIds: [id], inSoup: "Account").first
    ///     guard entry?["__local__"] != true else { return }  // the user edited it meanwhile
    ///     try tx.upsert(entries: [serverCopy], inSoup: "Account", withExternalIdPath: "Id")
    /// }
    /// ```
    /// - Throws: What `body` throws, as it threw it; ``SmartStoreError/readOnly(path:)`` for a
    ///   read-only store; the store's failures as ``SmartStoreError``.
    public func transaction<T: Sendable>(_ body: @escaping @Sendable (StoreTransaction) throws -> T) async throws -> T {
        do {
            return try await writeTransaction { [catalog] db, files in
                let transaction = StoreTransaction(db: db, files: files, catalog: catalog)
                let result = try body(transaction)
                try transaction.finish()
                return result
            }
        } catch let error as DatabaseError {
            // SQLite failing at commit (a full disk, say) is the store's failure, not the body's.
            throw SmartStoreError(error)
        }
    }
}
