/// A field's data type, with the names Salesforce's describe uses.
package enum FieldType: String, Sendable, CaseIterable, Codable {
    /// The record id.
    case id
    /// A lookup to another record.
    case reference
    /// Short text.
    case string
    /// Long text.
    case textarea
    /// An e-mail address, checked on write.
    case email
    /// A phone number.
    case phone
    /// A URL.
    case url
    /// One value from a list.
    case picklist
    /// Free text with suggested values (an event's `Subject`): a picklist that takes any value.
    case combobox
    /// Several values from a list, joined with `;`.
    case multipicklist
    /// True or false.
    case boolean
    /// A whole number.
    case int
    /// A number with a fractional part.
    case double
    /// An amount of money.
    case currency
    /// A percentage.
    case percent
    /// A calendar date, `2024-05-01`.
    case date
    /// An instant, `2024-05-01T12:00:00.000+0000`.
    case datetime
    /// A time of day, `13:30:00.000Z`.
    case time
    /// Binary content, base64 in JSON.
    case base64
    /// A value of any type, kept as text: a history record's `OldValue` and `NewValue`.
    case anyType

    /// How values of this type are kept in SQLite.
    var storage: FieldStorage {
        switch self {
        case .boolean: return .boolean
        case .int: return .integer
        case .double, .currency, .percent: return .real
        case .date: return .date
        case .datetime: return .dateTime
        case .base64: return .blob
        case .id, .reference, .string, .textarea, .email, .phone, .url, .picklist, .combobox, .multipicklist, .time, .anyType: return .text
        }
    }

    /// The SOAP type describe reports.
    var soapType: String {
        switch self {
        case .id, .reference: return "tns:ID"
        case .boolean: return "xsd:boolean"
        case .int: return "xsd:int"
        case .double, .currency, .percent: return "xsd:double"
        case .date: return "xsd:date"
        case .datetime: return "xsd:dateTime"
        case .time: return "xsd:time"
        case .anyType: return "xsd:anyType"
        case .base64: return "xsd:base64Binary"
        default: return "xsd:string"
        }
    }

    /// Whether SOQL can use LIKE on it.
    var isText: Bool { storage == .text }
}

/// How a field's values are kept in SQLite.
enum FieldStorage: Sendable {
    /// TEXT compared case-insensitively, as Salesforce compares text.
    case text
    /// INTEGER.
    case integer
    /// REAL.
    case real
    /// INTEGER 0 or 1.
    case boolean
    /// TEXT `YYYY-MM-DD`.
    case date
    /// TEXT in Salesforce's UTC form, which sorts as text.
    case dateTime
    /// BLOB.
    case blob

    /// The SQLite column declaration.
    var columnDeclaration: String {
        switch self {
        case .text: return "TEXT COLLATE NOCASE"
        case .integer, .boolean: return "INTEGER"
        case .real: return "REAL"
        case .date, .dateTime: return "TEXT"
        case .blob: return "BLOB"
        }
    }
}
