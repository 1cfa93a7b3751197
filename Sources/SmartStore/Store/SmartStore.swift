import Foundation
import GRDB
import SalesforceCore

/// An offline store of JSON documents: soups of entries, indexed, queried by query specs and
/// Smart SQL, and searched in full text, in one SQLite database.
///
/// A store is safe to use from many tasks at once. Writes are serialized and each runs in one
/// transaction; reads run in parallel on the last committed state and never wait for a write.
///
/// ```swift
/// let store = try await SmartStore(url: directory.appendingPathComponent("defaultStore.sqlite"))
/// try await store.registerSoup("Account", indexSpecs: [IndexSpec(path: "Name", type: .string)])
/// let saved = try await store.upsert(entries: [["Name": "Acme"]], forSoupNamed: "Account")
/// ```
public final class SmartStore: Sendable {
    /// The name of the default store, as in the SDK.
    public static let defaultStoreName = "defaultStore"

    /// The database file.
    public let url: URL
    let pool: DatabasePool
    let catalog = SchemaCatalog()
    let externalStorage: ExternalStorage

    /// Opens the store in the database file at `url`, creating it (and its directory) if needed.
    ///
    /// An `alterSoup` that was interrupted, by the app exiting say, is completed before this returns.
    /// - Throws: ``SmartStoreError/fileSystem(path:reason:)`` when the file cannot be created
    ///   or is not a SmartStore database.
    public init(url: URL) async throws(SmartStoreError) {
        self.url = url
        externalStorage = ExternalStorage(databaseURL: url)
        pool = try StoreDatabase.open(at: url, externalStorage: externalStorage)
        externalStorage.removeLeftovers()
        try await resumeInterruptedAlterations()
    }

    /// The bytes the store uses on disk: the database, its write-ahead log and external entries.
    public func databaseSize() async -> UInt64 {
        let paths = [url.path, url.path + "-wal"]
        let databaseBytes = paths.reduce(UInt64(0)) { total, path in
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.uint64Value ?? 0
            return total + size
        }
        return databaseBytes + externalStorage.size()
    }

    /// Closes the database. Further calls fail; most apps never need this.
    public func close() throws(SmartStoreError) {
        try Self.mappingErrors { try pool.close() }
    }

    // MARK: - Database access

    /// Runs `body` on the last committed state, in parallel with other reads and the writer.
    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(SmartStoreError) -> T {
        try await Self.mappingErrors { try await pool.read(body) }
    }

    /// Runs `body` in one write transaction; external files change only if it commits.
    func write<T: Sendable>(
        _ body: @escaping @Sendable (Database, ExternalStorageChanges) throws -> T
    ) async throws(SmartStoreError) -> T {
        let files = externalStorage.makeChanges()
        return try await Self.mappingErrors {
            try await pool.writeWithoutTransaction { db in
                var result: Result<T, any Error> = .failure(SmartStoreError.database("the transaction did not run"))
                do {
                    try db.inTransaction {
                        result = .success(try body(db, files))
                        return .commit
                    }
                } catch {
                    files.discard()
                    throw error
                }
                // Still holding the writer, so no later write can touch these files first.
                files.commit()
                return try result.get()
            }
        }
    }

    /// A write that changes the schema: the catalog cache is dropped however it ends.
    func schemaWrite<T: Sendable>(
        _ body: @escaping @Sendable (Database, ExternalStorageChanges) throws -> T
    ) async throws(SmartStoreError) -> T {
        defer { catalog.invalidate() }
        return try await write(body)
    }

    static func mappingErrors<T>(_ body: () async throws -> T) async throws(SmartStoreError) -> T {
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
        case let error as DatabaseError: self = .database(error.message ?? "SQLite error \(error.resultCode.rawValue)")
        default: self = .database(String(describing: error))
        }
    }
}

/// Milliseconds since 1970, the unit of the system date fields.
func currentMilliseconds() -> Int64 {
    Int64((Date().timeIntervalSince1970 * 1000).rounded())
}
