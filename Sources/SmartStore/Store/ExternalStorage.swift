import Foundation
import GRDB

/// Files beside the database for soups with the external storage feature: one file per entry,
/// `<database>_external_soup_blobs/TABLE_<n>/soupelt_<id>`.
///
/// Writes go to temporary files and take their place only once the transaction that made them
/// commits, so a failed or interrupted upsert leaves the stored entries as they were.
final class ExternalStorage: Sendable {
    /// The SQL function through which queries read an external entry: `(table, id) -> JSON text`.
    static let sqlFunctionName = "smartstore_external_entry"

    let directory: URL

    init(databaseURL: URL) {
        directory = URL(fileURLWithPath: databaseURL.path + "_external_soup_blobs", isDirectory: true)
    }

    func fileURL(table: String, id: Int64) -> URL {
        directory.appendingPathComponent(table, isDirectory: true).appendingPathComponent("soupelt_\(id)")
    }

    /// The entry's JSON text.
    func read(table: String, id: Int64) throws(SmartStoreError) -> Data {
        let url = fileURL(table: table, id: id)
        do {
            return try Data(contentsOf: url)
        } catch {
            throw .fileSystem(path: url.path, reason: "the externally stored entry cannot be read (\(error.localizedDescription))")
        }
    }

    /// The SQL function queries use to load external entries.
    var sqlFunction: DatabaseFunction {
        DatabaseFunction(Self.sqlFunctionName, argumentCount: 2, pure: false) { [self] values in
            guard let table = String.fromDatabaseValue(values[0]), let id = Int64.fromDatabaseValue(values[1]) else { return nil }
            do {
                return String(decoding: try read(table: table, id: id), as: UTF8.self)
            } catch {
                throw DatabaseError(message: String(describing: error))
            }
        }
    }

    /// The bytes used by every external file.
    func size() -> UInt64 {
        guard let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.fileSizeKey]) else { return 0 }
        var total: UInt64 = 0
        for case let url as URL in files {
            total += UInt64((try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0)
        }
        return total
    }

    /// Removes temporary files that an interrupted write left behind.
    func removeLeftovers() {
        guard let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else { return }
        for case let url as URL in files where url.pathExtension == "pending" {
            try? FileManager.default.removeItem(at: url)
        }
    }

    /// Starts collecting the file changes of one write transaction.
    func makeChanges() -> ExternalStorageChanges {
        ExternalStorageChanges(storage: self)
    }
}

/// The file changes of one write transaction, applied when it commits and discarded otherwise.
final class ExternalStorageChanges: @unchecked Sendable {
    private let storage: ExternalStorage
    private let lock = NSLock()
    private var pending: [(temporary: URL, final: URL)] = []
    private var removals: [URL] = []

    init(storage: ExternalStorage) {
        self.storage = storage
    }

    /// Writes an entry's JSON text to a temporary file that ``commit()`` moves into place.
    func write(_ bytes: [UInt8], table: String, id: Int64) throws(SmartStoreError) {
        let final = storage.fileURL(table: table, id: id)
        let temporary = final.appendingPathExtension("pending")
        do {
            try FileManager.default.createDirectory(at: final.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: temporary)
        } catch {
            throw .fileSystem(path: temporary.path, reason: error.localizedDescription)
        }
        lock.withLock { pending.append((temporary, final)) }
    }

    /// Schedules an entry's file for removal at commit.
    func remove(table: String, ids: [Int64]) {
        let urls = ids.map { storage.fileURL(table: table, id: $0) }
        lock.withLock { removals.append(contentsOf: urls) }
    }

    /// Schedules a soup's whole directory for removal at commit.
    func removeAll(table: String) {
        let url = storage.directory.appendingPathComponent(table, isDirectory: true)
        lock.withLock { removals.append(url) }
    }

    /// Moves written files into place and deletes removed ones.
    func commit() {
        let (written, removed) = lock.withLock { (pending, removals) }
        for url in removed { try? FileManager.default.removeItem(at: url) }
        // rename(2) replaces an existing file atomically, so readers see the old or the new entry.
        for (temporary, final) in written { _ = rename(temporary.path, final.path) }
    }

    /// Deletes the temporary files of a transaction that did not commit.
    func discard() {
        for (temporary, _) in lock.withLock({ pending }) { try? FileManager.default.removeItem(at: temporary) }
    }
}
