import Foundation
import SOQL
import SalesforceCore

/// Turns a JSON value from a request body into the value stored for a field, with
/// Salesforce's errors for values of the wrong kind.
enum FieldConversion {
    static func storedValue(of json: JSON, for field: SObjectField) throws(APIError) -> FieldValue {
        if json.isNull { return .null }
        switch field.type.storage {
        case .text:
            let text = try text(of: json, for: field)
            if field.type == .id || field.type == .reference {
                guard let id = RecordID.normalized(text) else {
                    throw APIError(
                        status: 400, errorCode: "MALFORMED_ID", message: "\(field.label): id value of incorrect type: \(text)",
                        fields: [field.name])
                }
                return .text(id)
            }
            if text.count > field.length, field.length > 0 {
                throw APIError(
                    status: 400, errorCode: "STRING_TOO_LONG",
                    message: "\(field.label): data value too large: \(text.prefix(40)) (max length=\(field.length))", fields: [field.name])
            }
            if field.type == .email, !text.isEmpty, !isEmail(text) {
                throw APIError(
                    status: 400, errorCode: "INVALID_EMAIL_ADDRESS", message: "\(field.label): invalid email address: \(text)",
                    fields: [field.name])
            }
            return text.isEmpty ? .null : .text(text)
        case .boolean:
            if let flag = json.boolValue { return .bool(flag) }
            if let text = json.stringValue?.lowercased(), text == "true" || text == "false" { return .bool(text == "true") }
            throw cannotDeserialize(json, as: "boolean", field: field)
        case .integer:
            if let number = json.integerValue { return .integer(number) }
            if let number = json.doubleValue, number.rounded() == number, abs(number) < 9.0e15 { return .integer(Int64(number)) }
            if let text = json.stringValue, let number = Int64(text) { return .integer(number) }
            throw cannotDeserialize(json, as: "int", field: field)
        case .real:
            if let number = json.doubleValue { return .double(number) }
            if let text = json.stringValue, let number = Double(text), number.isFinite { return .double(number) }
            throw cannotDeserialize(json, as: "double", field: field)
        case .date:
            guard let text = json.stringValue else { throw cannotDeserialize(json, as: "date", field: field) }
            if let date = CivilDate(parsing: text) { return .text(date.description) }
            if let instant = SOQLDateTime(parsing: text) { return .text(instant.date.description) }
            throw cannotDeserialize(json, as: "date", field: field)
        case .dateTime:
            guard let text = json.stringValue else { throw cannotDeserialize(json, as: "datetime", field: field) }
            if let instant = SOQLDateTime(parsing: text) { return .text(instant.description) }
            if let date = CivilDate(parsing: text) { return .text(SOQLDateTime(startOf: date).description) }
            throw cannotDeserialize(json, as: "datetime", field: field)
        case .blob:
            guard let text = json.stringValue, let data = Data(base64Encoded: text, options: .ignoreUnknownCharacters) else {
                throw cannotDeserialize(json, as: "base64", field: field)
            }
            return .blob(Array(data))
        }
    }

    private static func text(of json: JSON, for field: SObjectField) throws(APIError) -> String {
        switch json {
        case .string(let text):
            // U+0000 cannot be kept: SQLite's readers end text at it, so "ab\u0000cd" would come
            // back as "ab" and "\u0000" would pass as a required value. Refused, never shortened.
            guard !text.utf8.contains(0) else {
                throw APIError(
                    status: 400, errorCode: "JSON_PARSER_ERROR",
                    message: "\(field.label): a text value cannot hold the character U+0000 (\\u0000).", fields: [field.name])
            }
            return text
        case .integer(let number): return String(number)
        case .double(let number): return String(number)
        case .bool(let flag): return flag ? "true" : "false"
        default: throw cannotDeserialize(json, as: "string", field: field)
        }
    }

    private static func cannotDeserialize(_ json: JSON, as type: String, field: SObjectField) -> APIError {
        let kind: String
        switch json {
        case .string: kind = "VALUE_STRING"
        case .integer: kind = "VALUE_NUMBER_INT"
        case .double: kind = "VALUE_NUMBER_FLOAT"
        case .bool(let flag): kind = flag ? "VALUE_TRUE" : "VALUE_FALSE"
        case .array: kind = "START_ARRAY"
        case .object: kind = "START_OBJECT"
        case .null: kind = "VALUE_NULL"
        }
        let shown = json.stringValue ?? json.serialized()
        return APIError(
            status: 400, errorCode: "JSON_PARSER_ERROR",
            message: "Cannot deserialize instance of \(type) from \(kind) value \(shown) or request may be missing a required field",
            fields: [field.name])
    }

    private static func isEmail(_ text: String) -> Bool {
        let parts = text.split(atScalars: ["@"], omittingEmptyParts: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].containsScalar("."),
            parts[1].unicodeScalars.first != ".", parts[1].unicodeScalars.last != ".", !text.containsScalar(" ")
        else { return false }
        return true
    }
}
