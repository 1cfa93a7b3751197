import SOQL

/// Compiles a parsed SOQL statement into SQL over the org's tables.
///
/// Field paths are resolved against the schema (relationship by relationship, each a LEFT
/// JOIN), literals are checked against the field's type, and conditions are written so that
/// they are never SQL NULL: SOQL treats a null field as a value, so `Industry != 'Energy'`
/// includes records with no industry.
struct QueryPlanner {
    let schema: OrgSchema
    let errors: QueryErrors
    let includeDeleted: Bool
    let today: CivilDate

    func compile(_ query: SOQLQuery) throws(APIError) -> CompiledQuery {
        guard let type = schema.type(named: query.object) else { throw errors.invalidType(query.object, at: query.objectPosition) }
        let level = QueryLevel(type: type, soqlAlias: query.alias, tableAlias: "t0")
        var shape = RecordShape(typeName: query.isAggregate || !query.grouping.isEmpty ? "AggregateResult" : type.name, idColumn: nil)
        var children: [ChildPlan] = []
        var arguments: [FieldValue] = []

        if query.isCountOnly {
            // Only the count matters; the select list is never read.
            level.columns.append("1")
        } else if query.isAggregate || !query.grouping.isEmpty {
            try planAggregateSelection(query, level: level, shape: &shape)
        } else {
            shape.idColumn = level.column("\(level.tableAlias).\"Id\"")
            for item in query.selection {
                switch item {
                case .field(let path):
                    let resolved = try resolve(path, in: level)
                    let index = level.column(resolved.sql)
                    shape.add(.column(name: resolved.field.name, index: index, type: resolved.field.type), through: resolved.steps[...])
                case .subquery(let subquery):
                    children.append(try planChild(subquery, of: type))
                    shape.add(.children(name: children[children.count - 1].relationshipName, plan: children.count - 1), through: [])
                case .aggregate, .countAll:
                    throw errors.malformed("COUNT() must be the only item selected", at: query.objectPosition)
                }
            }
        }

        var whereParts: [String] = []
        if !includeDeleted { whereParts.append("\(level.tableAlias).\"IsDeleted\" = 0") }
        if let condition = query.condition {
            whereParts.append(try compileCondition(condition, level: level, arguments: &arguments))
        }
        var tail = ""
        if !query.grouping.isEmpty {
            let grouped = try query.grouping.map { path throws(APIError) in try resolve(path, in: level).sql }
            tail += " GROUP BY " + grouped.joined(separator: ", ")
        }
        if let having = query.having {
            tail += " HAVING " + (try compileCondition(having, level: level, arguments: &arguments))
        }
        let whereClause = whereParts.isEmpty ? "" : " WHERE " + whereParts.joined(separator: " AND ")
        let orderBy = try compileOrdering(query.ordering, level: level)
        // Ordering may have added joins; rebuild FROM after it.
        let fullFrom = "FROM \(OrgDatabase.quoted(type.name)) AS \(level.tableAlias)" + level.joins.map { " " + $0 }.joined()
        let sql = "SELECT \(level.columns.joined(separator: ", ")) \(fullFrom)\(whereClause)\(tail)\(orderBy)"
        let countSQL =
            query.grouping.isEmpty && !query.isAggregate
            ? "SELECT COUNT(*) \(fullFrom)\(whereClause)"
            // The aggregated SELECT itself: without GROUP BY it is one row, not one per record.
            : "SELECT COUNT(*) FROM (SELECT \(level.columns.joined(separator: ", ")) \(fullFrom)\(whereClause)\(tail))"
        // Records (not aggregates) page through a snapshot of their row ids: see CompiledQuery.
        let rowID = "\(level.tableAlias).rowid"
        let snapshotSQL = shape.idColumn == nil ? nil : "SELECT \(rowID) \(fullFrom)\(whereClause)\(orderBy) LIMIT ? OFFSET ?"
        // A record deleted since the snapshot is left out, unless deleted records are asked for.
        let live = includeDeleted ? "" : "\(level.tableAlias).\"IsDeleted\" = 0 AND "
        let rowsSQL = "SELECT \(level.columns.joined(separator: ", ")), \(rowID) \(fullFrom) WHERE \(live)\(rowID) IN "
        return CompiledQuery(
            typeName: shape.typeName, sql: sql, countSQL: countSQL, arguments: arguments, shape: shape,
            limit: query.limit, offset: query.offset ?? 0, countOnly: query.isCountOnly, children: children,
            snapshotSQL: snapshotSQL, rowsByIDSQL: rowsSQL)
    }

    // MARK: - Selection

    private func planAggregateSelection(_ query: SOQLQuery, level: QueryLevel, shape: inout RecordShape) throws(APIError) {
        var expressionNumber = 0
        let grouped = Set(query.grouping.map { $0.components.map { $0.lowercased() } })
        for item in query.selection {
            switch item {
            case .field(let path):
                guard grouped.contains(path.components.map { $0.lowercased() }) else {
                    throw errors.malformed("Field must be grouped or aggregated: \(path)", at: path.position)
                }
                let resolved = try resolve(path, in: level)
                shape.items.append(.computed(name: resolved.field.name, index: level.column(resolved.sql), type: resolved.field.type))
            case .aggregate(let call, let alias):
                let (sql, type) = try aggregateSQL(call, level: level)
                let name = alias ?? "expr\(expressionNumber)"
                if alias == nil { expressionNumber += 1 }
                shape.items.append(.computed(name: name, index: level.column(sql), type: type))
            case .countAll:
                throw errors.malformed("COUNT() must be the only item selected", at: query.objectPosition)
            case .subquery(let subquery):
                throw errors.malformed("Subqueries are not allowed in aggregate queries", at: subquery.objectPosition)
            }
        }
    }

    private func aggregateSQL(_ call: AggregateCall, level: QueryLevel) throws(APIError) -> (String, FieldType?) {
        let resolved = try resolve(call.field, in: level)
        let numeric: Set<FieldType> = [.int, .double, .currency, .percent]
        switch call.function {
        case .count: return ("COUNT(\(resolved.sql))", .int)
        case .countDistinct: return ("COUNT(DISTINCT \(resolved.sql))", .int)
        case .sum, .average:
            guard numeric.contains(resolved.field.type) else {
                throw errors.malformed(
                    "field \(call.field) does not support aggregate operator \(call.function.rawValue)", at: call.field.position)
            }
            if call.function == .average { return ("AVG(\(resolved.sql))", .double) }
            return ("SUM(\(resolved.sql))", resolved.field.type == .int ? .int : .double)
        case .minimum: return ("MIN(\(resolved.sql))", resolved.field.type)
        case .maximum: return ("MAX(\(resolved.sql))", resolved.field.type)
        }
    }

    private func planChild(_ subquery: SOQLQuery, of parent: SObjectType) throws(APIError) -> ChildPlan {
        guard let relationship = schema.childRelationship(subquery.object, of: parent.name),
            let childType = schema.type(named: relationship.childObject)
        else {
            throw errors.error(
                "INVALID_TYPE",
                "Didn't understand relationship '\(subquery.object)' in FROM part of query call. If you are attempting to use a custom relationship, be sure to append the '__r' after the custom relationship name. Please reference your WSDL or the describe call for the appropriate names.",
                at: subquery.objectPosition)
        }
        if subquery.isAggregate || !subquery.grouping.isEmpty || subquery.isCountOnly {
            throw errors.malformed("Aggregates are not allowed in a relationship subquery", at: subquery.objectPosition)
        }
        let level = QueryLevel(type: childType, soqlAlias: subquery.alias, tableAlias: "c0")
        var shape = RecordShape(typeName: childType.name, idColumn: level.column("c0.\"Id\""))
        for item in subquery.selection {
            guard case .field(let path) = item else {
                throw errors.malformed("Only fields can be selected in a relationship subquery", at: subquery.objectPosition)
            }
            let resolved = try resolve(path, in: level)
            shape.add(
                .column(name: resolved.field.name, index: level.column(resolved.sql), type: resolved.field.type),
                through: resolved.steps[...])
        }
        var arguments: [FieldValue] = []
        var parts: [String] = []
        if !includeDeleted { parts.append("c0.\"IsDeleted\" = 0") }
        if let condition = subquery.condition { parts.append(try compileCondition(condition, level: level, arguments: &arguments)) }
        let orderBy = try compileOrdering(subquery.ordering, level: level)
        let parentColumn = "c0.\(OrgDatabase.quoted(relationship.field))"
        let parentIndex = level.column(parentColumn)
        let from = "FROM \(OrgDatabase.quoted(childType.name)) AS c0" + level.joins.map { " " + $0 }.joined()
        return ChildPlan(
            relationshipName: relationship.relationshipName,
            selectAndFrom: "SELECT \(level.columns.joined(separator: ", ")) \(from)",
            condition: parts.isEmpty ? nil : parts.joined(separator: " AND "), arguments: arguments,
            parentColumn: parentColumn, parentColumnIndex: parentIndex,
            orderBy: orderBy.isEmpty ? " ORDER BY c0.\"Id\"" : orderBy + ", c0.\"Id\"",
            limit: subquery.limit, shape: shape, typeName: childType.name)
    }

    // MARK: - Field paths

    struct ResolvedField {
        var field: SObjectField
        var sql: String
        var steps: [RecordShape.ParentStep]
    }

    /// Resolves `Account.Owner.Name` from the level's type, joining each parent on the way.
    func resolve(_ path: FieldPath, in level: QueryLevel) throws(APIError) -> ResolvedField {
        var components = path.components[...]
        if components.count > 1, let first = components.first {
            let lowered = first.lowercased()
            let isAlias = level.soqlAlias?.lowercased() == lowered
            let isObjectName = lowered == level.type.name.lowercased() && level.type.referenceField(forRelationship: first) == nil
            if isAlias || isObjectName { components = components.dropFirst() }
        }
        var type = level.type
        var alias = level.tableAlias
        var steps: [RecordShape.ParentStep] = []
        var joinKey = ""
        for relationship in components.dropLast() {
            guard let reference = type.referenceField(forRelationship: relationship),
                let target = reference.referenceTo.first.flatMap({ schema.type(named: $0) })
            else {
                throw errors.noSuchRelationship(relationship, on: type.name, at: path.position)
            }
            joinKey += "." + reference.relationshipName!.lowercased()
            alias = level.join(key: joinKey, table: target.name, on: "\(alias).\(OrgDatabase.quoted(reference.name))")
            steps.append(
                RecordShape.ParentStep(
                    name: reference.relationshipName ?? relationship, typeName: target.name,
                    idColumn: level.column("\(alias).\"Id\"")))
            type = target
        }
        guard let name = components.last, let field = type.field(named: name) else {
            throw errors.noSuchColumn(components.last ?? path.description, on: type.name, at: path.position)
        }
        return ResolvedField(field: field, sql: "\(alias).\(OrgDatabase.quoted(field.name))", steps: steps)
    }

    // MARK: - Ordering

    private func compileOrdering(_ ordering: [OrderItem], level: QueryLevel) throws(APIError) -> String {
        guard !ordering.isEmpty else { return "" }
        let items = try ordering.map { item throws(APIError) -> String in
            let expression: String
            switch item.expression {
            case .field(let path): expression = try resolve(path, in: level).sql
            case .aggregate(let call): expression = try aggregateSQL(call, level: level).0
            }
            let nullsFirst = item.nullsFirst ?? !item.descending
            return "\(expression) \(item.descending ? "DESC" : "ASC") NULLS \(nullsFirst ? "FIRST" : "LAST")"
        }
        return " ORDER BY " + items.joined(separator: ", ")
    }
}

/// The tables, joins and output columns of one SELECT being compiled.
final class QueryLevel {
    let type: SObjectType
    let soqlAlias: String?
    let tableAlias: String
    private(set) var joins: [String] = []
    private var joinAliases: [String: String] = [:]
    var columns: [String] = []
    private var columnIndex: [String: Int] = [:]

    init(type: SObjectType, soqlAlias: String?, tableAlias: String) {
        self.type = type
        self.soqlAlias = soqlAlias
        self.tableAlias = tableAlias
    }

    /// The index of an output column, added once.
    func column(_ sql: String) -> Int {
        if let index = columnIndex[sql] { return index }
        columns.append(sql)
        columnIndex[sql] = columns.count - 1
        return columns.count - 1
    }

    /// The alias of the parent table reached by `key`, joined once.
    func join(key: String, table: String, on foreignKey: String) -> String {
        if let alias = joinAliases[key] { return alias }
        let alias = "\(tableAlias)j\(joins.count + 1)"
        joins.append("LEFT JOIN \(OrgDatabase.quoted(table)) AS \(alias) ON \(alias).\"Id\" = \(foreignKey)")
        joinAliases[key] = alias
        return alias
    }
}
