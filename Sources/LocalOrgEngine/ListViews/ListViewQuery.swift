import SalesforceCore

/// One list view of one object, resolved against the schema: its columns, its SOQL and the
/// REST documents that describe it and its results.
struct ListViewQuery: Sendable {
    /// A column with the field it shows.
    struct Column: Sendable {
        let path: String
        let label: String
        let field: SObjectField
        let hidden: Bool

        /// `toLabel(Type)` for a picklist, as Salesforce selects it so results show labels.
        var selectListItem: String { field.type == .picklist ? "toLabel(\(path))" : path }
        var sortable: Bool { !hidden && ![.textarea, .multipicklist, .base64].contains(field.type) }

        /// How a sort by the column reads, ascending and descending. Salesforce's own are the
        /// reverse of what they say (`"Z-A"` for ascending text), and LocalOrg keeps them so.
        var sortLabels: (ascending: String, descending: String)? {
            guard sortable else { return nil }
            switch field.type {
            case .picklist, .multipicklist: return ("Low to High", "High to Low")
            case .phone, .int, .double, .currency, .percent: return ("9-0", "0-9")
            case .date, .datetime, .time: return ("New to Old", "Old to New")
            case .boolean: return ("Checked to Unchecked", "Unchecked to Checked")
            default: return ("Z-A", "A-Z")
            }
        }
    }

    let type: SObjectType
    let id: String
    let definition: ListViewDefinition
    let columns: [Column]

    /// The hidden columns every view ends with.
    static let hiddenFields = ["Id", "CreatedDate", "LastModifiedDate", "SystemModstamp"]

    init(type: SObjectType, id: String, definition: ListViewDefinition, schema: OrgSchema) {
        self.type = type
        self.id = id
        self.definition = definition
        var columns: [Column] = []
        for column in StandardListViews.columns(of: type) {
            guard let field = Self.field(at: column.path, of: type, schema: schema) else { continue }
            columns.append(Column(path: column.path, label: column.label ?? field.label, field: field, hidden: false))
        }
        for name in Self.hiddenFields where !columns.contains(where: { $0.path == name }) {
            guard let field = type.field(named: name) else { continue }
            columns.append(Column(path: name, label: field.label, field: field, hidden: true))
        }
        self.columns = columns
    }

    /// The field a column's path ends at: `Owner.Alias` is the alias of the owner's first kind.
    static func field(at path: String, of type: SObjectType, schema: OrgSchema) -> SObjectField? {
        let parts = path.split(separator: ".").map(String.init)
        guard parts.count <= 2 else { return nil }
        guard parts.count == 2 else { return type.field(named: path) }
        guard let reference = type.referenceField(forRelationship: parts[0]),
            let parent = reference.referenceTo.lazy.compactMap({ schema.type(named: $0) }).first(where: { $0.field(named: parts[1]) != nil }
            )
        else { return nil }
        return parent.field(named: parts[1])
    }

    /// The column the view sorts by: its first sortable one.
    var sortColumn: Column? { columns.first(where: \.sortable) }

    /// The view's SOQL, as describe reports it and results run it.
    var soql: String {
        let order = (sortColumn.map { [$0.path] } ?? []) + ["Id"]
        return "SELECT \(columns.map(\.selectListItem).joined(separator: ", ")) FROM \(type.name)\(filter) ORDER BY "
            + order.map { "\($0) ASC NULLS FIRST" }.joined(separator: ", ")
    }

    /// How many records the view lists, in SOQL.
    var countSOQL: String { "SELECT COUNT() FROM \(type.name)\(filter)" }

    /// The view's scope and conditions as SOQL clauses.
    private var filter: String {
        var text = definition.scope == .everything ? "" : " USING SCOPE \(definition.scope.rawValue)"
        if !definition.conditions.isEmpty { text += " WHERE " + definition.conditions.map(\.soql).joined(separator: " AND ") }
        return text
    }

    /// The 15-character id describe and results report, as Salesforce's do.
    var shortID: String { String(id.prefix(15)) }

    /// `sobjects/T/listviews/{id}`'s document, also an entry of the list.
    func summary(version: String) -> JSON {
        let url = "\(type.path(version: version))/listviews/\(id)"
        return [
            "describeUrl": .string(url + "/describe"), "developerName": .string(definition.developerName), "id": .string(id),
            "label": .string(definition.label), "resultsUrl": .string(url + "/results"), "soqlCompatible": true, "url": .string(url),
        ]
    }

    /// The columns as describe and results write them.
    var columnsJSON: JSON {
        .array(
            columns.map { column in
                let sortIndex = column.path == sortColumn?.path ? JSON.integer(0) : .null
                return [
                    "ascendingLabel": column.sortLabels.map { .string($0.ascending) } ?? .null,
                    "descendingLabel": column.sortLabels.map { .string($0.descending) } ?? .null,
                    "fieldNameOrPath": .string(column.path), "hidden": .bool(column.hidden), "label": .string(column.label),
                    "selectListItem": .string(column.selectListItem),
                    "sortDirection": column.path == sortColumn?.path ? "ascending" : .null, "sortIndex": sortIndex,
                    "sortable": .bool(column.sortable), "type": .string(column.field.type.rawValue),
                ]
            })
    }

    /// `listviews/{id}/describe`.
    var describe: JSON {
        let order = (sortColumn.map { [$0.path] } ?? []) + ["Id"]
        let conditions = definition.conditions.map { condition -> JSON in
            ["field": .string(condition.field), "operator": .string(condition.comparison), "values": [.string(condition.value)]]
        }
        return [
            "columns": columnsJSON, "id": .string(shortID),
            "orderBy": .array(
                order.map { ["fieldNameOrPath": .string($0), "nullsPosition": "first", "sortDirection": "ascending"] }),
            "query": .string(soql), "scope": .string(definition.scope.rawValue), "sobjectType": .string(type.name),
            "whereCondition": conditions.count == 1 ? conditions[0] : ["conditions": .array(conditions), "conjunction": "and"],
        ]
    }

    /// A record's cells, in column order: every value as text, as the results resource gives it.
    func cells(of record: SObjectRecord) -> JSON {
        .array(
            columns.map { column in
                ["fieldNameOrPath": .string(column.path), "value": Self.text(Self.value(at: column.path, in: record), of: column.field)]
            })
    }

    private static func value(at path: String, in record: SObjectRecord) -> RecordValue? {
        var current = record
        let parts = path.split(separator: ".").map(String.init)
        for part in parts.dropLast() {
            guard case .record(let parent) = current[part] else { return nil }
            current = parent
        }
        return current[parts.last ?? path]
    }

    /// A cell's text. Dates and times read as Java's `Date.toString()` writes them
    /// (`Thu Jun 21 17:39:11 GMT 2018`), as in Salesforce's results.
    private static func text(_ value: RecordValue?, of field: SObjectField) -> JSON {
        switch value {
        case nil, .null?: return .null
        case .bool(let flag)?: return .string(flag ? "true" : "false")
        case .integer(let number)?: return .string(String(number))
        case .double(let number)?: return .string(String(number))
        case .string(let text)? where field.type == .datetime || field.type == .date: return .string(JavaDate.text(text) ?? text)
        case .string(let text)?: return .string(text)
        default: return .null
        }
    }
}

/// Dates as Java's `Date.toString()` writes them in GMT.
enum JavaDate {
    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `2018-06-21T17:39:11.000+0000` or `2018-06-21` as `Thu Jun 21 17:39:11 GMT 2018`; nil for
    /// text that is neither.
    static func text(_ stored: String) -> String? {
        let bytes = Array(stored.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[range] {
                guard (48...57).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), (1...12).contains(month),
            (1...31).contains(day)
        else { return nil }
        var time = "00:00:00"
        if bytes.count >= 19 {
            guard number(11..<13) != nil, number(14..<16) != nil, number(17..<19) != nil else { return nil }
            time = String(decoding: bytes[11..<19], as: UTF8.self)
        }
        // Days since 1970-01-01 (Howard Hinnant's days_from_civil); 1970-01-01 was a Thursday.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let daysSinceEpoch = era * 146_097 + dayOfEra - 719_468
        let weekday = ((daysSinceEpoch % 7) + 7 + 4) % 7
        let dd = day < 10 ? "0\(day)" : "\(day)"
        return "\(days[weekday]) \(months[month - 1]) \(dd) \(time) GMT \(year)"
    }
}
