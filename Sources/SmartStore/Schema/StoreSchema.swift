import GRDB
import SalesforceCore

/// The SQL that lays out soups: the metadata tables every store has, and each soup's table,
/// indexes and full-text table.
enum StoreSchema {
    /// Whether the database has the tables every store has, which a read-only open cannot create.
    static func hasMetadataTables(_ db: Database) throws -> Bool {
        try db.tableExists("soup_attrs") && db.tableExists("soup_index_map") && db.tableExists("long_operations_status")
    }

    /// Creates the metadata tables of a new store; a no-op on an existing one.
    static func createMetadataTables(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE IF NOT EXISTS soup_attrs (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    soupName TEXT NOT NULL UNIQUE,
                    features TEXT NOT NULL DEFAULT '[]');
                CREATE TABLE IF NOT EXISTS soup_index_map (
                    soupName TEXT NOT NULL,
                    position INTEGER NOT NULL,
                    path TEXT NOT NULL,
                    columnName TEXT,
                    columnType TEXT NOT NULL,
                    PRIMARY KEY (soupName, position));
                CREATE TABLE IF NOT EXISTS long_operations_status (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    type TEXT NOT NULL,
                    details TEXT NOT NULL,
                    status TEXT NOT NULL,
                    created INTEGER NOT NULL,
                    lastModified INTEGER NOT NULL);
                """)
    }

    /// Every registered soup, read from the metadata tables.
    static func loadDescriptors(_ db: Database) throws -> [String: SoupDescriptor] {
        var specsBySoup: [String: [IndexSpec]] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT soupName, path, columnType FROM soup_index_map ORDER BY soupName, position") {
            let type = IndexType(rawValue: row["columnType"]) ?? .string
            specsBySoup[row["soupName"], default: []].append(IndexSpec(path: row["path"], type: type))
        }
        var descriptors: [String: SoupDescriptor] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT id, soupName, features FROM soup_attrs") {
            let name: String = row["soupName"]
            let featureNames = (try? JSON(parsing: row["features"] as String))?.arrayValue ?? []
            let features = Set(featureNames.compactMap { $0.stringValue.flatMap(SoupFeature.init(rawValue:)) })
            descriptors[name] = SoupDescriptor(
                spec: SoupSpec(name: name, features: features), soupId: row["id"], indexSpecs: specsBySoup[name] ?? []
            )
        }
        return descriptors
    }

    /// Records a new soup in the metadata tables and returns the id its table is named after.
    static func insertSoup(_ spec: SoupSpec, indexSpecs: [IndexSpec], _ db: Database) throws -> SoupDescriptor {
        try db.execute(sql: "INSERT INTO soup_attrs (soupName, features) VALUES (?, ?)", arguments: [spec.name, featuresText(spec)])
        let descriptor = SoupDescriptor(spec: spec, soupId: db.lastInsertedRowID, indexSpecs: indexSpecs)
        try saveIndexMap(descriptor, db)
        return descriptor
    }

    /// Replaces the recorded features and index specs of an existing soup.
    static func updateSoup(_ descriptor: SoupDescriptor, _ db: Database) throws {
        try db.execute(
            sql: "UPDATE soup_attrs SET features = ? WHERE id = ?", arguments: [featuresText(descriptor.spec), descriptor.soupId])
        try db.execute(sql: "DELETE FROM soup_index_map WHERE soupName = ?", arguments: [descriptor.name])
        try saveIndexMap(descriptor, db)
    }

    static func deleteSoupRecord(_ descriptor: SoupDescriptor, _ db: Database) throws {
        try db.execute(sql: "DELETE FROM soup_attrs WHERE id = ?", arguments: [descriptor.soupId])
        try db.execute(sql: "DELETE FROM soup_index_map WHERE soupName = ?", arguments: [descriptor.name])
        // A soup registered again under the name is the app's, not the one restored.
        if try db.tableExists(SoupOrigins.table) {
            try db.execute(sql: "DELETE FROM \(SoupOrigins.table) WHERE soupName = ?", arguments: [descriptor.name])
        }
    }

    private static func saveIndexMap(_ descriptor: SoupDescriptor, _ db: Database) throws {
        for (position, index) in descriptor.indexes.enumerated() {
            try db.execute(
                sql: "INSERT INTO soup_index_map (soupName, position, path, columnName, columnType) VALUES (?, ?, ?, ?, ?)",
                arguments: [descriptor.name, position, index.spec.path, index.columnName, index.spec.type.rawValue]
            )
        }
    }

    private static func featuresText(_ spec: SoupSpec) -> String {
        JSON.array(spec.features.map(\.rawValue).sorted().map(JSON.string)).serialized()
    }

    /// Creates a soup's table (under `tableName`, which defaults to the soup's own) with its columns.
    static func createTable(for descriptor: SoupDescriptor, named tableName: String? = nil, _ db: Database) throws {
        let columns = descriptor.columnIndexes.map { index in
            "\(index.columnName ?? "") \(sqlType(of: index.spec.type))"
        }
        let definitions = ["id INTEGER PRIMARY KEY AUTOINCREMENT", "soup TEXT", "created INTEGER", "lastModified INTEGER"] + columns
        try db.execute(sql: "CREATE TABLE \(tableName ?? descriptor.tableName) (\(definitions.joined(separator: ", ")))")
    }

    /// Creates the index of the soup's index spec at `position`: on its column, or on the
    /// entry's value for a JSON1 index.
    static func createIndex(at position: Int, of descriptor: SoupDescriptor, _ db: Database) throws {
        let table = descriptor.tableName
        let index = descriptor.indexes[position]
        let indexed = index.columnName ?? SoupDescriptor.jsonExtract(path: index.spec.path, from: "soup")
        try db.execute(sql: "CREATE INDEX \(table)_\(position)_idx ON \(table) (\(indexed))")
    }

    /// The trigger that keeps the full-text table current when an entry changes.
    static func fullTextUpdateTrigger(of descriptor: SoupDescriptor) -> String { "\(descriptor.tableName)_fts_update" }

    /// The statement that creates the full-text update trigger, nil for a soup without full text.
    ///
    /// It fires only for updates that set a full-text column: FTS5 carries out any update of a
    /// row as a delete and an insert, tokenizing the old and the new text, and entry updates set
    /// only the columns whose values change.
    static func fullTextUpdateTriggerSQL(for descriptor: SoupDescriptor) -> String? {
        let fullText = descriptor.fullTextIndexes.compactMap(\.columnName)
        guard !fullText.isEmpty else { return nil }
        let assignments = fullText.map { "\($0) = new.\($0)" }.joined(separator: ", ")
        return """
            CREATE TRIGGER \(fullTextUpdateTrigger(of: descriptor)) AFTER UPDATE OF \(fullText.joined(separator: ", ")) \
            ON \(descriptor.tableName) BEGIN UPDATE \(descriptor.ftsTableName) SET \(assignments) WHERE rowid = old.id; END
            """
    }

    /// Creates the indexes, the full-text table and the triggers that keep it current.
    static func createIndexes(for descriptor: SoupDescriptor, _ db: Database) throws {
        let table = descriptor.tableName
        try db.execute(sql: "CREATE INDEX \(table)_created_idx ON \(table) (created)")
        try db.execute(sql: "CREATE INDEX \(table)_lastModified_idx ON \(table) (lastModified)")
        for position in descriptor.indexes.indices { try createIndex(at: position, of: descriptor, db) }
        guard let updateTrigger = fullTextUpdateTriggerSQL(for: descriptor) else { return }
        let fullText = descriptor.fullTextIndexes.compactMap(\.columnName)
        let fts = descriptor.ftsTableName
        let columns = fullText.joined(separator: ", ")
        let newValues = fullText.map { "new.\($0)" }.joined(separator: ", ")
        try db.execute(
            sql: """
                CREATE VIRTUAL TABLE \(fts) USING fts5(\(columns));
                INSERT INTO \(fts) (rowid, \(columns)) SELECT id, \(columns) FROM \(table);
                CREATE TRIGGER \(table)_fts_insert AFTER INSERT ON \(table) BEGIN
                    INSERT INTO \(fts) (rowid, \(columns)) VALUES (new.id, \(newValues)); END;
                CREATE TRIGGER \(table)_fts_delete AFTER DELETE ON \(table) BEGIN
                    DELETE FROM \(fts) WHERE rowid = old.id; END;
                """)
        try db.execute(sql: updateTrigger)
    }

    /// Whether a full-text update trigger is of the kind earlier versions wrote, which fired on
    /// every update of an entry. It reads only the schema, which SQLite has read on opening.
    static func hasOldFullTextTriggers(_ db: Database) throws -> Bool {
        try Bool.fetchOne(
            db,
            sql: """
                SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'trigger' AND name GLOB '*_fts_update'
                    AND sql NOT GLOB '* AFTER UPDATE OF *')
                """) ?? false
    }

    /// Replaces full-text update triggers written by earlier versions, which fired on every
    /// update of an entry, whatever it changed. A store opened for writing is upgraded once.
    static func upgradeFullTextTriggers(_ db: Database) throws {
        for descriptor in try loadDescriptors(db).values {
            guard let wanted = fullTextUpdateTriggerSQL(for: descriptor) else { continue }
            let name = fullTextUpdateTrigger(of: descriptor)
            let current = try String.fetchOne(
                db, sql: "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?", arguments: [name])
            guard let current, current != wanted else { continue }
            try db.execute(sql: "DROP TRIGGER \(name)")
            try db.execute(sql: wanted)
        }
    }

    /// Drops a soup's table (its indexes and triggers go with it) and its full-text table.
    static func dropStorage(for descriptor: SoupDescriptor, _ db: Database) throws {
        try db.execute(sql: "DROP TABLE IF EXISTS \(descriptor.tableName)")
        try db.execute(sql: "DROP TABLE IF EXISTS \(descriptor.ftsTableName)")
    }

    static func sqlType(of type: IndexType) -> String {
        switch type {
        case .string, .fullText, .json1: "TEXT"
        case .integer: "INTEGER"
        case .floating: "REAL"
        }
    }
}
