package import SalesforceCore

/// A record as the API returns it: its type and URL (`attributes`), then its fields in order.
/// The store makes records without an API version; the URL gets the version of the request
/// the record answers when it is written.
package struct SObjectRecord: Sendable, Equatable {
    /// The sObject type, or `AggregateResult`.
    package var type: String
    /// The record's REST path below the API version (`sobjects/Account/001…`); nil for aggregate rows.
    package var path: String?
    /// The fields, in the order they were selected.
    package var fields: [(name: String, value: RecordValue)]

    /// Creates a record.
    package init(type: String, path: String?, fields: [(name: String, value: RecordValue)]) {
        self.type = type
        self.path = path
        self.fields = fields
    }

    /// The value of the field `name`, matched without regard to case.
    package subscript(name: String) -> RecordValue? {
        let lowered = name.lowercased()
        return fields.first { $0.name.lowercased() == lowered }?.value
    }

    /// Records are equal when type, URL and fields (in order) are.
    package static func == (lhs: SObjectRecord, rhs: SObjectRecord) -> Bool {
        lhs.type == rhs.type && lhs.path == rhs.path && lhs.fields.count == rhs.fields.count
            && zip(lhs.fields, rhs.fields).allSatisfy { $0.name == $1.name && $0.value == $1.value }
    }

    /// Writes the record as Salesforce does, `attributes` first, with URLs of API `version`
    /// (`v66.0`).
    package func write(to writer: inout JSONStreamWriter, version: String) {
        writer.beginObject()
        writer.key("attributes")
        writer.beginObject()
        writer.key("type")
        writer.string(type)
        if let path {
            writer.key("url")
            writer.string(APIPath.url(path, version: version))
        }
        writer.endObject()
        for (name, value) in fields {
            writer.key(name)
            value.write(to: &writer, version: version)
        }
        writer.endObject()
    }

    /// The record as a `JSON` value with URLs of API `version` (keys lose their order).
    package func json(version: String) -> JSON {
        var writer = JSONStreamWriter()
        write(to: &writer, version: version)
        return (try? JSON(parsing: writer.bytes)) ?? .null
    }
}

/// A field value in a returned record.
package indirect enum RecordValue: Sendable, Equatable {
    /// No value.
    case null
    /// A boolean.
    case bool(Bool)
    /// A whole number.
    case integer(Int64)
    /// A number with a fraction.
    case double(Double)
    /// Text, dates and date-times included.
    case string(String)
    /// A parent record reached through a relationship (`Account.Name`).
    case record(SObjectRecord)
    /// Child records from a subquery.
    case children(QueryResult)
    /// A compound field's members in order: `{"city": …, "latitude": …}`.
    case members(CompoundValue)

    /// A compound field's value: null when every member is, as Salesforce writes it.
    static func compound(_ members: [(key: String, value: RecordValue)]) -> RecordValue {
        members.allSatisfy { $0.value == .null } ? .null : .members(CompoundValue(members: members))
    }

    /// Writes the value as JSON, with record URLs of API `version`.
    package func write(to writer: inout JSONStreamWriter, version: String) {
        switch self {
        case .null: writer.null()
        case .bool(let flag): writer.bool(flag)
        case .integer(let number): writer.integer(number)
        case .double(let number): writer.double(number)
        case .string(let text): writer.string(text)
        case .record(let record): record.write(to: &writer, version: version)
        case .children(let result): result.write(to: &writer, version: version)
        case .members(let compound):
            writer.beginObject()
            for (key, value) in compound.members {
                writer.key(key)
                value.write(to: &writer, version: version)
            }
            writer.endObject()
        }
    }

    /// The text, when this is a string.
    package var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    init(_ value: FieldValue) {
        switch value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .integer(let number): self = .integer(number)
        case .double(let number): self = .double(number)
        case .text(let text): self = .string(text)
        case .blob: self = value.json.stringValue.map { .string($0) } ?? .null
        }
    }
}

/// The members of a compound field (an address, a geolocation), in order.
package struct CompoundValue: Sendable, Equatable {
    /// The members.
    package var members: [(key: String, value: RecordValue)]

    /// Compounds are equal when their members are, in order.
    package static func == (lhs: CompoundValue, rhs: CompoundValue) -> Bool {
        lhs.members.count == rhs.members.count && zip(lhs.members, rhs.members).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }
}

/// One page of query results: `{"totalSize", "done", "nextRecordsUrl", "records"}`.
package struct QueryResult: Sendable, Equatable {
    /// How many records the whole query matches.
    package var totalSize: Int
    /// Whether this is the last page.
    package var done: Bool
    /// Where the next page is below the API version (`query/01g…-2000`), when there is one.
    package var nextRecordsPath: String?
    /// This page's records.
    package var records: [SObjectRecord]

    /// Creates a page.
    package init(totalSize: Int, done: Bool, nextRecordsPath: String? = nil, records: [SObjectRecord]) {
        self.totalSize = totalSize
        self.done = done
        self.nextRecordsPath = nextRecordsPath
        self.records = records
    }

    /// Writes the page as Salesforce does, with URLs of API `version`.
    package func write(to writer: inout JSONStreamWriter, version: String) {
        writer.beginObject()
        writer.key("totalSize")
        writer.integer(Int64(totalSize))
        writer.key("done")
        writer.bool(done)
        if let nextRecordsPath {
            writer.key("nextRecordsUrl")
            writer.string(APIPath.url(nextRecordsPath, version: version))
        }
        writer.key("records")
        writer.beginArray()
        for record in records { record.write(to: &writer, version: version) }
        writer.endArray()
        writer.endObject()
    }
}

/// The REST API's URLs: a path below `/services/data/<version>/`.
package enum APIPath {
    /// The URL of `path` in API `version`: `/services/data/v66.0/sobjects/Account/001…`.
    package static func url(_ path: String, version: String) -> String {
        "/services/data/\(version)/\(path)"
    }
}
