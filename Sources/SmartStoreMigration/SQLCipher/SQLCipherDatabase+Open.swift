package import Foundation
package import GRDB
import GRDBSQLite

extension SQLCipherDatabase {
    /// The decrypted database, opened read-only in memory: nothing plain is written to disk.
    ///
    /// The whole database is held in memory, so this suits stores up to a few hundred megabytes.
    /// - Throws: ``SQLCipherError`` as ``plaintext(of:key:)`` throws it, or `.unreadable` when
    ///   SQLite cannot take the decrypted pages.
    package static func openInMemory(_ url: URL, key: SQLCipherKey) throws(SQLCipherError) -> DatabaseQueue {
        let plain = try plaintext(of: url, key: key)
        do {
            var configuration = Configuration()
            configuration.label = "Mobile SDK store"
            let queue = try DatabaseQueue(configuration: configuration)
            try queue.writeWithoutTransaction { db in
                // SQLite owns the copy it frees when the connection closes.
                guard let buffer = sqlite3_malloc64(sqlite3_uint64(plain.count))?.assumingMemoryBound(to: UInt8.self) else {
                    throw SQLCipherError.unreadable("there is not enough memory for its \(plain.count) bytes")
                }
                plain.withUnsafeBufferPointer { buffer.update(from: $0.baseAddress!, count: plain.count) }
                let flags = UInt32(SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_READONLY)
                let size = sqlite3_int64(plain.count)
                guard sqlite3_deserialize(db.sqliteConnection, "main", buffer, size, size, flags) == SQLITE_OK else {
                    throw SQLCipherError.unreadable("SQLite does not read its decrypted pages as a database")
                }
            }
            return queue
        } catch let error as SQLCipherError {
            throw error
        } catch {
            throw .unreadable("its decrypted copy cannot be opened (\(error))")
        }
    }
}
