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
    private let updateSQL: String
    // Prepared once per writer: a page of entries would otherwise build and hash each SQL text per entry.
    private var insertStatement: RowStatement?
    private var updateStatement: RowStatement?
    private var externalLookup: EntryLookup.PreparedLookup?
    /// The text of the prepared entry being written.
    private var text: [UInt8] = []

    init(soup: SoupDescriptor, db: Database, files: ExternalStorageChanges) {
        self.soup = soup
        self.db = db
        self.files = files
        let columnNames = soup.columnIndexes.compactMap(\.columnName)
        let insertColumns = ["id", "created", "soup", "lastModified"] + columnNames
        let placeholders = Array(repeating: "?", count: insertColumns.count).joined(separator: ", ")
        insertSQL = "INSERT INTO \(soup.tableName) (\(insertColumns.joined(separator: ", "))) VALUES (\(placeholders))"
        let assignments = (["soup", "lastModified"] + columnNames).map { "\($0) = ?" }.joined(separator: ", ")
        updateSQL = "UPDATE \(soup.tableName) SET \(assignments) WHERE id = ?"
    }

    /// Finds the entry an upsert updates: by `_soupEntryId`, or by the value at an indexed path.
    mutating func existingEntry(for entry: [String: JSON], externalIdPath: String, position: Int) throws -> EntryLookup.Existing? {
        guard externalIdPath != SoupEntryField.id else {
            return try EntryLookup(soup: soup, db: db).existingEntry(for: entry, externalIdPath: externalIdPath, position: position)
        }
        if externalLookup?.path != externalIdPath { externalLookup = try EntryLookup(soup: soup, db: db).prepared(atPath: externalIdPath) }
        return try externalLookup?.existingEntry(for: entry, position: position)
    }

    /// Inserts `entry` under a new id, or replaces the existing entry, and returns it with its system fields.
    mutating func write(_ entry: [String: JSON], replacing existing: EntryLookup.Existing?) throws -> (entry: JSON, id: Int64) {
        // A copy of the entry's storage rather than a merge, which would hash every key again.
        var members = entry
        if members.capacity < entry.count + 3 { members.reserveCapacity(entry.count + 3) }
        let id = try existing?.id ?? allocateId()
        members[SoupEntryField.id] = .integer(id)
        members[SoupEntryField.createdDate] = .integer(existing?.created ?? now)
        members[SoupEntryField.lastModifiedDate] = .integer(now)
        let stored = JSON.object(members)
        let indexValues = soup.columnIndexes.map { index in
            IndexValue(indexing: index.path.value(in: stored), as: index.spec.type)?.databaseValue ?? .null
        }
        // Stored text is only parsed back, so its keys need no sorting.
        try store(json: stored.serializedBytes(sortingKeys: false), indexValues: indexValues, id: id, over: existing)
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
    /// index values, as a new row or over `existing`.
    private mutating func store(json: some Collection<UInt8>, indexValues: [DatabaseValue], id: Int64, over existing: EntryLookup.Existing?)
        throws
    {
        var statement: RowStatement
        if existing != nil {
            statement = try updateStatement ?? RowStatement(db.cachedStatement(sql: updateSQL))
        } else {
            statement = try insertStatement ?? RowStatement(db.cachedStatement(sql: insertSQL))
            try statement.bind(id)
            try statement.bind(now)
        }
        if soup.usesExternalStorage {
            try files.write(Array(json), table: soup.tableName, id: id)
            try statement.bind(.null)
        } else {
            try statement.bind(text: json)
        }
        try statement.bind(now)
        for value in indexValues { try statement.bind(value) }
        if existing != nil {
            try statement.bind(id)
            try statement.execute()
            updateStatement = statement
        } else {
            try statement.execute()
            insertStatement = statement
        }
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
            id = max(sequence, highest) + 1
        }
        nextId = id + 1
        return id
    }
}
