import Foundation
import GRDB
import GRDBSQLite
import SalesforceCore
import URLEncoding

/// Where a store's SQLite database is opened: the one place that decides how the file is
/// opened (WAL, so readers never wait for the writer) and, for an encrypted store, through the
/// encrypting VFS with room in every page for its seal.
enum StoreDatabase {
    /// An open database and, when encrypted, the token its cipher is registered under.
    struct Connection {
        let pool: DatabasePool
        let cipherToken: String?
        /// Checkpoints the log off the writer; nil for a read-only store, or when it could not open.
        let checkpointer: LogCheckpointer?
    }

    /// The most page memory each connection keeps, in KiB; SQLite's default is 2,000.
    ///
    /// Soups with several indexes touch more pages per transaction than the default holds, and
    /// every page an encrypted store reads from disk costs a decryption, so a bigger cache speeds
    /// up both kinds of store. SQLite only fills it as pages are read, and GRDB gives it back when
    /// iOS warns of low memory.
    static let pageCacheKiB = 16_384

    static func open(
        at url: URL, externalStorage: ExternalStorage, cipher: PageCipher?, access: StoreAccess
    ) throws(SmartStoreError) -> Connection {
        let directory = url.deletingLastPathComponent()
        if access == .readWrite {
            do {
                // A store holds the user's records: its folder and files are the owner's only, and
                // SQLite gives the database file's mode to its -wal and -shm files.
                try OwnerOnlyFiles.createFolder(directory)
                try OwnerOnlyFiles.prepareDatabaseFile(url)
            } catch {
                throw .fileSystem(path: directory.path, reason: error.localizedDescription)
            }
        }
        var configuration = Configuration()
        configuration.label = "SmartStore"
        // Read-only also keeps GRDB from setting up the write-ahead log, which writes a table in
        // and out whenever the log is missing, as it is after every close.
        configuration.readonly = access == .readOnly
        // Other processes (the CLI beside an app, say) may hold the write lock for a moment.
        configuration.busyMode = .timeout(10)
        let function = externalStorage.sqlFunction
        let encrypted = cipher != nil
        let checkpointToken = LogCheckpointer.reserveToken()
        configuration.prepareDatabase { db in
            LogCheckpointer.install(on: db, token: checkpointToken)
            if encrypted { try reserveSealSpace(db) }
            try db.execute(sql: "PRAGMA cache_size = -\(pageCacheKiB)")
            // Statement journals and sort spills stay in memory, plain stores as encrypted ones.
            try db.execute(sql: "PRAGMA temp_store = MEMORY")
            try db.execute(sql: "PRAGMA journal_size_limit = \(LogCheckpointer.sizeLimitBytes)")
            db.add(function: function)
        }
        var path = url.path
        var checkpointerPath = url.path
        var token: String?
        // A store nobody has open has no log beside it (a clean close removes both files). Read
        // as immutable, it needs neither: a read creates no file, so it works in a folder this
        // process may not write and leaves the folder as it was. A writer that opens the store
        // meanwhile is not seen by this read-only store.
        let immutable = access == .readOnly && !Self.hasLog(url)
        if immutable, cipher == nil {
            guard sqlite3_compileoption_used("USE_URI") == 1 else {
                throw .fileSystem(path: url.path, reason: "this SQLite library does not read URI filenames, which read-only needs")
            }
            path = uri(for: url, parameters: ["immutable": "1"])
        }
        if let cipher {
            guard EncryptingVFS.isRegistered else {
                throw .encryptionUnavailable("the encrypting VFS cannot be registered with SQLite")
            }
            guard sqlite3_compileoption_used("USE_URI") == 1 else {
                throw .encryptionUnavailable("this SQLite library does not read URI filenames")
            }
            let registered = CipherRegistry.add(cipher)
            token = registered
            path =
                immutable
                ? uri(for: url, parameters: ["vfs": EncryptingVFS.name, CipherRegistry.uriParameter: registered, "immutable": "1"])
                : uri(for: url, parameters: ["vfs": EncryptingVFS.name, CipherRegistry.uriParameter: registered])
            checkpointerPath = uri(
                for: url,
                parameters: [
                    "vfs": EncryptingVFS.name, CipherRegistry.uriParameter: registered, EncryptingVFS.copiesSealedFramesParameter: "1",
                ])
        }
        do {
            let pool = try DatabasePool(path: path, configuration: configuration)
            switch access {
            case .readWrite:
                let hasOldTriggers = try pool.write { db in
                    try StoreSchema.createMetadataTables(db)
                    return try StoreSchema.hasOldFullTextTriggers(db)
                }
                // Best effort: a store with a damaged page still opens, and reports the damage
                // where the damaged part is read; its old triggers are only slower.
                if hasOldTriggers { try? pool.write { db in try StoreSchema.upgradeFullTextTriggers(db) } }
                // Without it, commits checkpoint on the writer as SQLite does by default.
                let checkpointer = try? LogCheckpointer(path: checkpointerPath, token: checkpointToken)
                return Connection(pool: pool, cipherToken: token, checkpointer: checkpointer)
            case .readOnly:
                guard try pool.read({ db in try StoreSchema.hasMetadataTables(db) }) else {
                    throw SmartStoreError.fileSystem(path: url.path, reason: "it is an SQLite database, but not a SmartStore one")
                }
                return Connection(pool: pool, cipherToken: token, checkpointer: nil)
            }
        } catch {
            if let token { CipherRegistry.remove(token) }
            if let error = error as? SmartStoreError { throw error }
            if let error = error as? DatabaseError, error.extendedResultCode == .SQLITE_IOERR_DATA {
                throw .corrupted("\(url.path) has a page that fails authentication")
            }
            let reason = (error as? DatabaseError).map { $0.message ?? "\($0.resultCode)" } ?? error.localizedDescription
            throw .fileSystem(path: url.path, reason: "it cannot be opened as a SmartStore database (\(reason))")
        }
    }

    /// Whether a write-ahead log or its shared memory lies beside the database: someone has the
    /// store open, or it was not closed cleanly.
    static func hasLog(_ url: URL) -> Bool {
        ["-wal", "-shm"].contains { FileManager.default.fileExists(atPath: url.path + $0) }
    }

    /// Asks SQLite to leave `PageFormat.reservedBytes` at the end of every page of a new database
    /// (an existing one keeps what it was created with), at SQLite's default page size, and keeps
    /// temporary data in memory.
    static func reserveSealSpace(_ db: Database) throws {
        try db.execute(sql: "PRAGMA page_size = \(PageFormat.pageSize)")
        var reserve = Int32(PageFormat.reservedBytes)
        sqlite3_file_control(db.sqliteConnection, "main", SQLITE_FCNTL_RESERVE_BYTES, &reserve)
        try db.execute(sql: "PRAGMA temp_store = MEMORY")
    }

    /// A `file:` URI for `url` with query parameters; the path is percent-encoded so that `?`,
    /// `#` and `%` in it stay part of the path.
    static func uri(for url: URL, parameters: KeyValuePairs<String, String>) -> String {
        let path = PercentEncoding.encode(url.path, keeping: .unreservedAndSlash)
        let query = parameters.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
        return "file:\(path)?\(query)"
    }
}
