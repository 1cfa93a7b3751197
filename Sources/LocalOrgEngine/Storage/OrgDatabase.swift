import Foundation
import GRDB
import SalesforceCore

/// Opens the org's SQLite file and keeps its tables in step with the schema: one table per
/// sObject type, named after it, with one column per field.
enum OrgDatabase {
    static func open(at url: URL, schema: OrgSchema) throws(LocalOrgError) -> DatabasePool {
        do {
            var configuration = Configuration()
            configuration.busyMode = .timeout(10)
            configuration.prepareDatabase { db in
                try db.execute(sql: "PRAGMA synchronous = NORMAL")
                // The writer's only: SQLite's default 2 MiB cache spilled a 200-record collection's
                // changes to the WAL before commit. Pages are held once touched, so a small org uses little.
                if !db.configuration.readonly { try db.execute(sql: "PRAGMA cache_size = -32768") }
                // Statement journals (every UPDATE in a collection's transaction keeps one, to undo
                // that statement alone) went to a temporary file: a fifth of a collection update's
                // time was spent writing it.
                try db.execute(sql: "PRAGMA temp_store = MEMORY")
                SQLFunctions.register(in: db)
            }
            // The org holds live tokens: its file, and so its WAL, is the owner's only.
            try OwnerOnlyFiles.prepareDatabaseFile(url)
            let pool = try DatabasePool(path: url.path, configuration: configuration)
            try pool.write { db in
                try createSystemTables(db)
                try addSiteColumns(db)
                try hashStoredTokens(db)
                try addRefreshTokenFamilies(db)
                try addNonceColumn(db)
                for type in schema.types { try createTable(for: type, in: db) }
            }
            return pool
        } catch let error as LocalOrgError {
            throw error
        } catch {
            throw .storage(reason: "\(url.path): \(error)")
        }
    }

    private static func createSystemTables(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE IF NOT EXISTS lo_id_sequence (prefix TEXT PRIMARY KEY, next INTEGER NOT NULL);
                CREATE TABLE IF NOT EXISTS lo_credential (user_id TEXT PRIMARY KEY, salt TEXT NOT NULL, password_hash TEXT NOT NULL);
                CREATE TABLE IF NOT EXISTS lo_access_token (
                    token TEXT PRIMARY KEY, user_id TEXT NOT NULL, client_id TEXT NOT NULL, scope TEXT NOT NULL,
                    issued_at INTEGER NOT NULL, expires_at INTEGER NOT NULL, refresh_token TEXT);
                CREATE TABLE IF NOT EXISTS lo_refresh_token (
                    token TEXT PRIMARY KEY, user_id TEXT NOT NULL, client_id TEXT NOT NULL, scope TEXT NOT NULL,
                    issued_at INTEGER NOT NULL);
                CREATE TABLE IF NOT EXISTS lo_authorization_code (
                    code TEXT PRIMARY KEY, user_id TEXT NOT NULL, client_id TEXT NOT NULL, redirect_uri TEXT NOT NULL,
                    scope TEXT NOT NULL, code_challenge TEXT, expires_at INTEGER NOT NULL);
                CREATE INDEX IF NOT EXISTS lo_access_token_refresh ON lo_access_token(refresh_token);
                CREATE TABLE IF NOT EXISTS lo_used_code (
                    code TEXT PRIMARY KEY, access_token TEXT NOT NULL, refresh_token TEXT, expires_at INTEGER NOT NULL);
                CREATE TABLE IF NOT EXISTS lo_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
                CREATE TABLE IF NOT EXISTS lo_recent (
                    user_id TEXT NOT NULL, record_id TEXT NOT NULL, type TEXT NOT NULL, rank INTEGER NOT NULL,
                    PRIMARY KEY (user_id, record_id));
                CREATE INDEX IF NOT EXISTS lo_recent_rank ON lo_recent(user_id, rank);
                """)
    }

    /// Tokens and codes remember the Experience Cloud site they were issued at (NULL for the
    /// internal org); data directories from before sites get the column, empty.
    private static func addSiteColumns(_ db: Database) throws {
        for table in ["lo_access_token", "lo_refresh_token", "lo_authorization_code"] {
            let columns = try db.columns(in: table).map(\.name)
            if !columns.contains("network_id") { try db.execute(sql: "ALTER TABLE \(table) ADD COLUMN network_id TEXT") }
        }
        try db.execute(
            sql: """
                CREATE TABLE IF NOT EXISTS lo_site_member (user_id TEXT NOT NULL, network_id TEXT NOT NULL, PRIMARY KEY (user_id, network_id))
                """)
    }

    /// A code keeps the OpenID Connect `nonce` its authorize request sent, for the ID token its
    /// exchange returns; data directories from before it get the column, empty.
    private static func addNonceColumn(_ db: Database) throws {
        if try !db.columns(in: "lo_authorization_code").map(\.name).contains("nonce") {
            try db.execute(sql: "ALTER TABLE lo_authorization_code ADD COLUMN nonce TEXT")
        }
    }

    /// Rotated refresh tokens belong to a family (the digest of its first token), and a spent
    /// token is remembered with its family, so its replay revokes the family (RFC 9700
    /// §4.14.2). Data directories from before families get the column, empty: such a token is
    /// its own family's first.
    private static func addRefreshTokenFamilies(_ db: Database) throws {
        if try !db.columns(in: "lo_refresh_token").map(\.name).contains("family") {
            try db.execute(sql: "ALTER TABLE lo_refresh_token ADD COLUMN family TEXT")
        }
        try db.execute(
            sql: """
                CREATE TABLE IF NOT EXISTS lo_spent_refresh_token (token TEXT PRIMARY KEY, family TEXT NOT NULL, spent_at INTEGER NOT NULL);
                CREATE INDEX IF NOT EXISTS lo_spent_refresh_token_family ON lo_spent_refresh_token(family);
                CREATE INDEX IF NOT EXISTS lo_refresh_token_family ON lo_refresh_token(family);
                """)
    }

    /// Data directories made before tokens were kept as digests hold them as they were issued:
    /// replaces each with its digest, once, so their sessions go on working.
    private static func hashStoredTokens(_ db: Database) throws {
        let marker = "token_storage"
        guard try String.fetchOne(db, sql: "SELECT value FROM lo_meta WHERE key = ?", arguments: [marker]) == nil else { return }
        for (table, column) in [
            ("lo_access_token", "token"), ("lo_access_token", "refresh_token"), ("lo_refresh_token", "token"),
            ("lo_authorization_code", "code"),
        ] {
            let values = try String.fetchAll(db, sql: "SELECT \(column) FROM \(table) WHERE \(column) IS NOT NULL")
            for value in Set(values) {
                try db.execute(
                    sql: "UPDATE \(table) SET \(column) = ? WHERE \(column) = ?", arguments: [PasswordHash.digest(ofToken: value), value])
            }
        }
        try db.execute(sql: "INSERT INTO lo_meta(key, value) VALUES (?, 'sha256')", arguments: [marker])
    }

    static func quoted(_ name: String) -> String { "\"\(name)\"" }

    private static func createTable(for type: SObjectType, in db: Database) throws {
        let table = quoted(type.name)
        if try !db.tableExists(type.name) {
            let columns = type.fields.map { field in
                field.name == "Id" ? "\"Id\" TEXT PRIMARY KEY NOT NULL" : "\(quoted(field.name)) \(field.type.storage.columnDeclaration)"
            }
            try db.execute(sql: "CREATE TABLE \(table) (\(columns.joined(separator: ", ")))")
        } else {
            // A schema file may have gained fields since the data directory was made.
            let existing = Set(try db.columns(in: type.name).map { $0.name.lowercased() })
            for field in type.fields where !existing.contains(field.name.lowercased()) {
                try db.execute(sql: "ALTER TABLE \(table) ADD COLUMN \(quoted(field.name)) \(field.type.storage.columnDeclaration)")
            }
        }
        for field in type.fields
        where field.type == .reference || field.externalId || field.unique || field.nameField
            || field.name == "CreatedDate" || field.name == "SystemModstamp"
        {
            let index = quoted("\(type.name)_\(field.name)")
            try db.execute(sql: "CREATE INDEX IF NOT EXISTS \(index) ON \(table)(\(quoted(field.name)))")
        }
        // Every sync down filters on LastModifiedDate (a lower bound) and orders by it, then Id.
        // Salesforce serves such filters from its SystemModstamp index; LocalOrg, which never
        // indexed either for it, read the whole table for a re-sync of a few changes.
        if type.field(named: "LastModifiedDate") != nil {
            let index = quoted("\(type.name)_LastModifiedDate")
            try db.execute(sql: "CREATE INDEX IF NOT EXISTS \(index) ON \(table)(\"LastModifiedDate\", \"Id\")")
        }
        // A join to a parent compares the parent's Id (binary) with the reference, so the
        // reference's own index (without case, as text columns are) cannot serve it: a filter on
        // the parent (`WHERE Account.Name = …`) read every child. With this one it starts from
        // the parent and finds its children. The owner and audit references are left out: a few
        // users own and change most records, so starting from a user gains little, and every
        // index costs every write.
        for field in type.fields
        where field.type == .reference && field.relationshipName != nil
            && !["OwnerId", "CreatedById", "LastModifiedById"].contains(field.name)
        {
            let index = quoted("\(type.name)_\(field.name)_join")
            try db.execute(sql: "CREATE INDEX IF NOT EXISTS \(index) ON \(table)(\(quoted(field.name)) COLLATE BINARY)")
        }
        // Unique values compare without case, as describe's `caseSensitive: false` says (and as
        // Salesforce compares usernames): the check on every write finds them by this index.
        for field in type.fields where field.unique {
            let index = quoted("\(type.name)_\(field.name)_nocase")
            try db.execute(sql: "CREATE INDEX IF NOT EXISTS \(index) ON \(table)(\(quoted(field.name)) COLLATE NOCASE)")
        }
    }

    /// The next record id for `prefix`: 15 characters (prefix, `Lo`, `0` and a base-62 counter)
    /// plus the checksum that makes 18. A prefix's first id is `base + 1`, where `base` is the
    /// org's (``RecordID/counterBase(forOrganization:)``); a prefix already counting goes on.
    static func nextID(prefix: String, base: Int64, in db: Database) throws -> String {
        RecordID.make(prefix: prefix, counter: try reserveIDs(count: 1, prefix: prefix, base: base, in: db))
    }

    /// Takes `count` consecutive id counters for `prefix` at once (for records made in bulk).
    /// - Returns: The first; the others follow it.
    static func reserveIDs(count: Int, prefix: String, base: Int64, in db: Database) throws -> Int64 {
        let next =
            try Int64.fetchOne(CachedSQL.statement("SELECT next FROM lo_id_sequence WHERE prefix = ?", db), arguments: [prefix])
            ?? base + 1
        try db.executeCached(
            sql: "INSERT INTO lo_id_sequence(prefix, next) VALUES (?, ?) ON CONFLICT(prefix) DO UPDATE SET next = excluded.next",
            arguments: [prefix, next + Int64(count)])
        return next
    }
}
