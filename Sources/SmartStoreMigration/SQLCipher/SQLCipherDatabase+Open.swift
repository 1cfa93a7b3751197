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
        // Decrypted straight into memory SQLite allocates, which it then owns and frees when the
        // connection closes: the plain copy is the only one held.
        var buffer: UnsafeMutableRawBufferPointer?
        do {
            try decrypt(url, key: key) { size throws(SQLCipherError) in
                guard let memory = sqlite3_malloc64(sqlite3_uint64(size)) else {
                    throw .unreadable("there is not enough memory for its \(size) bytes")
                }
                let allocated = UnsafeMutableRawBufferPointer(start: memory, count: size)
                buffer = allocated
                return allocated
            }
        } catch {
            sqlite3_free(buffer?.baseAddress)
            throw error
        }
        guard let plain = buffer else { throw .unreadable("it is empty") }
        var owned = true
        defer { if owned { sqlite3_free(plain.baseAddress) } }
        do {
            var configuration = Configuration()
            configuration.label = "Mobile SDK store"
            let queue = try DatabaseQueue(configuration: configuration)
            try queue.writeWithoutTransaction { db in
                let flags = UInt32(SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_READONLY)
                let size = sqlite3_int64(plain.count)
                // With FREEONCLOSE SQLite frees the buffer even when it refuses it.
                owned = false
                guard
                    sqlite3_deserialize(
                        db.sqliteConnection, "main", plain.baseAddress?.assumingMemoryBound(to: UInt8.self), size, size, flags)
                        == SQLITE_OK
                else {
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
