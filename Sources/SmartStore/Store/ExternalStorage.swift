import Foundation
import GRDB
import SalesforceCore

/// Files beside the database for soups with the external storage feature: one file per entry,
/// `<database>_external_soup_blobs/TABLE_<n>/soupelt_<id>`.
///
/// Writes go to temporary files and take their place only once the transaction that made them
/// commits, so a failed or interrupted upsert leaves the stored entries as they were. In an
/// encrypted store each file is sealed with the store's key (``SealedEntryFile``).
final class ExternalStorage: Sendable {
    /// The SQL function through which queries read an external entry: `(table, id) -> JSON text`.
    static let sqlFunctionName = "smartstore_external_entry"

    let directory: URL
    let cipher: PageCipher?

    init(databaseURL: URL, cipher: PageCipher?) {
        directory = Self.directory(forDatabase: databaseURL)
        self.cipher = cipher
    }

    static func directory(forDatabase url: URL) -> URL {
        URL(fileURLWithPath: url.path + "_external_soup_blobs", isDirectory: true)
    }

    func fileURL(table: String, id: Int64) -> URL {
        directory.appendingPathComponent(table, isDirectory: true).appendingPathComponent("soupelt_\(id)")
    }

    /// The entry's JSON text.
    func read(table: String, id: Int64) throws(SmartStoreError) -> Data {
        try Self.read(fileURL(table: table, id: id), place: Self.place(table: table, id: id), cipher: cipher)
    }

    /// Where an entry's file is under the directory: what its seal is bound to.
    static func place(table: String, id: Int64) -> String {
        "\(table)/soupelt_\(id)"
    }

    /// The JSON text of the entry file at `url`, opened with `cipher` when there is one.
    static func read(_ url: URL, place: String, cipher: PageCipher?) throws(SmartStoreError) -> Data {
        do {
            guard let cipher else { return try Data(contentsOf: url) }
            return try SealedEntryFile.read(url, place: place, cipher: cipher)
        } catch SealedEntryFile.Failure.unknownKey {
            throw .corrupted("the external entry \(url.lastPathComponent) was sealed with a key this store does not hold")
        } catch SealedEntryFile.Failure.tampered {
            throw .corrupted("the external entry \(url.lastPathComponent) fails authentication")
        } catch {
            throw .fileSystem(path: url.path, reason: "the externally stored entry cannot be read (\(error.localizedDescription))")
        }
    }

    /// Writes the entry at `place` to a file at `url`, sealed with `cipher` when there is one.
    static func write(_ bytes: [UInt8], to url: URL, place: String, cipher: PageCipher?) throws(SmartStoreError) {
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            if let cipher {
                try SealedEntryFile.write(bytes, to: url, place: place, cipher: cipher)
            } else {
                try Data(bytes).write(to: url)
            }
        } catch {
            throw .fileSystem(path: url.path, reason: error.localizedDescription)
        }
    }

    /// Every entry file, pending ones excluded.
    func entryFiles() -> [URL] {
        guard let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        return files.compactMap { $0 as? URL }.filter {
            $0.pathExtension != "pending" && (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
        }
    }

    /// Copies every entry file into `target`'s directory, read with this storage's cipher and
    /// written with `target`'s: to encrypt, decrypt or re-key them. Files are replaced atomically.
    func copyEntries(to target: ExternalStorage) throws(SmartStoreError) {
        for file in entryFiles() {
            let place = String(file.path.dropFirst(directory.path.count + 1))
            let destination = target.directory.appendingPathComponent(place)
            let pending = destination.appendingPathExtension("pending")
            let bytes = try Self.read(file, place: place, cipher: cipher)
            try Self.write(Array(bytes), to: pending, place: place, cipher: target.cipher)
            guard rename(pending.path, destination.path) == 0 else {
                throw .fileSystem(path: destination.path, reason: String(cString: strerror(errno)))
            }
        }
    }

    /// The SQL function queries use to load external entries.
    var sqlFunction: DatabaseFunction {
        DatabaseFunction(Self.sqlFunctionName, argumentCount: 2, pure: false) { [self] values in
            guard let table = String.fromDatabaseValue(values[0]), let id = Int64.fromDatabaseValue(values[1]) else { return nil }
            do {
                return String(decoding: try read(table: table, id: id), as: UTF8.self)
            } catch let error as SmartStoreError where error.code == .corrupted {
                // The code SQLite's own failed pages carry, so the query reports corruption too.
                throw DatabaseError(resultCode: .SQLITE_IOERR_DATA, message: error.message)
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

    /// The table where a transaction records the files it moves into place at commit.
    static let movesTable = "external_file_moves"

    /// Finishes the moves of a transaction that committed while the process died before its
    /// files were all in place (they are recorded in the same transaction), then removes the
    /// temporary files of transactions that did not commit.
    /// - Throws: when a recorded move cannot be made: the record stays, for the next open.
    func finishInterruptedWrites(_ db: Database) throws {
        if try db.tableExists(Self.movesTable) {
            for row in try Row.fetchAll(db, sql: "SELECT temporary, final FROM \(Self.movesTable)") {
                // Only a move of an entry file to its own name is made: a row changed by hand can
                // name nothing else, and is dropped.
                guard case .string(let temporary) = (row["temporary"] as DatabaseValue).storage,
                    case .string(let final) = (row["final"] as DatabaseValue).storage, Self.isMove(from: temporary, to: final)
                else { continue }
                let from = directory.appendingPathComponent(temporary)
                guard FileManager.default.fileExists(atPath: from.path) else { continue }
                guard rename(from.path, directory.appendingPathComponent(final).path) == 0 else {
                    throw SmartStoreError.fileSystem(path: from.path, reason: String(cString: strerror(errno)))
                }
            }
            try db.execute(sql: "DELETE FROM \(Self.movesTable)")
        }
        removeLeftovers()
    }

    /// Whether any committed move is still to be made (a read-only open cannot make it).
    func hasInterruptedWrites(_ db: Database) throws -> Bool {
        try db.tableExists(Self.movesTable) && (try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM \(Self.movesTable))") ?? false)
    }

    /// Whether `temporary` → `final` is the move of an entry file into place:
    /// `TABLE_<n>/soupelt_<id>.<token>.pending` → `TABLE_<n>/soupelt_<id>`.
    static func isMove(from temporary: String, to final: String) -> Bool {
        let parts = final.split(atScalars: ["/"], omittingEmptyParts: false)
        guard parts.count == 2, parts[0].utf8.starts(with: "TABLE_".utf8), parts[1].utf8.starts(with: "soupelt_".utf8),
            parts.allSatisfy({ part in part.utf8.allSatisfy { $0 == UInt8(ascii: "_") || isAlphanumeric($0) } }),
            temporary.utf8.starts(with: (final + ".").utf8), temporary.utf8.count > final.utf8.count + ".pending".utf8.count
        else { return false }
        let token = temporary.utf8.dropFirst(final.utf8.count + 1).dropLast(".pending".utf8.count)
        return temporary.utf8.reversed().starts(with: ".pending".utf8.reversed())
            && token.allSatisfy { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") || isAlphanumeric($0) }
            && !token.contains(UInt8(ascii: "/"))
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
    }

    /// A file's path under the directory.
    func relativePath(of url: URL) -> String {
        String(url.path.dropFirst(directory.path.count).drop { $0 == "/" })
    }

    /// Removes temporary files that an interrupted write left behind.
    private func removeLeftovers() {
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
final class ExternalStorageChanges: Sendable {
    private let storage: ExternalStorage
    private let changes = Locked(Changes())
    /// In this transaction's temporary names: a record left from another transaction can never
    /// name this one's files.
    private let token = UUID().uuidString

    private struct Changes {
        var pending: [(temporary: URL, final: URL)] = []
        var removals: [URL] = []
    }

    init(storage: ExternalStorage) {
        self.storage = storage
    }

    /// Writes an entry's JSON text to a temporary file that ``commit()`` moves into place.
    func write(_ bytes: [UInt8], table: String, id: Int64) throws(SmartStoreError) {
        let final = storage.fileURL(table: table, id: id)
        let temporary = final.appendingPathExtension("\(token).pending")
        try ExternalStorage.write(bytes, to: temporary, place: ExternalStorage.place(table: table, id: id), cipher: storage.cipher)
        changes.withLock { $0.pending.append((temporary, final)) }
    }

    /// Schedules an entry's file for removal at commit.
    func remove(table: String, ids: [Int64]) {
        let urls = ids.map { storage.fileURL(table: table, id: $0) }
        changes.withLock { $0.removals.append(contentsOf: urls) }
    }

    /// Schedules a soup's whole directory for removal at commit.
    func removeAll(table: String) {
        let url = storage.directory.appendingPathComponent(table, isDirectory: true)
        changes.withLock { $0.removals.append(url) }
    }

    /// Records the moves ``commit()`` will make in `db`, inside the transaction about to commit:
    /// should the process die between the commit and the moves, the next open makes them.
    func record(_ db: Database) throws {
        let moves = changes.current.pending
        guard !moves.isEmpty else { return }
        try db.execute(sql: "CREATE TABLE IF NOT EXISTS \(ExternalStorage.movesTable) (temporary TEXT NOT NULL, final TEXT NOT NULL)")
        for (temporary, final) in moves {
            try db.execute(
                sql: "INSERT INTO \(ExternalStorage.movesTable) (temporary, final) VALUES (?, ?)",
                arguments: [storage.relativePath(of: temporary), storage.relativePath(of: final)])
        }
    }

    /// Whether the transaction wrote files to move into place.
    var hasMoves: Bool { !changes.current.pending.isEmpty }

    /// Moves written files into place and deletes removed ones; returns whether every move was
    /// made (else their record stays, and the next open makes them).
    func commit() -> Bool {
        let (written, removed) = changes.withLock { ($0.pending, $0.removals) }
        for url in removed { try? FileManager.default.removeItem(at: url) }
        // rename(2) replaces an existing file atomically, so readers see the old or the new entry.
        var moved = true
        for (temporary, final) in written where rename(temporary.path, final.path) != 0 { moved = false }
        return moved
    }

    /// Deletes the temporary files of a transaction that did not commit.
    func discard() {
        for (temporary, _) in changes.current.pending { try? FileManager.default.removeItem(at: temporary) }
    }
}
