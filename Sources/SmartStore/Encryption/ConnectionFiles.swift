import Foundation
import GRDBSQLite
import SalesforceCore

/// Which encrypted database file each open WAL belongs to, so that a connection's database file
/// can reach the frames its WAL reads during a checkpoint (see ``EncryptedFile/wal``).
///
/// SQLite names a WAL with a pointer into its database's filename, and
/// `sqlite3_filename_database` gives back that pointer: it identifies one connection's files.
enum ConnectionFiles {
    private static let databases = Locked([UInt: WeakFile]())

    private struct WeakFile {
        weak var file: EncryptedFile?
    }

    /// Records `file` as the database SQLite opened under `name`.
    static func addDatabase(_ file: EncryptedFile, name: sqlite3_filename) {
        databases.withLock { $0[key(name)] = WeakFile(file: file) }
    }

    /// Forgets the database SQLite opened under `name`.
    static func removeDatabase(name: sqlite3_filename) {
        databases.withLock { $0[key(name)] = nil }
    }

    /// Links the WAL opened under `walName` to its connection's database file.
    static func attachWAL(_ wal: EncryptedFile, name walName: sqlite3_filename) {
        guard let databaseName = sqlite3_filename_database(walName) else { return }
        databases.withLock { $0[key(databaseName)]?.file?.wal = wal }
    }

    private static func key(_ name: sqlite3_filename) -> UInt {
        UInt(bitPattern: name)
    }
}
