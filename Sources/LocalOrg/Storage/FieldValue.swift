import Foundation
import GRDB
import SalesforceCore

/// One stored field value, as SQLite holds it.
enum FieldValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case integer(Int64)
    case double(Double)
    case text(String)
    case blob([UInt8])
}

extension FieldValue: DatabaseValueConvertible {
    var databaseValue: DatabaseValue {
        switch self {
        case .null: return .null
        case .bool(let flag): return (flag ? 1 : 0).databaseValue
        case .integer(let number): return number.databaseValue
        case .double(let number): return number.databaseValue
        case .text(let text): return text.databaseValue
        case .blob(let bytes): return Data(bytes).databaseValue
        }
    }

    static func fromDatabaseValue(_ value: DatabaseValue) -> FieldValue? {
        switch value.storage {
        case .null: return .null
        case .int64(let number): return .integer(number)
        case .double(let number): return .double(number)
        case .string(let text): return .text(text)
        case .blob(let data): return .blob(Array(data))
        }
    }
}

extension FieldValue {
    /// Reads a stored value back as the field's type says it should appear in JSON.
    init(row: Row, column: Int, type: FieldType) {
        if row.hasNull(atIndex: column) {
            self = .null
            return
        }
        switch type.storage {
        case .boolean: self = .bool((row[column] as Int64? ?? 0) != 0)
        case .integer: self = .integer(row[column] as Int64? ?? 0)
        case .real: self = .double(row[column] as Double? ?? 0)
        case .blob: self = .blob(Array(row[column] as Data? ?? Data()))
        case .text, .date, .dateTime: self = .text(row[column] as String? ?? "")
        }
    }

    /// The value as a JSON value for responses (blobs in base64).
    var json: JSON {
        switch self {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .integer(let number): return .integer(number)
        case .double(let number): return .double(number)
        case .text(let text): return .string(text)
        case .blob(let bytes): return .string(Data(bytes).base64EncodedString())
        }
    }
}
