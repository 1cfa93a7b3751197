import Foundation
package import GRDB
import GRDBSQLite

/// A statement run once per row (an INSERT or UPDATE of many records, a lookup of many keys),
/// its values bound by position through SQLite's C API.
///
/// GRDB's `StatementArguments` initializers are generic and not specialized across modules:
/// building the arguments of a row cost about as much as executing its statement. Bind each
/// parameter in order, then ``execute()`` or ``fetchCursor()``; the next bind starts a new row.
///
/// The statement must be run only through this value while it is in use: GRDB's own
/// `execute(arguments:)` on the same statement would bind its arguments over these.
package struct RowStatement {
    private let statement: Statement
    private var position: Int32 = 0

    /// Wraps a prepared statement, usually one from GRDB's `cachedStatement(sql:)`.
    package init(_ statement: Statement) {
        self.statement = statement
        let count = Int(sqlite3_bind_parameter_count(statement.sqliteStatement))
        // Tells GRDB that the statement's arguments are set, so that it runs what is bound.
        statement.setUncheckedArguments(StatementArguments(Array(repeating: DatabaseValue.null, count: count)))
    }

    /// Binds the next parameter to a value.
    /// - Throws: `DatabaseError` when the statement has no such parameter.
    package mutating func bind(_ value: DatabaseValue) throws {
        switch value.storage {
        case .null: try bind { sqlite3_bind_null($0, $1) }
        case .int64(let integer): try bind(integer)
        case .double(let double): try bind { sqlite3_bind_double($0, $1, double) }
        case .string(let string): try bind(text: string.utf8)
        case .blob(let data):
            try data.withUnsafeBytes { bytes in
                try bind { sqlite3_bind_blob64($0, $1, bytes.baseAddress, sqlite3_uint64(bytes.count), transient) }
            }
        }
    }

    /// Binds the next parameter to an integer.
    /// - Throws: `DatabaseError` when the statement has no such parameter.
    package mutating func bind(_ integer: Int64) throws {
        try bind { sqlite3_bind_int64($0, $1, integer) }
    }

    /// Binds the next parameter to UTF-8 text, which SQLite copies.
    /// - Throws: `DatabaseError` when the statement has no such parameter.
    package mutating func bind(text: some Collection<UInt8>) throws {
        let contiguous: Void? = try text.withContiguousStorageIfAvailable { bytes in
            try bind { sqlite3_bind_text64($0, $1, bytes.baseAddress, sqlite3_uint64(bytes.count), transient, UInt8(SQLITE_UTF8)) }
        }
        if contiguous == nil { try bind(text: Array(text)) }
    }

    /// Runs the statement with the values bound since the last run.
    /// - Throws: `DatabaseError` from SQLite (a constraint, a full disk).
    package mutating func execute() throws {
        position = 0
        try statement.execute()
    }

    /// Runs the statement as a query with the values bound since the last run.
    ///
    /// A row reads its values from the statement: read them while the cursor is alive.
    /// - Throws: `DatabaseError` from SQLite.
    package mutating func fetchCursor() throws -> RowCursor {
        position = 0
        return try Row.fetchCursor(statement)
    }

    /// Runs the statement as a query with the values bound since the last run, and returns the
    /// first column of its first row.
    /// - Throws: `DatabaseError` from SQLite.
    package mutating func fetchOne<Value: DatabaseValueConvertible & StatementColumnConvertible>(_ type: Value.Type) throws -> Value? {
        position = 0
        return try Value.fetchOne(statement)
    }

    private mutating func bind(_ call: (OpaquePointer, Int32) -> Int32) throws {
        // A statement that ran must be reset before SQLite takes new values.
        if position == 0 { sqlite3_reset(statement.sqliteStatement) }
        position += 1
        let code = call(statement.sqliteStatement, position)
        guard code == SQLITE_OK else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "cannot bind parameter \(position)", sql: statement.sql)
        }
    }
}

/// Tells SQLite to copy a bound value, which the caller frees right after binding.
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
