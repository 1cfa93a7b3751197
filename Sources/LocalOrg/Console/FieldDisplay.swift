import LocalOrgEngine
import SalesforceCore

/// A field's value as a page shows it: picklist labels, references as links to the record with
/// its name, dates readable, compound values joined; always as text, never as markup.
enum FieldDisplay {
    static func html(_ value: JSON?, field: SObjectField?, names: [String: String] = [:]) -> HTML {
        guard let value, !value.isNull else { return .empty }
        switch value {
        case .bool(let flag):
            return flag ? "Yes" : "No"
        case .integer(let number):
            return "\(String(number))"
        case .double(let number):
            return "\(number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : String(number))"
        case .string(let text):
            guard let field else { return "\(text)" }
            switch field.type {
            case .reference:
                return HTML.link(names[text] ?? text, to: ConsolePaths.record(id: text))
            case .picklist:
                return "\(field.label(ofPicklistValue: text))"
            case .multipicklist:
                return "\(text.split(atScalars: [";"]).map { field.label(ofPicklistValue: String($0)) }.joined(separator: "; "))"
            case .datetime:
                return "\(readableDateTime(text))"
            default:
                return "\(text)"
            }
        case .array(let elements):
            return "\(elements.count) records"
        case .object(let members):
            if let records = members["records"]?.arrayValue { return "\(records.count) records" }
            let parts = ["street", "city", "state", "postalCode", "country", "latitude", "longitude"].compactMap { key -> String? in
                guard let part = members[key], !part.isNull else { return nil }
                return part.stringValue ?? part.doubleValue.map { String($0) }
            }
            return "\(parts.joined(separator: ", "))"
        case .null:
            return .empty
        }
    }

    /// `2026-11-26T10:30:00.000+0000` as `2026-11-26 10:30:00 UTC`.
    static func readableDateTime(_ text: String) -> String {
        guard text.count >= 19, text.hasSuffix("+0000") || text.hasSuffix("Z") else { return text }
        return text.prefix(10) + " " + text.dropFirst(11).prefix(8) + " UTC"
    }
}
