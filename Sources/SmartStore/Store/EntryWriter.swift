import Foundation
import GRDB
import SQLiteBinding
import SalesforceCore

/// Writes entries of one soup inside one transaction: sets the system fields, computes index
/// values and stores the JSON in the row or, for external storage, in a file.
struct EntryWriter {
    private let soup: SoupDescriptor
    private let db: Database
    private let files: ExternalStorageChanges
    /// When this writer's entries are written: their `_soupLastModifiedDate`.
    let now = Date().millisecondsSince1970
    private var nextId: Int64?
    private let insertSQL: String
    private let columnNames: [String]
    // Prepared once per writer: a page of entries would otherwise build and hash each SQL text per entry.
    private var insertStatement: RowStatement?
    /// The UPDATE for each set of index columns whose values change, by their positions.
    private var updateStatements: [[Int]: RowStatement] = [:]
    /// Reads an entry's index values before it is updated.
    private var indexValuesStatement: RowStatement?
    private var externalLookup: EntryLookup.PreparedLookup?
    /// The text of the prepared entry being written.
    private var text: [UInt8] = []

    init(soup: SoupDescriptor, db: Database, files: ExternalStorageChanges) {
        self.soup = soup
        self.db = db
        self.files = files
        columnNames = soup.columnIndexes.compactMap(\.columnName)
        let insertColumns = ["id", "created", "soup", "lastModified"] + columnNames
        let placeholders = SQLPlaceholders.list(insertColumns.count)
        insertSQL = "INSERT INTO \(soup.tableName) (\(insertColumns.joined(separator: ", "))) VALUES (\(placeholders))"
    }

    /// Finds the entry an upsert updates: by `_soupEntryId`, or by the value at an indexed path.
    mutating func existingEntry(for entry: [String: JSON], externalIdPath: String, position: Int) throws -> EntryLookup.Existing? {
        guard externalIdPath != SoupEntryField.id else {
            return try EntryLookup(soup: soup, db: db).existingEntry(for: entry, externalIdPath: externalIdPath, position: position)
        }
        if externalLookup?.path != externalIdPath { externalLookup = try EntryLookup(soup: soup, db: db).prepared(atPath: externalIdPath) }
        return try externalLookup?.existingEntry(for: entry, position: position)
    }

    /// Inserts `entry` under a new id, or replaces the existing entry, and returns it with its
    /// system fields. With `restoring`, the entry is one another store kept (a migration), inserted
    /// under its own id and dates, which the soup must not hold yet.
    mutating func write(
        _ entry: [String: JSON], replacing existing: EntryLookup.Existing?,
        restoring kept: (id: Int64, created: Int64, lastModified: Int64)? = nil
    ) throws -> (entry: JSON, id: Int64) {
        // A copy of the entry's storage rather than a merge, which would hash every key again.
        var members = entry
        if members.capacity < entry.count + 3 { members.reserveCapacity(entry.count + 3) }
        let id = try kept?.id ?? existing?.id ?? allocateId()
        let dates = kept.map { ($0.created, $0.lastModified) } ?? (existing?.created ?? now, now)
        members[SoupEntryField.id] = .integer(id)
        members[SoupEntryField.createdDate] = .integer(dates.0)
        members[SoupEntryField.lastModifiedDate] = .integer(dates.1)
        let stored = JSON.object(members)
        let indexValues = soup.columnIndexes.map { index in
            IndexValue(indexing: index.path.value(in: stored), as: index.spec.type)?.databaseValue ?? .null
        }
        // Stored text is only parsed back, so its keys need no sorting.
        try store(json: stored.serializedBytes(sortingKeys: false), indexValues: indexValues, id: id, over: existing, dates: dates)
        return (stored, id)
    }

    /// Writes the prepared entry at `position`: only the system fields are added to its text, in
    /// front, so nothing is parsed, copied or serialized here. Returns its id.
    mutating func write(_ prepared: PreparedEntries, at position: Int, replacing existing: EntryLookup.Existing?) throws -> Int64 {
        let id = try existing?.id ?? allocateId()
        let created = existing?.created ?? now
        // Built in one buffer kept for the writer's entries: joining strings costs more than the insert.
        text.removeAll(keepingCapacity: true)
        text.append(contentsOf: "{\"\(SoupEntryField.id)\":\(id),\"\(SoupEntryField.createdDate)\":\(created),".utf8)
        text.append(contentsOf: "\"\(SoupEntryField.lastModifiedDate)\":\(now)".utf8)
        var tail = prepared.tails[position]
        tail.withUTF8 { text.append(contentsOf: $0) }
        try store(json: text, indexValues: prepared.indexValues[position], id: id, over: existing)
        return id
    }

    /// Stores an entry's JSON (in its row, or in a file of its own for external storage) and its
    /// index values, as a new row (created at `dates.created`) or over `existing`, last modified
    /// at `dates.lastModified` (both now, unless a migration restores them).
    private mutating func store(
        json: some Collection<UInt8>, indexValues: [DatabaseValue], id: Int64, over existing: EntryLookup.Existing?,
        dates: (created: Int64, lastModified: Int64)? = nil
    ) throws {
        let dates = dates ?? (now, now)
        // An update sets only the index columns whose values change: SQLite rewrites the entry
        // of every index whose column an UPDATE sets, changed or not, and a re-synced record in
        // a large soup would dirty a page of each index, at a random place, to change one field.
        let changed = existing == nil ? [] : try changedColumns(of: id, to: indexValues)
        var statement: RowStatement
        if existing != nil {
            statement = try updateStatements[changed] ?? RowStatement(db.cachedStatement(sql: updateSQL(setting: changed)))
        } else {
            statement = try insertStatement ?? RowStatement(db.cachedStatement(sql: insertSQL))
            try statement.bind(id)
            try statement.bind(dates.created)
        }
        if soup.usesExternalStorage {
            try files.write(Array(json), table: soup.tableName, id: id)
            try statement.bind(.null)
        } else {
            try statement.bind(text: json)
        }
        try statement.bind(dates.lastModified)
        if existing != nil {
            for position in changed { try statement.bind(indexValues[position]) }
            try statement.bind(id)
            try statement.execute()
            updateStatements[changed] = statement
        } else {
            for value in indexValues { try statement.bind(value) }
            try statement.execute()
            insertStatement = statement
        }
    }

    /// The positions of the index columns whose stored values for entry `id` differ from `values`.
    private mutating func changedColumns(of id: Int64, to values: [DatabaseValue]) throws -> [Int] {
        guard !columnNames.isEmpty else { return [] }
        var statement =
            try indexValuesStatement
            ?? RowStatement(db.cachedStatement(sql: "SELECT \(columnNames.joined(separator: ", ")) FROM \(soup.tableName) WHERE id = ?"))
        try statement.bind(id)
        var changed: [Int] = []
        let rows = try statement.fetchCursor()
        if let row = try rows.next() {
            for position in values.indices where !Self.isStoredAs(row[position], values[position]) { changed.append(position) }
            // Reads past the only row, which resets the statement.
            _ = try rows.next()
        } else {
            changed = Array(values.indices)
        }
        indexValuesStatement = statement
        return changed
    }

    /// Whether a stored value is exactly `value`: same type, same bytes (Swift's string equality
    /// would call differently composed texts equal, which SQLite's indexes tell apart).
    private static func isStoredAs(_ stored: DatabaseValue, _ value: DatabaseValue) -> Bool {
        switch (stored.storage, value.storage) {
        case (.null, .null): true
        case (.int64(let old), .int64(let new)): old == new
        case (.double(let old), .double(let new)): old.bitPattern == new.bitPattern
        case (.string(let old), .string(let new)): old.utf8.elementsEqual(new.utf8)
        case (.blob(let old), .blob(let new)): old == new
        default: false
        }
    }

    /// `UPDATE` of an entry's JSON, its modification date and the index columns at `positions`.
    private func updateSQL(setting positions: [Int]) -> String {
        let assignments = (["soup", "lastModified"] + positions.map { columnNames[$0] }).map { "\($0) = ?" }.joined(separator: ", ")
        return "UPDATE \(soup.tableName) SET \(assignments) WHERE id = ?"
    }

    /// The next id, computed once per transaction so that the entry's JSON can carry its id
    /// in the same INSERT. AUTOINCREMENT's sequence never goes back, so ids are never reused.
    private mutating func allocateId() throws -> Int64 {
        let id: Int64
        if let nextId {
            id = nextId
        } else {
            let sequence = try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = ?", arguments: [soup.tableName]) ?? 0
            let highest = try Int64.fetchOne(db, sql: "SELECT max(id) FROM \(soup.tableName)") ?? 0
            let (next, overflow) = max(sequence, highest).addingReportingOverflow(1)
            guard !overflow else { throw SmartStoreError.database("the soup \(soup.spec.name) has used every id an entry can have") }
            id = next
        }
        let (after, overflow) = id.addingReportingOverflow(1)
        guard !overflow else { throw SmartStoreError.database("the soup \(soup.spec.name) has used every id an entry can have") }
        nextId = after
        return id
    }
}
