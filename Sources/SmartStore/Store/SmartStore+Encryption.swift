public import Foundation
import GRDB
import GRDBSQLite

extension SmartStore {
    /// Re-encrypts the store with another key or passphrase while it stays open: every page
    /// and external entry is sealed again, then the old key is forgotten.
    ///
    /// Reads and writes wait while it runs, and SQLite rebuilds the database (VACUUM), which needs
    /// free memory and disk about the size of the store. If the app stops before this returns,
    /// the store holds pages of both keys: open it with
    /// `.key(new).acceptingPreviousKey(.key(old))` and call this again to finish.
    /// - Throws: ``SmartStoreError/storeNotEncrypted(path:)`` for a plain store (use
    ///   ``encryptPlainStore(at:with:)``), ``SmartStoreError/keyUnavailable(_:)`` when
    ///   `encryption` is ``StoreEncryption/plaintext`` (use ``exportPlainCopy(to:)``).
    public func changeKey(to encryption: StoreEncryption) async throws(SmartStoreError) {
        guard let cipher else { throw .storeNotEncrypted(path: url.path) }
        guard let secret = encryption.secret else {
            throw .keyUnavailable("a store cannot be re-keyed to plaintext; export a plain copy instead")
        }
        let pool = try writablePool
        cipher.beginRotation(to: try StoreEncryption.storeKey(secret, salt: cipher.salt))
        let storage = externalStorage
        try await Self.mappingAsyncErrors {
            try await pool.barrierWriteWithoutTransaction { db in
                try db.execute(sql: "VACUUM")
                try db.checkpoint(.truncate)
                try storage.copyEntries(to: storage)
            }
        }
        cipher.finishRotation()
    }

    /// Writes a plain, unencrypted copy of the store to `destination` (and its external entries
    /// beside it), readable by any SQLite tool or by `SmartStore(url:encryption: .plaintext)`.
    /// Writes wait while it runs; reads do not.
    /// - Throws: ``SmartStoreError/fileSystem(path:reason:)`` when `destination` exists or
    ///   cannot be written.
    public func exportPlainCopy(to destination: URL) async throws(SmartStoreError) {
        let target = ExternalStorage(databaseURL: destination, cipher: nil)
        guard !FileManager.default.fileExists(atPath: destination.path), !FileManager.default.fileExists(atPath: target.directory.path)
        else {
            throw .fileSystem(path: destination.path, reason: "a file is already there; the copy needs a new path")
        }
        let storage = externalStorage
        let uri = try Self.plainURI(for: destination)
        let pool = try pool
        try await Self.mappingAsyncErrors {
            try await pool.writeWithoutTransaction { db in
                try db.execute(sql: "VACUUM INTO ?", arguments: [uri])
                try storage.copyEntries(to: target)
            }
        }
    }

    /// Encrypts the plain store at `url` in place. The store must not be open.
    ///
    /// An encrypted copy is written beside it and then takes its place, so an interruption
    /// leaves either the plain store or the encrypted one, never half of each; opening the store
    /// finishes an interrupted swap of the external entries.
    /// - Throws: ``SmartStoreError/storeEncrypted(path:)`` when it is encrypted already,
    ///   ``SmartStoreError/fileSystem(path:reason:)`` when it is missing or not a SmartStore database.
    public static func encryptPlainStore(at url: URL, with encryption: StoreEncryption) async throws(SmartStoreError) {
        switch StoreFileInspection.inspect(url) {
        case .plaintext: break
        case .encrypted: throw .storeEncrypted(path: url.path)
        case .absent: throw .fileSystem(path: url.path, reason: "there is no store there")
        case .unrecognized, .empty: throw .fileSystem(path: url.path, reason: "it is not a SmartStore database")
        }
        guard let cipher = try encryption.makeCipher(salt: StoreEncryption.makeSalt()) else { return }
        guard EncryptingVFS.isRegistered else { throw .encryptionUnavailable("the encrypting VFS cannot be registered with SQLite") }
        let staging = stagingURL(for: url)
        removeStaging(of: url)
        let token = CipherRegistry.add(cipher)
        defer { CipherRegistry.remove(token) }
        let stagingURI = StoreDatabase.uri(for: staging, parameters: ["vfs": EncryptingVFS.name, CipherRegistry.uriParameter: token])
        try mappingErrors {
            let plain = try DatabaseQueue(path: url.path)
            try plain.writeWithoutTransaction { db in
                // Entry files a committed transaction had not moved into place yet are moved
                // first, or the copy below would leave them out.
                try ExternalStorage(databaseURL: url, cipher: nil).finishInterruptedWrites(db)
                try StoreDatabase.reserveSealSpace(db)
                try db.execute(sql: "VACUUM INTO ?", arguments: [stagingURI])
                // The plain WAL must not outlive the swap: empty it into the plain database.
                try db.checkpoint(.truncate)
            }
            try plain.close()
        }
        // What the plain store left beside it would otherwise stay on disk in the clear.
        for path in [url.path + "-wal", url.path + "-shm"] where FileManager.default.fileExists(atPath: path) {
            do {
                try FileManager.default.removeItem(atPath: path)
            } catch {
                throw .fileSystem(path: path, reason: error.localizedDescription)
            }
        }
        try ExternalStorage(databaseURL: url, cipher: nil).copyEntries(to: ExternalStorage(databaseURL: staging, cipher: cipher))
        guard rename(staging.path, url.path) == 0 else {
            throw .fileSystem(path: url.path, reason: String(cString: strerror(errno)))
        }
        try finishInterruptedEncryption(of: url)
    }

    /// The encrypted copy ``encryptPlainStore(at:with:)`` writes before it takes the store's place.
    private static func stagingURL(for url: URL) -> URL {
        URL(fileURLWithPath: url.path + ".encrypting")
    }

    private static func removeStaging(of url: URL) {
        let staging = stagingURL(for: url)
        for path in [
            staging.path, staging.path + "-wal", staging.path + "-shm", staging.path + "-journal",
            ExternalStorage.directory(forDatabase: staging).path,
        ] {
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    /// Completes or undoes an ``encryptPlainStore(at:with:)`` that stopped: once the encrypted
    /// database is in place its external entries replace the plain ones; before, the copy goes.
    /// Whether an ``encryptPlainStore(at:with:)`` of the store at `url` left its staging files.
    static func hasInterruptedEncryption(of url: URL) -> Bool {
        let manager = FileManager.default
        return manager.fileExists(atPath: ExternalStorage.directory(forDatabase: stagingURL(for: url)).path)
            || manager.fileExists(atPath: stagingURL(for: url).path)
    }

    static func finishInterruptedEncryption(of url: URL) throws(SmartStoreError) {
        let stagedEntries = ExternalStorage.directory(forDatabase: stagingURL(for: url))
        let manager = FileManager.default
        guard hasInterruptedEncryption(of: url) else { return }
        guard case .encrypted = StoreFileInspection.inspect(url), !manager.fileExists(atPath: stagingURL(for: url).path) else {
            removeStaging(of: url)
            return
        }
        let entries = ExternalStorage.directory(forDatabase: url)
        do {
            if manager.fileExists(atPath: entries.path) { try manager.removeItem(at: entries) }
            if manager.fileExists(atPath: stagedEntries.path) { try manager.moveItem(at: stagedEntries, to: entries) }
        } catch {
            throw .fileSystem(path: entries.path, reason: error.localizedDescription)
        }
        removeStaging(of: url)
    }

    /// A `file:` URI that SQLite opens with the default VFS, unencrypted.
    private static func plainURI(for url: URL) throws(SmartStoreError) -> String {
        guard let name = sqlite3_vfs_find(nil)?.pointee.zName else {
            throw .encryptionUnavailable("SQLite has no default VFS")
        }
        return StoreDatabase.uri(for: url, parameters: ["vfs": String(cString: name)])
    }
}

/// What a store's database file holds, told from its first page without opening it.
public enum StoreFileKind: Sendable, Equatable {
    /// There is no file: a read-write open creates a new store.
    case none
    /// A plain SQLite database.
    case plaintext
    /// A SmartStore encrypted store.
    case encrypted
    /// Something else.
    case unrecognized
}

extension SmartStore {
    /// What the file at `url` holds: for tools that must pick a key, or ask for one, before opening.
    public static func fileKind(at url: URL) -> StoreFileKind {
        switch StoreFileInspection.inspect(url) {
        case .absent: .none
        case .plaintext: .plaintext
        case .encrypted: .encrypted
        case .unrecognized, .empty: .unrecognized
        }
    }
}
