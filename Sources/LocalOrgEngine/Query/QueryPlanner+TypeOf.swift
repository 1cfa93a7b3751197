import SOQL

extension QueryPlanner {
    /// `TYPEOF What WHEN Account THEN Phone … ELSE Name END`: each branch's type joined on the
    /// reference (an id matches only the table of its type), its fields read from there; the
    /// ELSE fields read as `What.Name` reads them, for any other type. A relationship to one
    /// type (`Owner` on Account) reads as a polymorphic one with a single type.
    func planTypeOf(_ typeOf: TypeOf, level: QueryLevel, shape: inout RecordShape) throws(APIError) {
        var components = typeOf.field.components
        if components.count > 1, let first = components.first?.lowercased(),
            first == level.soqlAlias?.lowercased() || first == level.type.name.lowercased()
        {
            components.removeFirst()
        }
        var type = level.type
        var alias = level.tableAlias
        var joinKey = ""
        var steps: [RecordShape.ParentStep] = []
        for relationship in components.dropLast() {
            guard let reference = type.referenceField(forRelationship: relationship), reference.referenceTo.count == 1,
                let target = reference.referenceTo.first.flatMap(schema.type(named:))
            else {
                throw errors.noSuchRelationship(relationship, on: type.name, at: typeOf.field.position)
            }
            joinKey += "." + relationship.lowercased()
            alias = level.join(key: joinKey, table: target.name, on: "\(alias).\(OrgDatabase.quoted(reference.name))")
            steps.append(
                RecordShape.ParentStep(
                    name: reference.relationshipName ?? relationship, typeName: target.name, idColumn: level.column("\(alias).\"Id\"")))
            type = target
        }
        guard let name = components.last, let reference = type.referenceField(forRelationship: name) else {
            throw errors.noSuchRelationship(typeOf.field.description, on: type.name, at: typeOf.field.position)
        }
        let referenceSQL = "\(alias).\(OrgDatabase.quoted(reference.name))"
        let relationship = reference.relationshipName ?? name
        var branches: [RecordShape] = []
        for branch in typeOf.branches {
            guard reference.referenceTo.contains(where: { $0.lowercased() == branch.objectType.lowercased() }),
                let target = schema.type(named: branch.objectType)
            else {
                throw errors.malformed(
                    "TYPEOF \(name): WHEN \(branch.objectType) names a type \(name) cannot point to (\(reference.referenceTo.joined(separator: ", ")))",
                    at: typeOf.field.position)
            }
            let branchKey = "\(joinKey).\(relationship.lowercased())@\(target.name.lowercased())"
            let joined = level.join(key: branchKey, table: target.name, on: referenceSQL)
            var branchShape = RecordShape(typeName: target.name, idColumn: level.column("\(joined).\"Id\""))
            for path in branch.fields {
                let resolved = try resolve(path, in: level, from: PathBase(type: target, alias: joined, joinKey: branchKey))
                guard resolved.compound == nil else {
                    throw errors.malformed("TYPEOF selects fields, not compound fields: \(path)", at: path.position)
                }
                let item = RecordShape.Item.column(name: resolved.field.name, index: level.column(resolved.sql), type: resolved.field.type)
                guard branchShape.add(item, through: resolved.steps[...]) else { throw errors.duplicateField(resolved.field.name) }
            }
            branches.append(branchShape)
        }
        // Any other type: the record the id names, with the ELSE fields read as What.Name is.
        var fallback = RecordShape(typeName: "Name", idColumn: level.column(referenceSQL))
        fallback.typeFromID = true
        for target in reference.referenceTo.compactMap(schema.type(named:)) { fallback.typesByPrefix[target.keyPrefix] = target.name }
        for path in typeOf.elseFields ?? [] {
            let polymorphicPath = FieldPath(components.dropLast().map { $0 } + [name] + path.components, position: path.position)
            guard path.components.count == 1 else {
                throw errors.malformed("TYPEOF's ELSE selects fields every type has (Name, Id): \(path) is a path", at: path.position)
            }
            let resolved = try resolve(polymorphicPath, in: level)
            let item = RecordShape.Item.column(name: resolved.field.name, index: level.column(resolved.sql), type: resolved.field.type)
            guard fallback.add(item, through: []) else { throw errors.duplicateField(resolved.field.name) }
        }
        guard shape.add(.typeOf(name: relationship, branches: branches, fallback: fallback), through: steps[...]) else {
            throw errors.duplicateField(relationship)
        }
    }
}
