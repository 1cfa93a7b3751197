import SOQL
import SalesforceCore

/// Compiles a parsed SOQL statement into SQL over the org's tables.
///
/// Field paths are resolved against the schema (relationship by relationship, each a LEFT
/// JOIN), literals are checked against the field's type, and conditions are written so that
/// they are never SQL NULL: SOQL treats a null field as a value, so `Industry != 'Energy'`
/// includes records with no industry. Every form of the SOQL reference is answered, or refused
/// with the error Salesforce gives an org without the feature it needs.
struct QueryPlanner {
    let schema: OrgSchema
    let errors: QueryErrors
    let includeDeleted: Bool
    let context: QueryContext

    func compile(_ query: SOQLQuery) throws(APIError) -> CompiledQuery {
        guard let type = schema.type(named: query.object) else { throw errors.invalidType(query.object, at: query.objectPosition) }
        let level = QueryLevel(type: type, soqlAlias: query.alias, tableAlias: "t0")
        try addRelationshipAliases(of: query.from, to: level)
        try checkClauses(of: query, type: type)
        var arguments: [FieldValue] = []
        var whereParts: [String] = []
        if !includeDeleted { whereParts.append("\(level.tableAlias).\"IsDeleted\" = 0") }
        if let scope = query.scope { whereParts += try scopeCondition(scope, of: type, at: query.objectPosition, arguments: &arguments) }
        if let condition = query.condition {
            whereParts.append(try compileCondition(condition, level: level, arguments: &arguments))
        }
        if (query.isAggregate && !query.isCountOnly) || query.grouping != nil {
            return try compileAggregate(query, level: level, whereParts: whereParts, arguments: arguments)
        }

        var shape = RecordShape(typeName: type.name, idColumn: nil)
        var children: [ChildPlan]? = []
        if query.isCountOnly {
            // Only the count matters; the select list is never read.
            level.columns.append("1")
        } else {
            shape.idColumn = level.column("\(level.tableAlias).\"Id\"")
            try planRecordSelection(query.selection, of: query, level: level, shape: &shape, children: &children)
        }
        let orderBy = try compileRecordOrdering(query.ordering, level: level)
        let whereClause = whereParts.isEmpty ? "" : " WHERE " + whereParts.joined(separator: " AND ")
        let sql = "SELECT \(level.columns.joined(separator: ", ")) \(level.from)\(whereClause)\(orderBy)"
        // Records page through a snapshot of their row ids: see CompiledQuery.
        let rowID = "\(level.tableAlias).rowid"
        let snapshotSQL = shape.idColumn == nil ? nil : "SELECT \(rowID) \(level.from)\(whereClause)\(orderBy) LIMIT ? OFFSET ?"
        // A record deleted since the snapshot is left out, unless deleted records are asked for.
        let live = includeDeleted ? "" : "\(level.tableAlias).\"IsDeleted\" = 0 AND "
        let rowsSQL = "SELECT \(level.columns.joined(separator: ", ")), \(rowID) \(level.from) WHERE \(live)\(rowID) IN "
        return CompiledQuery(
            typeName: shape.typeName, sql: sql, countSQL: "SELECT COUNT(*) \(level.from)\(whereClause)", arguments: arguments, shape: shape,
            limit: query.limit, offset: query.offset ?? 0, countOnly: query.isCountOnly, children: children ?? [],
            snapshotSQL: snapshotSQL, rowsByIDSQL: rowsSQL, marks: query.marks)
    }

    // MARK: - Records

    /// Adds a record query's SELECT items to `shape`; child subqueries go to `children` when the
    /// statement may have them (`children` is nil inside a subquery).
    func planRecordSelection(
        _ items: [SelectItem], of query: SOQLQuery, level: QueryLevel, shape: inout RecordShape, children: inout [ChildPlan]?
    ) throws(APIError) {
        var expressionNumber = 0
        func add(_ item: RecordShape.Item, through steps: [RecordShape.ParentStep], at position: SOQLPosition) throws(APIError) {
            guard shape.add(item, through: steps[...]) else { throw errors.duplicateField(RecordShape.name(of: item)) }
        }
        for item in items {
            switch item {
            case .expression(let expression, let alias):
                if case .function(let call) = expression, call.function?.isDateFunction == true {
                    throw errors.malformed("\(call) can be selected only in a query that groups by it: GROUP BY \(call)", at: call.position)
                }
                if alias != nil, case .field(let path) = expression {
                    throw errors.malformed("only aggregate expressions use field aliasing", at: path.position)
                }
                let compiled = try compileExpression(expression, in: level, use: .select)
                let steps = alias == nil ? compiled.steps : []
                let name: String
                if let alias {
                    name = alias
                } else if let natural = compiled.naturalName {
                    name = natural
                } else {
                    name = "expr\(expressionNumber)"
                    expressionNumber += 1
                }
                if let (compound, tableAlias) = compiled.compound {
                    let type = try type(ofTable: tableAlias, in: level, steps: compiled.steps)
                    let members = compound.components.map { component in
                        (
                            key: component.key, index: level.column("\(tableAlias).\(OrgDatabase.quoted(component.field))"),
                            type: type.field(named: component.field)?.type ?? .string
                        )
                    }
                    try add(.compound(name: name, members: members), through: steps, at: expression.position)
                    continue
                }
                let index = level.column(compiled.sql)
                if let presentation = compiled.presentation {
                    try add(.presented(name: name, index: index, presentation: presentation), through: steps, at: expression.position)
                } else if case .field = expression {
                    try add(.column(name: name, index: index, type: compiled.type ?? .string), through: steps, at: expression.position)
                } else {
                    try add(.computed(name: name, index: index, type: compiled.type), through: steps, at: expression.position)
                }
            case .fields(let group):
                for field in level.type.fields where group == .all || (group == .custom) == field.custom {
                    let index = level.column("\(level.tableAlias).\(OrgDatabase.quoted(field.name))")
                    try add(.column(name: field.name, index: index, type: field.type), through: [], at: query.objectPosition)
                }
                for compound in level.type.compoundFields where group == .all || (group == .custom) == compound.name.hasSuffix("__c") {
                    let members = compound.components.map { component in
                        (
                            key: component.key, index: level.column("\(level.tableAlias).\(OrgDatabase.quoted(component.field))"),
                            type: level.type.field(named: component.field)?.type ?? .string
                        )
                    }
                    try add(.compound(name: compound.name, members: members), through: [], at: query.objectPosition)
                }
            case .subquery(let subquery):
                guard children != nil else {
                    throw errors.malformed("A relationship subquery cannot have subqueries of its own", at: subquery.objectPosition)
                }
                children?.append(try planChild(subquery, of: level.type))
                try add(
                    .children(name: children?.last?.relationshipName ?? subquery.object, plan: (children?.count ?? 1) - 1), through: [],
                    at: subquery.objectPosition)
            case .typeOf(let typeOf):
                try planTypeOf(typeOf, level: level, shape: &shape)
            }
        }
    }

    /// The type of the table a compound field's components are read from.
    private func type(ofTable alias: String, in level: QueryLevel, steps: [RecordShape.ParentStep]) throws(APIError) -> SObjectType {
        guard let last = steps.last else { return level.type }
        return schema.type(named: last.typeName) ?? level.type
    }

    private func planChild(_ subquery: SOQLQuery, of parent: SObjectType) throws(APIError) -> ChildPlan {
        let relationshipName = subquery.object.split(atScalars: ["."]).last ?? subquery.object
        guard let relationship = schema.childRelationship(relationshipName, of: parent.name),
            let childType = schema.type(named: relationship.childObject)
        else {
            throw errors.error(
                "INVALID_TYPE",
                "Didn't understand relationship '\(subquery.object)' in FROM part of query call. If you are attempting to use a custom relationship, be sure to append the '__r' after the custom relationship name. Please reference your WSDL or the describe call for the appropriate names.",
                at: subquery.objectPosition)
        }
        if subquery.isAggregate || subquery.grouping != nil || subquery.isCountOnly {
            throw errors.malformed("Aggregates are not allowed in a relationship subquery", at: subquery.objectPosition)
        }
        try checkClauses(of: subquery, type: childType)
        let level = QueryLevel(type: childType, soqlAlias: subquery.alias, tableAlias: "c0")
        var shape = RecordShape(typeName: childType.name, idColumn: level.column("c0.\"Id\""))
        var noChildren: [ChildPlan]? = nil
        try planRecordSelection(subquery.selection, of: subquery, level: level, shape: &shape, children: &noChildren)
        var arguments: [FieldValue] = []
        var parts: [String] = []
        if !includeDeleted { parts.append("c0.\"IsDeleted\" = 0") }
        if let condition = subquery.condition { parts.append(try compileCondition(condition, level: level, arguments: &arguments)) }
        let orderBy = try compileRecordOrdering(subquery.ordering, level: level)
        let parentColumn = "c0.\(OrgDatabase.quoted(relationship.field))"
        let parentIndex = level.column(parentColumn)
        return ChildPlan(
            relationshipName: relationship.relationshipName,
            selectAndFrom: "SELECT \(level.columns.joined(separator: ", ")) \(level.from)",
            condition: parts.isEmpty ? nil : parts.joined(separator: " AND "), arguments: arguments,
            parentColumn: parentColumn, parentColumnIndex: parentIndex,
            orderBy: orderBy.isEmpty ? " ORDER BY c0.\"Id\"" : orderBy + ", c0.\"Id\"",
            limit: subquery.limit, shape: shape, typeName: childType.name)
    }

    private func compileRecordOrdering(_ ordering: [OrderItem], level: QueryLevel) throws(APIError) -> String {
        guard !ordering.isEmpty else { return "" }
        var items: [String] = []
        for item in ordering {
            let compiled = try compileExpression(item.expression, in: level, use: .ordering)
            guard !compiled.isAggregate else {
                throw errors.malformed("ORDER BY can use an aggregate only in a query that aggregates", at: item.expression.position)
            }
            items.append(Self.orderText(compiled.sql, item))
        }
        return " ORDER BY " + items.joined(separator: ", ")
    }

    /// An ORDER BY item as SQL, with SOQL's default nulls: first ascending, last descending.
    static func orderText(_ sql: String, _ item: OrderItem) -> String {
        let nullsFirst = item.nullsFirst ?? !item.descending
        return "\(sql) \(item.descending ? "DESC" : "ASC") NULLS \(nullsFirst ? "FIRST" : "LAST")"
    }

    // MARK: - Clauses

    /// `FROM Contact c, c.Account a`: each alias stands for its relationships from the object.
    private func addRelationshipAliases(of from: FromClause, to level: QueryLevel) throws(APIError) {
        for relationship in from.relationshipAliases {
            var components = relationship.path.components
            if let first = components.first?.lowercased(), first == level.soqlAlias?.lowercased() || first == level.type.name.lowercased() {
                components.removeFirst()
            }
            var type = level.type
            for name in components {
                guard let reference = type.referenceField(forRelationship: name),
                    let target = reference.referenceTo.first.flatMap(schema.type(named:))
                else {
                    throw errors.noSuchRelationship(name, on: type.name, at: relationship.path.position)
                }
                type = target
            }
            guard !components.isEmpty else {
                throw errors.malformed("unexpected token: \(relationship.alias)", at: relationship.path.position)
            }
            level.relationshipAliases[relationship.alias.lowercased()] = components
        }
    }

    /// WITH, UPDATE and FIELDS(): what LocalOrg accepts, and Salesforce's refusals of the rest.
    private func checkClauses(of query: SOQLQuery, type: SObjectType) throws(APIError) {
        let unbounded = query.selection.contains { item in
            if case .fields(let group) = item { return group != .standard }
            return false
        }
        if unbounded, (query.limit ?? .max) > 200 {
            throw errors.malformed("The SOQL FIELDS function must have a LIMIT of at most 200", at: query.objectPosition)
        }
        switch query.filter {
        case nil, .securityEnforced?, .userMode?, .systemMode?, .recordVisibilityContext?:
            // LocalOrg's users may read every object and field, so the permission checks pass.
            break
        case .dataCategory?:
            throw errors.malformed(
                "WITH DATA CATEGORY filters Salesforce Knowledge articles and questions, which this org does not have",
                at: query.objectPosition)
        case .condition?:
            throw errors.malformed(
                "WITH filters a feed (UserProfileFeed) by related criteria; \(type.name) is not a feed", at: query.objectPosition)
        }
        if let update = query.updates.first {
            throw errors.malformed(
                "UPDATE \(update.rawValue) applies to Salesforce Knowledge articles, which this org does not have", at: query.objectPosition
            )
        }
    }

    /// `USING SCOPE`: the scopes describe lists for every object LocalOrg has, and `mru`.
    private func scopeCondition(_ scope: String, of type: SObjectType, at position: SOQLPosition, arguments: inout [FieldValue])
        throws(APIError) -> [String]
    {
        switch scope.lowercased() {
        case "everything":
            return []
        case "mine" where type.field(named: "OwnerId") != nil:
            arguments.append(.text(context.userID))
            return ["t0.\"OwnerId\" = ?"]
        case "mru":
            // The records on the user's recent items, as Recently Viewed list views show them.
            arguments.append(.text(context.userID))
            return ["t0.\"Id\" IN (SELECT record_id FROM lo_recent WHERE user_id = ?)"]
        default:
            let supported = type.field(named: "OwnerId") != nil ? "everything, mine and mru" : "everything and mru"
            throw errors.malformed("USING SCOPE \(scope) is not supported for \(type.name): its scopes are \(supported)", at: position)
        }
    }
}
