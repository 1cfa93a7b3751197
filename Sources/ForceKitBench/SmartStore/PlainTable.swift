import GRDB
import SQLiteBinding
import SalesforceCore

/// The baseline: a table laid out as SmartStore lays out a soup (id, JSON text, dates, one
/// column and index per indexed field, an FTS5 table for full text), written and read with
/// plain GRDB statements and rows prepared in advance.
struct PlainTable {
    let columns: Int
    let fullTextColumn: Int?
    /// The table's name; its indexes' and full-text table's names begin with it.
    var name = "t"

    /// A pool for the baseline, with the page cache SmartStore gives its connections (16 MiB,
    /// set in SmartStore's `StoreDatabase`), so both sides of a ratio read from the same memory.
    static func openPool(at path: String) throws -> DatabasePool {
        var configuration = Configuration()
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA cache_size = -16384") }
        return try DatabasePool(path: path, configuration: configuration)
    }

    func create(_ db: Database) throws {
        let definitions =
            ["id INTEGER PRIMARY KEY AUTOINCREMENT", "soup TEXT", "created INTEGER", "lastModified INTEGER"]
            + (0..<columns).map { "c\($0) TEXT" }
        try db.execute(sql: "CREATE TABLE \(name) (\(definitions.joined(separator: ", ")))")
        try db.execute(
            sql: "CREATE INDEX \(name)_created ON \(name) (created); CREATE INDEX \(name)_lastModified ON \(name) (lastModified)")
        for column in 0..<columns { try db.execute(sql: "CREATE INDEX \(name)_c\(column) ON \(name) (c\(column))") }
        if let fullTextColumn {
            try db.execute(
                sql: """
                    CREATE VIRTUAL TABLE \(name)_fts USING fts5(c\(fullTextColumn));
                    CREATE TRIGGER \(name)_fts_insert AFTER INSERT ON \(name) BEGIN
                        INSERT INTO \(name)_fts (rowid, c\(fullTextColumn)) VALUES (new.id, new.c\(fullTextColumn)); END;
                    """)
        }
    }

    var insertSQL: String {
        let names = ["soup", "created", "lastModified"] + (0..<columns).map { "c\($0)" }
        return
            "INSERT INTO \(name) (\(names.joined(separator: ", "))) VALUES (\(SQLPlaceholders.list(names.count)))"
    }

    /// The rows for `entries`: JSON text as SmartStore stores it (system fields included) and
    /// the indexed values.
    static func rows(_ entries: [JSON], indexed fields: [String]) -> [[DatabaseValue]] {
        entries.enumerated().map { position, entry in
            var members = entry.objectValue ?? [:]
            members["_soupEntryId"] = .integer(Int64(position + 1))
            members["_soupCreatedDate"] = .integer(1_700_000_000_000)
            members["_soupLastModifiedDate"] = .integer(1_700_000_000_000)
            let values = fields.map { members[$0]?.stringValue?.databaseValue ?? .null }
            return [JSON.object(members).serialized().databaseValue, 1_700_000_000_000.databaseValue, 1_700_000_000_000.databaseValue]
                + values
        }
    }
}
