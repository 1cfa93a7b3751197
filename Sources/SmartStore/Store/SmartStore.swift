public import Foundation
import GRDB
import Logging
import SalesforceCore

/// An offline store of JSON documents: soups of entries, indexed, queried by query specs and
/// Smart SQL, and searched in full text, in one SQLite database.
///
/// A store is safe to use from many tasks at once. Writes are serialized and each runs in one
/// transaction; reads run in parallel on the last committed state and never wait for a write.
///
/// ```swift
/// let store = try await SmartStore(url: directory.appendingPathComponent("defaultStore.sqlite"), encryption: .key(key))
/// try await store.registerSoup("Account", indexSpecs: [IndexSpec(path: "Name", type: .string)])
/// let saved = try await store.upsert(entries: [["Name": "Acme"]], inSoup: "Account")
/// ```
public final class SmartStore: Sendable {
    /// The name of the default store, as in the SDK.
    public static let defaultStoreName = "defaultStore"

    /// The database file.
    public let url: URL
    private let database: DatabasePool
    private let closedFlag = ClosedFlag()
    /// For tests: commits leave their entry files unmoved, as a process killed right after a
    /// commit would.
    let stopsBeforeFileMovesForTesting = Locked(false)
    let catalog = SchemaCatalog()
    let externalStorage: ExternalStorage
    let cipher: PageCipher?
    private let cipherToken: String?
    private let checkpointer: LogCheckpointer?
    private let timeLimit = Locked<Duration>(SmartStore.defaultQueryTimeLimit)

    /// How long one query (``query(using:startingFromPageIndex:arguments:)`` or
    /// ``count(using:arguments:)``) may run before it is stopped with
    /// ``SmartStoreError/queryTimedOut(after:)``: 30 seconds unless set. A Smart SQL query a
    /// page or a user wrote may otherwise never end.
    public var queryTimeLimit: Duration {
        get { timeLimit.current }
        set { timeLimit.withLock { $0 = newValue } }
    }

    /// The time limit a store's queries start with.
    public static let defaultQueryTimeLimit: Duration = .seconds(30)

    /// Opens the store in the database file at `url`, encrypted or not as `encryption` says.
    ///
    /// Read-write (the default), a missing store is created (and its directory), that way; an
    /// existing one must have been created that way. An `alterSoup` or
    /// ``encryptPlainStore(at:with:)`` that was interrupted, by the app exiting say, is completed
    /// before this returns. A file this process cannot write opens read-only instead: see
    /// ``access``.
    ///
    /// Read-only, the store must exist, and its files are left exactly as they are.
    /// - Throws: ``SmartStoreError/wrongKey(path:)`` when the key is not the store's,
    ///   ``SmartStoreError/storeNotEncrypted(path:)`` or ``SmartStoreError/storeEncrypted(path:)``
    ///   when the file is of the other kind, ``SmartStoreError/corrupted(_:)`` when its first page
    ///   fails authentication, ``SmartStoreError/fileSystem(path:reason:)`` when the file cannot
    ///   be created or is not a SmartStore database, ``SmartStoreError/storeNotFound(path:)`` when
    ///   a read-only open finds no file, ``SmartStoreError/readOnly(path:)`` when it finds an
    ///   interrupted operation only a read-write open can finish. The file is left as it was.
    public init(url: URL, encryption: StoreEncryption, access: StoreAccess = .readWrite) async throws(SmartStoreError) {
        self.url = url
        let access = try Self.access(access, possibleAt: url)
        self.access = access
        if access == .readWrite {
            try Self.finishInterruptedEncryption(of: url)
        } else if Self.hasInterruptedEncryption(of: url) {
            throw .interrupted(path: url.path, operation: "encryptPlainStore")
        }
        let cipher = try StoreFileInspection.cipher(for: url, encryption: encryption)
        externalStorage = ExternalStorage(databaseURL: url, cipher: cipher)
        let connection = try StoreDatabase.open(at: url, externalStorage: externalStorage, cipher: cipher, access: access)
        database = connection.pool
        cipherToken = connection.cipherToken
        checkpointer = connection.checkpointer
        self.cipher = cipher
        if access == .readWrite {
            let storage = externalStorage
            try await Self.mappingAsyncErrors {
                try await connection.pool.writeWithoutTransaction { db in try storage.finishInterruptedWrites(db) }
            }
            try await resumeInterruptedAlterations()
        } else if try await hasInterruptedAlterations() {
            throw .interrupted(path: url.path, operation: "alterSoup")
        } else if try await read({ [externalStorage] db in try externalStorage.hasInterruptedWrites(db) }) {
            throw .interrupted(path: url.path, operation: "write of entries kept in files")
        }
        Self.logger.debug("Opened \(cipher == nil ? "the plain" : "the encrypted") store \(url.lastPathComponent) (\(access))")
    }

    private static let logger = Logger.forceKit("smartstore")

    /// The access a store at `url` can be opened with, given the one asked for: read-only when
    /// the process may not write the file or its folder, since a read-write open would fail.
    private static func access(_ requested: StoreAccess, possibleAt url: URL) throws(SmartStoreError) -> StoreAccess {
        let files = FileManager.default
        guard files.fileExists(atPath: url.path) else {
            if requested == .readOnly { throw .storeNotFound(path: url.path) }
            return .readWrite
        }
        let writable = files.isWritableFile(atPath: url.path) && files.isWritableFile(atPath: url.deletingLastPathComponent().path)
        return writable ? requested : .readOnly
    }

    deinit {
        checkpointer?.close()
        if let cipherToken { CipherRegistry.remove(cipherToken) }
    }

    /// Whether the store's files are encrypted.
    public var isEncrypted: Bool { cipher != nil }

    /// Whether the store may change its files: ``StoreAccess/readOnly`` when opened that way, or
    /// when the process could not write the file.
    public let access: StoreAccess

    /// The bytes the store uses on disk: the database, its write-ahead log and external entries.
    public func databaseSize() async -> UInt64 {
        let paths = [url.path, url.path + "-wal"]
        let databaseBytes = paths.reduce(UInt64(0)) { total, path in
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.uint64Value ?? 0
            return total + size
        }
        return databaseBytes + externalStorage.size()
    }

    /// Closes the database, first moving the write-ahead log's pages into the database file so
    /// that the store is one file again. Further calls fail; most apps never need this.
    public func close() throws(SmartStoreError) {
        guard closedFlag.close() else { return }
        checkpointer?.close()
        guard access == .readWrite else { return try Self.mappingErrors { try database.close() } }
        try Self.mappingErrors {
            // The readers close first, so that the writer closes last and SQLite, finding no other
            // connection, checkpoints and removes the log and its shared memory: a closed store
            // is one file (and its external files), which a read-only open reads as it is.
            database.releaseMemory()
            // Another process may be reading; the log is then left for the next checkpoint.
            try? database.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
            try database.close()
        }
    }

    /// How many checkpoints ran off the writer, once those asked for so far have run.
    func checkpointsOffTheWriter() -> Int {
        checkpointer?.waitUntilIdle()
        return checkpointer?.completedCheckpoints ?? 0
    }

    /// The database, while the store is open: SQLite must not be used after closing.
    var pool: DatabasePool {
        get throws(SmartStoreError) {
            guard !closedFlag.isClosed else { throw .closed(path: url.path) }
            return database
        }
    }

    // MARK: - Database access

    /// Runs `body` on the last committed state, in parallel with other reads and the writer.
    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(SmartStoreError) -> T {
        let pool = try pool
        return try await Self.mappingAsyncErrors { try await pool.read(body) }
    }

    /// The database, while the store is open and may be written.
    var writablePool: DatabasePool {
        get throws(SmartStoreError) {
            let pool = try pool
            guard access == .readWrite else { throw .readOnly(path: url.path) }
            return pool
        }
    }

    /// Runs `body` in one write transaction; external files change only if it commits.
    func write<T: Sendable>(
        _ body: @escaping @Sendable (Database, ExternalStorageChanges) throws -> T
    ) async throws(SmartStoreError) -> T {
        try await Self.mappingAsyncErrors { try await writeTransaction(body) }
    }

    /// ``write(_:)`` without mapping errors: what `body` throws arrives as it was thrown.
    func writeTransaction<T: Sendable>(
        _ body: @escaping @Sendable (Database, ExternalStorageChanges) throws -> T
    ) async throws -> T {
        let pool = try writablePool
        let files = externalStorage.makeChanges()
        return try await pool.writeWithoutTransaction { db in
            var result: Result<T, any Error> = .failure(SmartStoreError.database("the transaction did not run"))
            do {
                try db.inTransaction {
                    result = .success(try body(db, files))
                    try files.record(db)
                    return .commit
                }
            } catch {
                files.discard()
                throw error
            }
            // Still holding the writer, so no later write can touch these files first.
            // Tests stop here to be the process that died after the commit.
            if stopsBeforeFileMovesForTesting.current { return try result.get() }
            // The record of the moves goes once they are all made; a failure to remove it leaves
            // moves of files already in place, which the next open finds done.
            if files.commit(), files.hasMoves { try? db.execute(sql: "DELETE FROM \(ExternalStorage.movesTable)") }
            return try result.get()
        }
    }

    /// A write that changes the schema: the catalog cache is dropped however it ends.
    func schemaWrite<T: Sendable>(
        _ body: @escaping @Sendable (Database, ExternalStorageChanges) throws -> T
    ) async throws(SmartStoreError) -> T {
        defer { catalog.invalidate() }
        return try await write(body)
    }

    static func mappingAsyncErrors<T>(_ body: () async throws -> T) async throws(SmartStoreError) -> T {
        do {
            return try await body()
        } catch {
            throw SmartStoreError(error)
        }
    }

    static func mappingErrors<T>(_ body: () throws -> T) throws(SmartStoreError) -> T {
        do {
            return try body()
        } catch {
            throw SmartStoreError(error)
        }
    }
}

extension SmartStoreError {
    /// Keeps SmartStore's own errors and describes any other, SQLite's included.
    init(_ error: any Error) {
        switch error {
        case let error as SmartStoreError: self = error
        case let error as DatabaseError where error.extendedResultCode == .SQLITE_IOERR_DATA:
            // SQLite says "disk I/O error" for the VFS's failed pages; a damaged external entry
            // arrives here with the whole message of SmartStore's own corrupted error.
            if let message = error.message, message != "disk I/O error" {
                self = SmartStoreError(code: .corrupted, message: message, recoverySuggestion: Self.corruptedSuggestion)
            } else {
                self = .corrupted("a page fails authentication")
            }
        case let error as DatabaseError: self = .database(error.message ?? "SQLite error \(error.resultCode.rawValue)")
        default: self = .database(String(describing: error))
        }
    }
}

/// Whether a store was closed, set once.
private final class ClosedFlag: Sendable {
    private let closed = Locked(false)

    var isClosed: Bool { closed.current }

    /// Marks it closed; false when it already was.
    func close() -> Bool {
        closed.withLock { closed in
            defer { closed = true }
            return !closed
        }
    }
}
