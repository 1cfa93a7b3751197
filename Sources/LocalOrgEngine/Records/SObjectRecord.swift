package import SalesforceCore

/// A record as the API returns it: its type and URL (`attributes`), then its fields in order.
package struct SObjectRecord: Sendable, Equatable {
    /// The sObject type, or `AggregateResult`.
    package var type: String
    /// The record's REST URL; nil for aggregate rows.
    package var url: String?
    /// The fields, in the order they were selected.
    package var fields: [(name: String, value: RecordValue)]

    /// Creates a record.
    package init(type: String, url: String?, fields: [(name: String, value: RecordValue)]) {
        self.type = type
        self.url = url
        self.fields = fields
    }

    /// The value of the field `name`, matched without regard to case.
    package subscript(name: String) -> RecordValue? {
        let lowered = name.lowercased()
        return fields.first { $0.name.lowercased() == lowered }?.value
    }

    /// Records are equal when type, URL and fields (in order) are.
    package static func == (lhs: SObjectRecord, rhs: SObjectRecord) -> Bool {
        lhs.type == rhs.type && lhs.url == rhs.url && lhs.fields.count == rhs.fields.count
            && zip(lhs.fields, rhs.fields).allSatisfy { $0.name == $1.name && $0.value == $1.value }
    }

    /// Writes the record as Salesforce does: `attributes` first.
    package func write(to writer: inout JSONStreamWriter) {
        writer.beginObject()
        writer.key("attributes")
        writer.beginObject()
        writer.key("type")
        writer.string(type)
        if let url {
            writer.key("url")
            writer.string(url)
        }
        writer.endObject()
        for (name, value) in fields {
            writer.key(name)
            value.write(to: &writer)
        }
        writer.endObject()
    }

    /// The record as a `JSON` value (keys lose their order).
    package var json: JSON {
        var writer = JSONStreamWriter()
        write(to: &writer)
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

    /// Writes the value as JSON.
    package func write(to writer: inout JSONStreamWriter) {
        switch self {
        case .null: writer.null()
        case .bool(let flag): writer.bool(flag)
        case .integer(let number): writer.integer(number)
        case .double(let number): writer.double(number)
        case .string(let text): writer.string(text)
        case .record(let record): record.write(to: &writer)
        case .children(let result): result.write(to: &writer)
        case .members(let compound):
            writer.beginObject()
            for (key, value) in compound.members {
                writer.key(key)
                value.write(to: &writer)
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
    /// Where the next page is, when there is one.
    package var nextRecordsUrl: String?
    /// This page's records.
    package var records: [SObjectRecord]

    /// Creates a page.
    package init(totalSize: Int, done: Bool, nextRecordsUrl: String? = nil, records: [SObjectRecord]) {
        self.totalSize = totalSize
        self.done = done
        self.nextRecordsUrl = nextRecordsUrl
        self.records = records
    }

    /// Writes the page as Salesforce does.
    package func write(to writer: inout JSONStreamWriter) {
        writer.beginObject()
        writer.key("totalSize")
        writer.integer(Int64(totalSize))
        writer.key("done")
        writer.bool(done)
        if let nextRecordsUrl {
            writer.key("nextRecordsUrl")
            writer.string(nextRecordsUrl)
        }
        writer.key("records")
        writer.beginArray()
        for record in records { record.write(to: &writer) }
        writer.endArray()
        writer.endObject()
    }
}
