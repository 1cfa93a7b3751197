/// Every sObject type an org has: the standard ones and those of its schema file.
package struct OrgSchema: Sendable {
    /// The types, in the order describeGlobal lists them.
    package private(set) var types: [SObjectType]
    private var typeIndex: [String: Int] = [:]
    private var childRelationships: [String: [ChildRelationship]] = [:]

    /// The standard objects alone.
    /// - Throws: ``LocalOrgError/invalidSchema(file:reason:)`` when the installation lacks
    ///   their descriptions.
    package static func standard() throws(LocalOrgError) -> OrgSchema {
        OrgSchema(types: try StandardSchema.types.get())
    }

    /// Creates a schema from types whose names are unique.
    init(types: [SObjectType]) {
        self.types = []
        for type in types { add(type) }
        reindexRelationships()
    }

    /// The type named `name`, ignoring case.
    package func type(named name: String) -> SObjectType? {
        typeIndex[name.lowercased()].map { types[$0] }
    }

    /// The type whose ids start with `prefix`.
    package func type(withKeyPrefix prefix: String) -> SObjectType? {
        types.first { $0.keyPrefix == prefix }
    }

    /// The child relationships pointing at `typeName`, for describe and subqueries.
    package func childRelationships(of typeName: String) -> [ChildRelationship] {
        childRelationships[typeName.lowercased()] ?? []
    }

    /// The child relationship `name` of `typeName` (`Contacts` of `Account`), ignoring case.
    package func childRelationship(_ name: String, of typeName: String) -> ChildRelationship? {
        childRelationships(of: typeName).first { $0.relationshipName.lowercased() == name.lowercased() }
    }

    mutating func add(_ type: SObjectType) {
        typeIndex[type.name.lowercased()] = types.count
        types.append(type)
    }

    /// Adds a field to an existing type.
    mutating func addField(_ field: SObjectField, to typeName: String) {
        guard let index = typeIndex[typeName.lowercased()] else { return }
        types[index].append(field)
    }

    /// Adds a compound field to an existing type.
    mutating func addCompoundField(_ compound: CompoundField, to typeName: String) {
        guard let index = typeIndex[typeName.lowercased()] else { return }
        types[index].append(compound)
    }

    mutating func reindexRelationships() {
        childRelationships = [:]
        for type in types {
            // A polymorphic reference (a task's WhatId) is a child relationship of each type it points to.
            for field in type.fields where field.type == .reference {
                guard let name = field.childRelationshipName else { continue }
                for target in field.referenceTo {
                    childRelationships[target.lowercased(), default: []].append(
                        ChildRelationship(childObject: type.name, field: field.name, relationshipName: name))
                }
            }
        }
    }
}
