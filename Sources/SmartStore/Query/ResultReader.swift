import Foundation
import GRDB
import SalesforceCore

/// Turns result rows into JSON: stored entries are parsed, other columns keep their SQL type.
enum ResultReader {
    /// The entry stored as JSON text in column `index`; `null` when the column is NULL.
    static func entry(in row: Row, at index: Int) throws -> JSON {
        try row.withUnsafeData(atIndex: index) { data -> JSON in
            guard let data else { return .null }
            return try JSON(parsing: data)
        }
    }

    /// A column's value as JSON: integers, reals and text as they are, NULL as `null`, and
    /// blobs as base64 text.
    static func value(in row: Row, at index: Int) -> JSON {
        switch (row[index] as DatabaseValue).storage {
        case .null: .null
        case .int64(let number): .integer(number)
        case .double(let number): .double(number)
        case .string(let text): .string(text)
        case .blob(let data): .string(data.base64EncodedString())
        }
    }

    /// Whether a Smart SQL result column holds whole entries (`{soup:_soup}`).
    static func isEntryColumn(named name: String) -> Bool {
        name == "soup" || name.hasPrefix(ExternalStorage.sqlFunctionName + "(")
    }

    /// A result row as an array of its values, with whole-entry columns parsed.
    static func arrayRow(_ row: Row, entryColumns: [Bool]) throws -> JSON {
        var values: [JSON] = []
        values.reserveCapacity(entryColumns.count)
        for (index, isEntry) in entryColumns.enumerated() {
            if isEntry, case .string = (row[index] as DatabaseValue).storage, let entry = try? entry(in: row, at: index) {
                values.append(entry)
            } else {
                values.append(value(in: row, at: index))
            }
        }
        return .array(values)
    }
}
