import Foundation

/// A field's value typed as text (a form's input, `Name=Acme` on a command line) as the JSON the
/// REST API takes for the field's describe type. Text that does not read as the type goes as
/// typed, so the org's own message says what is wrong with it.
package enum FieldText {
    /// The JSON for `text` in a field of describe type `fieldType` (`boolean`, `int`, `double`,
    /// `currency`, `percent`, `datetime`, …); empty text is null.
    package static func json(_ text: String, fieldType: String) -> JSON {
        let text = text.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return .null }
        switch fieldType {
        case "boolean":
            switch text.lowercased() {
            case "true": return true
            case "false": return false
            default: return .string(text)
            }
        case "int":
            return Int64(text).map(JSON.integer) ?? .string(text)
        case "double", "currency", "percent":
            return Double(text).map(JSON.double) ?? .string(text)
        case "datetime":
            // A browser's datetime-local has no seconds or zone: UTC, as the API's times are.
            return .string(text.count == 16 ? text + ":00.000Z" : text.count == 19 ? text + ".000Z" : text)
        default:
            return .string(text)
        }
    }
}
