package import GRDB
import GRDBSQLite

extension Statement {
    /// Sets the statement's arguments as GRDB does, then binds each text argument again with its
    /// length: GRDB binds text as a C string, which ends at the first U+0000, so a value holding
    /// one would be looked up (and stored) cut short.
    ///
    /// Run the statement without arguments afterwards (`Row.fetchCursor(statement)`), so that
    /// GRDB does not bind them again.
    /// - Throws: `DatabaseError` when the values do not fit the statement.
    package func setArgumentsKeepingText(_ values: [DatabaseValue]) throws {
        try setArguments(StatementArguments(values))
        for (offset, value) in values.enumerated() {
            guard case .string(let text) = value.storage, text.utf8.contains(0) else { continue }
            let code = Array(text.utf8).withUnsafeBytes { bytes in
                sqlite3_bind_text64(
                    sqliteStatement, Int32(offset + 1), bytes.baseAddress, sqlite3_uint64(bytes.count), copied, UInt8(SQLITE_UTF8))
            }
            guard code == SQLITE_OK else {
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "cannot bind parameter \(offset + 1)", sql: sql)
            }
        }
    }
}

/// Tells SQLite to copy a bound value, which is freed right after binding.
private let copied = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
