import SalesforceCore

/// One object of a tree of related records: its type and soup, the fields a sync moves, and
/// its children (the objects that point to it), at any depth.
///
/// The SDK's parent-children targets describe one parent and one child type. A tree describes
/// that and more: an Account with its Contacts and Opportunities, each Contact with its Cases.
/// ``ParentChildrenSyncDownTarget`` and ``ParentChildrenSyncUpTarget`` read and write the
/// SDK's JSON for the first shape, and nest `children` for the others.
public struct RelatedObject: Sendable, Hashable {
    /// How a child depends on its parent.
    public enum Relationship: String, Sendable, Hashable, CaseIterable {
        /// The child cannot exist without its parent: deleting the parent deletes it.
        case masterDetail = "MASTER_DETAIL"
        /// The child points to its parent and outlives it.
        case lookup = "LOOKUP"
    }

    /// The sObject type: `Account`.
    public var objectType: String
    /// The soup its records are kept in.
    public var soupName: String
    /// The field holding the server id.
    public var idFieldName: String
    /// The field holding the modification stamp.
    public var modificationDateFieldName: String
    /// The fields sync down brings (the id, stamp and parent id fields are added).
    public var fieldlist: [String]
    /// The fields sync up sends when creating; nil uses ``fieldlist``.
    public var createFieldlist: [String]?
    /// The fields sync up sends when updating; nil uses ``fieldlist``.
    public var updateFieldlist: [String]?
    /// A child's field holding its parent's id (`AccountId`); nil for the root.
    public var parentIdFieldName: String?
    /// A child's relationship to its parent, as SOQL names it from the child (`Account` for
    /// `AccountId`, `Parent__r` for `Parent__c`).
    public var parentRelationshipName: String?
    /// The parent's name for its children (`Contacts`), as the SDK's JSON gives it.
    public var pluralName: String?
    /// How a child depends on its parent.
    public var relationshipType: Relationship
    /// The objects whose records point to this one's.
    public var children: [RelatedObject]

    /// The root of a tree.
    public init(
        objectType: String, soupName: String, fieldlist: [String], createFieldlist: [String]? = nil, updateFieldlist: [String]? = nil,
        idFieldName: String = "Id", modificationDateFieldName: String = "LastModifiedDate", children: [RelatedObject] = []
    ) {
        self.objectType = objectType
        self.soupName = soupName
        self.fieldlist = fieldlist
        self.createFieldlist = createFieldlist
        self.updateFieldlist = updateFieldlist
        self.idFieldName = idFieldName
        self.modificationDateFieldName = modificationDateFieldName
        self.children = children
        relationshipType = .lookup
    }

    /// A child, pointing to its parent through `parentIdFieldName`.
    public init(
        child objectType: String, soupName: String, parentIdFieldName: String, relationshipType: Relationship = .lookup,
        fieldlist: [String], createFieldlist: [String]? = nil, updateFieldlist: [String]? = nil, pluralName: String? = nil,
        parentRelationshipName: String? = nil, idFieldName: String = "Id", modificationDateFieldName: String = "LastModifiedDate",
        children: [RelatedObject] = []
    ) {
        self.init(
            objectType: objectType, soupName: soupName, fieldlist: fieldlist, createFieldlist: createFieldlist,
            updateFieldlist: updateFieldlist, idFieldName: idFieldName, modificationDateFieldName: modificationDateFieldName,
            children: children)
        self.parentIdFieldName = parentIdFieldName
        self.parentRelationshipName = parentRelationshipName ?? Self.relationshipName(of: parentIdFieldName)
        self.pluralName = pluralName
        self.relationshipType = relationshipType
    }

    /// SOQL's name for the relationship a reference field stands for: `AccountId` → `Account`,
    /// `Parent__c` → `Parent__r`.
    static func relationshipName(of field: String) -> String {
        if field.hasSuffix("__c") { return String(field.dropLast(3)) + "__r" }
        if field.count > 2, field.lowercased().hasSuffix("id") { return String(field.dropLast(2)) }
        return field
    }

    /// Every object of the tree, parents before their children (breadth first), with the path
    /// from the root.
    var levels: [TreeLevel] {
        var levels: [TreeLevel] = [TreeLevel(object: self, parent: nil, ancestors: [])]
        var next = 0
        while next < levels.count {
            let level = levels[next]
            for child in level.object.children {
                levels.append(TreeLevel(object: child, parent: next, ancestors: level.ancestors + [level.object]))
            }
            next += 1
        }
        return levels
    }

    /// The soups of the tree, each once, in level order.
    public var soupNames: [String] {
        var seen = Set<String>()
        return levels.map(\.object.soupName).filter { seen.insert($0).inserted }
    }
}

/// One object of a tree with where it stands: its parent's level and the objects above it.
struct TreeLevel: Sendable {
    let object: RelatedObject
    /// The index of the parent's level; nil for the root.
    let parent: Int?
    /// The objects from the root down to the parent.
    let ancestors: [RelatedObject]

    /// A name unique in the tree: the object types from the root, `Account/Contact/Case`.
    var path: String { (ancestors + [object]).map(\.objectType).joined(separator: "/") }
}

// MARK: - JSON

extension RelatedObject {
    /// Which lists of fields a target's JSON holds.
    enum FieldLists {
        case down
        case up
    }

    /// The tree a parent-children target's JSON describes, in the iOS or Android SDK's spelling
    /// (D6, D7), with ForceKit's nested `children` for deeper and wider trees.
    init(target json: JSON, lists: FieldLists) throws(SyncError) {
        guard let parent = json["parent"], parent.objectValue != nil else {
            throw .invalidConfiguration("a parent-children target needs a \"parent\" object")
        }
        let childJSON: [JSON]
        switch json["children"] {
        case .array(let items)?: childJSON = items
        case .object(let members)?: childJSON = [.object(members)]
        case nil, .null?: childJSON = []
        default: throw .invalidConfiguration("a parent-children target's \"children\" must be an object or an array of objects")
        }
        let inherited = json["relationshipType"]?.stringValue
        var root = try Self.object(parent, lists: lists, child: false, inheritedRelationship: nil)
        switch lists {
        case .down:
            root.fieldlist = try JSONFields.strings(json["parentFieldlist"], key: "parentFieldlist") ?? root.fieldlist
        case .up:
            // The iOS SDK's names, then the Android SDK's (D7).
            let iOSCreate = try JSONFields.strings(json["parentCreateFieldlist"], key: "parentCreateFieldlist")
            let androidCreate = try JSONFields.strings(json["createFieldlist"], key: "createFieldlist")
            let iOSUpdate = try JSONFields.strings(json["parentUpdateFieldlist"], key: "parentUpdateFieldlist")
            let androidUpdate = try JSONFields.strings(json["updateFieldlist"], key: "updateFieldlist")
            root.createFieldlist = iOSCreate ?? androidCreate ?? root.createFieldlist
            root.updateFieldlist = iOSUpdate ?? androidUpdate ?? root.updateFieldlist
        }
        root.children = []
        for item in childJSON {
            var child = try Self.object(item, lists: lists, child: true, inheritedRelationship: inherited)
            // The SDK's one child type takes its field lists from the target's top level.
            if childJSON.count == 1 {
                switch lists {
                case .down:
                    child.fieldlist = try JSONFields.strings(json["childrenFieldlist"], key: "childrenFieldlist") ?? child.fieldlist
                case .up:
                    child.createFieldlist =
                        try JSONFields.strings(json["childrenCreateFieldlist"], key: "childrenCreateFieldlist") ?? child.createFieldlist
                    child.updateFieldlist =
                        try JSONFields.strings(json["childrenUpdateFieldlist"], key: "childrenUpdateFieldlist") ?? child.updateFieldlist
                }
            }
            root.children.append(child)
        }
        self = root
    }

    /// One object's JSON: the SDK's parent or children info, with ForceKit's field lists and
    /// nested children inside it.
    private static func object(_ json: JSON, lists: FieldLists, child: Bool, inheritedRelationship: String?) throws(SyncError)
        -> RelatedObject
    {
        guard json.objectValue != nil else { throw .invalidConfiguration("each object of a parent-children target must be a JSON object") }
        guard let type = (json["sobjectType"] ?? json["sObjectType"])?.stringValue, !type.isEmpty else {
            throw .invalidConfiguration("each object of a parent-children target needs its \"sobjectType\"")
        }
        guard let soup = json["soupName"]?.stringValue, !soup.isEmpty else {
            throw .invalidConfiguration("the \(type) of a parent-children target needs its \"soupName\"")
        }
        var object = RelatedObject(
            objectType: type, soupName: soup, fieldlist: try JSONFields.strings(json["fieldlist"], key: "fieldlist") ?? [],
            createFieldlist: try JSONFields.strings(json["createFieldlist"], key: "createFieldlist"),
            updateFieldlist: try JSONFields.strings(json["updateFieldlist"], key: "updateFieldlist"),
            idFieldName: json["idFieldName"]?.stringValue ?? "Id",
            modificationDateFieldName: json["modificationDateFieldName"]?.stringValue ?? "LastModifiedDate")
        if child {
            guard let parentField = json["parentIdFieldName"]?.stringValue, !parentField.isEmpty else {
                throw .invalidConfiguration("the child \(type) of a parent-children target needs its \"parentIdFieldName\"")
            }
            let relationshipText = json["relationshipType"]?.stringValue ?? inheritedRelationship ?? Relationship.lookup.rawValue
            guard let relationship = Relationship(rawValue: relationshipText) else {
                throw .invalidConfiguration("\"relationshipType\" must be MASTER_DETAIL or LOOKUP, not \"\(relationshipText)\"")
            }
            object.parentIdFieldName = parentField
            object.parentRelationshipName = json["parentRelationshipName"]?.stringValue ?? relationshipName(of: parentField)
            object.pluralName = json["sobjectTypePlural"]?.stringValue
            object.relationshipType = relationship
        }
        let nested: [JSON]
        switch json["children"] {
        case .array(let items)?: nested = items
        case .object(let members)?: nested = [.object(members)]
        default: nested = []
        }
        for item in nested {
            object.children.append(try Self.object(item, lists: lists, child: true, inheritedRelationship: nil))
        }
        return object
    }

    /// The tree as a target's JSON: the SDK's keys for the root and a single child type (so the
    /// SDKs read it back), ForceKit's nested form for the rest.
    func targetJSON(type: String, lists: FieldLists) -> [String: JSON] {
        var members: [String: JSON] = [
            "type": .string(type), "parent": objectJSON(lists: lists, nested: false),
            "idFieldName": .string(idFieldName), "modificationDateFieldName": .string(modificationDateFieldName),
        ]
        switch lists {
        case .down: members["parentFieldlist"] = Self.list(fieldlist)
        case .up:
            members["parentCreateFieldlist"] = Self.list(createFieldlist ?? fieldlist)
            members["parentUpdateFieldlist"] = Self.list(updateFieldlist ?? fieldlist)
        }
        if children.count == 1, let child = children.first {
            members["children"] = child.objectJSON(lists: lists, nested: true)
            members["relationshipType"] = .string(child.relationshipType.rawValue)
            switch lists {
            case .down: members["childrenFieldlist"] = Self.list(child.fieldlist)
            case .up:
                members["childrenCreateFieldlist"] = Self.list(child.createFieldlist ?? child.fieldlist)
                members["childrenUpdateFieldlist"] = Self.list(child.updateFieldlist ?? child.fieldlist)
            }
        } else if !children.isEmpty {
            members["children"] = .array(children.map { $0.objectJSON(lists: lists, nested: true) })
        }
        return members
    }

    private func objectJSON(lists: FieldLists, nested: Bool) -> JSON {
        var members: [String: JSON] = [
            "sobjectType": .string(objectType), "soupName": .string(soupName), "idFieldName": .string(idFieldName),
            "modificationDateFieldName": .string(modificationDateFieldName),
        ]
        if let parentIdFieldName {
            members["parentIdFieldName"] = .string(parentIdFieldName)
            members["relationshipType"] = .string(relationshipType.rawValue)
            if let parentRelationshipName { members["parentRelationshipName"] = .string(parentRelationshipName) }
            if let pluralName { members["sobjectTypePlural"] = .string(pluralName) }
        }
        if nested {
            switch lists {
            case .down: members["fieldlist"] = Self.list(fieldlist)
            case .up:
                members["createFieldlist"] = Self.list(createFieldlist ?? fieldlist)
                members["updateFieldlist"] = Self.list(updateFieldlist ?? fieldlist)
            }
            if !children.isEmpty { members["children"] = .array(children.map { $0.objectJSON(lists: lists, nested: true) }) }
        }
        return .object(members)
    }

    private static func list(_ names: [String]) -> JSON { .array(names.map(JSON.string)) }
}
