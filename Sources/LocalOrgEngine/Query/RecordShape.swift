import GRDB

/// How a result row becomes a record: which columns hold which fields, nested parent records,
/// compound fields, TYPEOF branches and child subqueries, in SELECT order.
struct RecordShape: Sendable {
    /// One entry of a record.
    enum Item: Sendable {
        /// A field read from a column.
        case column(name: String, index: Int, type: FieldType)
        /// A parent record reached through a relationship, or null when its id column is null.
        case parent(name: String, shape: RecordShape)
        /// A child subquery's results, planned separately.
        case children(name: String, plan: Int)
        /// An aggregate or grouped value, typed by what SQLite returns when `type` is nil.
        case computed(name: String, index: Int, type: FieldType?)
        /// A value shown for people: `FORMAT()`, or a multi-select picklist's labels.
        case presented(name: String, index: Int, presentation: Presentation)
        /// A compound field (an address) built from its components' columns.
        case compound(name: String, members: [(key: String, index: Int, type: FieldType)])
        /// A polymorphic relationship read with TYPEOF: the first branch whose id column is set,
        /// else the ELSE fields.
        case typeOf(name: String, branches: [RecordShape], fallback: RecordShape?)
    }

    /// The type name for `attributes`, or `AggregateResult` (`Name` for a polymorphic parent).
    var typeName: String
    /// The column with the record id, for the URL (none for aggregate rows).
    var idColumn: Int?
    /// For a record whose type depends on its id (`What`, TYPEOF's ELSE): the type name by key
    /// prefix, for the URL (and for `attributes` when `typeFromID` is set).
    var typesByPrefix: [String: String] = [:]
    /// Whether `attributes.type` is the type the id names, rather than ``typeName``.
    var typeFromID = false
    /// The entries in order.
    var items: [Item] = []

    /// A step from a record to a parent: the relationship, the parent's type and id column.
    struct ParentStep: Sendable {
        var name: String
        var typeName: String
        var idColumn: Int
        /// Set for a polymorphic relationship, whose parent's URL follows its id.
        var typesByPrefix: [String: String] = [:]
    }

    /// The name of an item, for duplicate checks.
    static func name(of item: Item) -> String {
        switch item {
        case .column(let name, _, _), .parent(let name, _), .children(let name, _), .computed(let name, _, _),
            .presented(let name, _, _), .compound(let name, _), .typeOf(let name, _, _):
            return name
        }
    }

    /// Adds an entry to the nested shape reached through `path`, making the nested shapes
    /// that are missing; a relationship used twice gets one nested record.
    /// - Returns: false when the record already has an entry of that name there (the caller
    ///   reports Salesforce's "duplicate field selected").
    @discardableResult
    mutating func add(_ item: Item, through path: ArraySlice<ParentStep>) -> Bool {
        guard let step = path.first else {
            let name = Self.name(of: item).lowercased()
            guard !items.contains(where: { Self.name(of: $0).lowercased() == name }) else { return false }
            items.append(item)
            return true
        }
        let index =
            items.firstIndex { entry in
                if case .parent(let name, _) = entry { return name == step.name }
                return false
            }
            ?? {
                var shape = RecordShape(typeName: step.typeName, idColumn: step.idColumn)
                shape.typesByPrefix = step.typesByPrefix
                items.append(.parent(name: step.name, shape: shape))
                return items.count - 1
            }()
        guard case .parent(let name, var shape) = items[index] else { return false }
        let added = shape.add(item, through: path.dropFirst())
        items[index] = .parent(name: name, shape: shape)
        return added
    }

    /// Builds the record of one row.
    func record(from row: Row, children: (Int, String) -> RecordValue) -> SObjectRecord {
        var id: String?
        if let idColumn { id = row[idColumn] }
        var type = typeName
        var urlType = typeName
        if !typesByPrefix.isEmpty, let id, let actual = typesByPrefix[String(id.prefix(3))] {
            urlType = actual
            if typeFromID { type = actual }
        }
        let path = id.map { "sobjects/\(urlType)/\($0)" }
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
                    fields.append((name, .record(shape.record(from: row, children: children))))
                }
            case .children(let name, let plan):
                fields.append((name, id.map { children(plan, $0) } ?? .null))
            case .computed(let name, let index, let type):
                if let type {
                    fields.append((name, RecordValue(FieldValue(row: row, column: index, type: type))))
                } else {
                    fields.append((name, RecordValue(FieldValue.fromDatabaseValue(row[index] as DatabaseValue) ?? .null)))
                }
            case .presented(let name, let index, let presentation):
                fields.append((name, presentation.value(of: row[index] as DatabaseValue)))
            case .compound(let name, let members):
                fields.append(
                    (name, .compound(members.map { ($0.key, RecordValue(FieldValue(row: row, column: $0.index, type: $0.type))) })))
            case .typeOf(let name, let branches, let fallback):
                let chosen = branches.first { branch in branch.idColumn.map { !row.hasNull(atIndex: $0) } ?? false } ?? fallback
                if let chosen, let idColumn = chosen.idColumn, !row.hasNull(atIndex: idColumn) {
                    fields.append((name, .record(chosen.record(from: row, children: children))))
                } else {
                    fields.append((name, .null))
                }
            }
        }
        return SObjectRecord(type: type, path: path, fields: fields)
    }
}
