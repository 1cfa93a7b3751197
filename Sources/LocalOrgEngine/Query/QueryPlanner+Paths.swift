import SOQL

extension QueryPlanner {
    /// A field path resolved against the schema: the field, its SQL, and the parent records it
    /// is nested in.
    struct ResolvedField {
        var field: SObjectField
        var sql: String
        var steps: [RecordShape.ParentStep]
        /// The table alias the field is read from, for a compound field's components.
        var tableAlias: String
        /// Set when the path names a compound field (`BillingAddress`): it has no column of its own.
        var compound: CompoundField?
    }

    /// Where a path starts: the level's own type, or a TYPEOF branch's joined type.
    struct PathBase {
        var type: SObjectType
        var alias: String
        var joinKey: String
    }

    /// Resolves `Account.Owner.Name` from the level's type (or `base`), joining each parent on
    /// the way. A polymorphic relationship (`What.Name`) reads the fields every type it can point
    /// to shares, as Salesforce's `Name` entity does.
    func resolve(_ path: FieldPath, in level: QueryLevel, from base: PathBase? = nil) throws(APIError) -> ResolvedField {
        var components = Array(path.components)
        if base == nil, components.count > 1 {
            let first = components[0].lowercased()
            let isAlias = level.soqlAlias?.lowercased() == first
            let isObjectName = first == level.type.name.lowercased() && level.type.referenceField(forRelationship: components[0]) == nil
            if isAlias || isObjectName {
                components.removeFirst()
            } else if let relationships = level.relationshipAliases[first] {
                components = relationships + components.dropFirst()
            }
        }
        var type = base?.type ?? level.type
        var alias = base?.alias ?? level.tableAlias
        var joinKey = base?.joinKey ?? ""
        var steps: [RecordShape.ParentStep] = []
        for (offset, relationship) in components.dropLast().enumerated() {
            guard let reference = type.referenceField(forRelationship: relationship) else {
                throw errors.noSuchRelationship(relationship, on: type.name, at: path.position)
            }
            if reference.referenceTo.count > 1 {
                guard offset == components.count - 2, let name = components.last else {
                    throw errors.malformed(
                        "\(relationship) is polymorphic: follow it only to a field (\(relationship).Name), or use TYPEOF \(relationship)",
                        at: path.position)
                }
                return try resolvePolymorphic(
                    reference, field: name, from: alias, joinKey: joinKey, steps: steps, in: level, at: path.position)
            }
            guard let target = reference.referenceTo.first.flatMap({ schema.type(named: $0) }) else {
                throw errors.noSuchRelationship(relationship, on: type.name, at: path.position)
            }
            joinKey += "." + (reference.relationshipName ?? relationship).lowercased()
            alias = level.join(key: joinKey, table: target.name, on: "\(alias).\(OrgDatabase.quoted(reference.name))")
            steps.append(
                RecordShape.ParentStep(
                    name: reference.relationshipName ?? relationship, typeName: target.name, idColumn: level.column("\(alias).\"Id\"")))
            type = target
        }
        guard let name = components.last else { throw errors.noSuchColumn(path.description, on: type.name, at: path.position) }
        if let field = type.field(named: name) {
            return ResolvedField(field: field, sql: "\(alias).\(OrgDatabase.quoted(field.name))", steps: steps, tableAlias: alias)
        }
        if let compound = type.compoundField(named: name) {
            return ResolvedField(
                field: SObjectField(name: compound.name, label: compound.label, type: .string, createable: false, updateable: false),
                sql: "NULL", steps: steps, tableAlias: alias, compound: compound)
        }
        throw errors.noSuchColumn(name, on: type.name, at: path.position)
    }

    /// A field of the record a polymorphic reference points to: `Id`, `Type` (from the id's key
    /// prefix), or a field the possible types have, read from whichever of them the id names.
    private func resolvePolymorphic(
        _ reference: SObjectField, field name: String, from alias: String, joinKey: String, steps: [RecordShape.ParentStep],
        in level: QueryLevel, at position: SOQLPosition
    ) throws(APIError) -> ResolvedField {
        let referenceSQL = "\(alias).\(OrgDatabase.quoted(reference.name))"
        let targets = reference.referenceTo.compactMap { schema.type(named: $0) }
        let step = RecordShape.ParentStep(
            name: reference.relationshipName ?? name, typeName: "Name", idColumn: level.column(referenceSQL),
            typesByPrefix: Dictionary(targets.map { ($0.keyPrefix, $0.name) }, uniquingKeysWith: { first, _ in first }))
        switch name.lowercased() {
        case "id":
            return ResolvedField(
                field: SObjectField(name: "Id", type: .id), sql: referenceSQL, steps: steps + [step], tableAlias: alias)
        case "type":
            let cases = targets.map { "WHEN \(sqlLiteral($0.keyPrefix)) THEN \(sqlLiteral($0.name))" }.joined(separator: " ")
            return ResolvedField(
                field: SObjectField(name: "Type", type: .picklist, picklistValues: targets.map(\.name)),
                sql: "(CASE substr(\(referenceSQL), 1, 3) \(cases) END)", steps: steps + [step], tableAlias: alias)
        default:
            var reads: [String] = []
            var found: SObjectField?
            for target in targets {
                guard let field = target.field(named: name) else { continue }
                let joined = level.join(
                    key: "\(joinKey).\((reference.relationshipName ?? "").lowercased())@\(target.name.lowercased())", table: target.name,
                    on: referenceSQL)
                reads.append("\(joined).\(OrgDatabase.quoted(field.name))")
                found = found ?? field
            }
            guard let found else { throw errors.noSuchColumn(name, on: "Name", at: position) }
            let sql = reads.count == 1 ? reads[0] : "COALESCE(\(reads.joined(separator: ", ")))"
            return ResolvedField(field: found, sql: sql, steps: steps + [step], tableAlias: alias)
        }
    }
}
