import GRDB

/// How a result row becomes a record: which columns hold which fields, nested parent records
/// and child subqueries, in SELECT order.
struct RecordShape: Sendable {
    /// One entry of a record.
    enum Item: Sendable {
        /// A field read from a column.
        case column(name: String, index: Int, type: FieldType)
        /// A parent record reached through a relationship, or null when its id column is null.
        case parent(name: String, shape: RecordShape)
        /// A child subquery's results, planned separately.
        case children(name: String, plan: Int)
        /// An aggregate or grouped value, typed by what SQLite returns.
        case computed(name: String, index: Int, type: FieldType?)
    }

    /// The type name for `attributes`, or `AggregateResult`.
    var typeName: String
    /// The column with the record id, for the URL (none for aggregate rows).
    var idColumn: Int?
    /// The entries in order.
    var items: [Item] = []

    /// A step from a record to a parent: the relationship, the parent's type and id column.
    struct ParentStep: Sendable {
        var name: String
        var typeName: String
        var idColumn: Int
    }

    /// Adds an entry to the nested shape reached through `path`, making the nested shapes
    /// that are missing; a relationship used twice gets one nested record.
    mutating func add(_ item: Item, through path: ArraySlice<ParentStep>) {
        guard let step = path.first else {
            items.append(item)
            return
        }
        let index =
            items.firstIndex { entry in
                if case .parent(let name, _) = entry { return name == step.name }
                return false
            }
            ?? {
                items.append(.parent(name: step.name, shape: RecordShape(typeName: step.typeName, idColumn: step.idColumn)))
                return items.count - 1
            }()
        guard case .parent(let name, var shape) = items[index] else { return }
        shape.add(item, through: path.dropFirst())
        items[index] = .parent(name: name, shape: shape)
    }

    /// Builds the record of one row.
    func record(from row: Row, version: String, children: (Int, String) -> RecordValue) -> SObjectRecord {
        var id: String?
        if let idColumn { id = row[idColumn] }
        let url = id.map { "/services/data/\(version)/sobjects/\(typeName)/\($0)" }
        var fields: [(name: String, value: RecordValue)] = []
        fields.reserveCapacity(items.count)
        for item in items {
            switch item {
            case .column(let name, let index, let type):
                fields.append((name, RecordValue(FieldValue(row: row, column: index, type: type))))
            case .parent(let name, let shape):
                if let idColumn = shape.idColumn, row.hasNull(atIndex: idColumn) {
                    fields.append((name, .null))
                } else {
                    fields.append((name, .record(shape.record(from: row, version: version, children: children))))
                }
            case .children(let name, let plan):
                fields.append((name, id.map { children(plan, $0) } ?? .null))
            case .computed(let name, let index, let type):
                if let type {
                    fields.append((name, RecordValue(FieldValue(row: row, column: index, type: type))))
                } else {
                    fields.append((name, RecordValue(FieldValue.fromDatabaseValue(row[index] as DatabaseValue) ?? .null)))
                }
            }
        }
        return SObjectRecord(type: typeName, url: url, fields: fields)
    }
}
