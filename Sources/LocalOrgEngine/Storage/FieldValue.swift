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
    ///
    /// SQLite keeps whatever a column was given, and a schema file may change a field's type
    /// between runs, so the stored kind is converted rather than trusted (GRDB's typed
    /// subscripts stop the process on a mismatch).
    init(row: Row, column: Int, type: FieldType) {
        let stored: DatabaseValue = row[column]
        switch (type.storage, stored.storage) {
        case (_, .null): self = .null
        case (.boolean, .int64(let number)): self = .bool(number != 0)
        case (.boolean, .double(let number)): self = .bool(number != 0)
        case (.boolean, .string(let text)): self = .bool(text.lowercased() == "true" || text == "1")
        case (.integer, .int64(let number)): self = .integer(number)
        case (.integer, .double(let number)) where number.isFinite && abs(number) < 9.0e18: self = .integer(Int64(number))
        case (.real, .int64(let number)): self = .double(Double(number))
        case (.real, .double(let number)): self = .double(number)
        case (.integer, .string(let text)), (.real, .string(let text)):
            if let number = Int64(text), type.storage == .integer {
                self = .integer(number)
            } else if let number = Double(text), number.isFinite {
                self = type.storage == .integer && abs(number) < 9.0e18 ? .integer(Int64(number)) : .double(number)
            } else {
                self = .null
            }
        case (.blob, .blob(let data)): self = .blob(Array(data))
        case (.blob, .string(let text)): self = .blob(Array(text.utf8))
        case (_, .int64(let number)): self = .text(String(number))
        case (_, .double(let number)): self = .text(String(number))
        case (_, .string(let text)): self = .text(text)
        case (_, .blob(let data)): self = .text(String(decoding: data, as: UTF8.self))
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
