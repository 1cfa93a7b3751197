import Foundation
import SalesforceCore

/// Reads custom objects and custom fields from a JSON schema file.
///
/// ```json
/// { "objects": [ { "name": "Merchandise__c", "label": "Merchandise", "keyPrefix": "a01",
///                  "fields": [ { "name": "Price__c", "type": "currency", "required": true } ] } ],
///   "fields": { "Account": [ { "name": "Region__c", "type": "picklist", "picklistValues": ["East", "West"] } ] } }
/// ```
/// Each custom object gets a required `Name` text field and the system fields. A field takes
/// the keys of the standard objects' descriptions (``FieldDescription``): `length`, `required`,
/// `externalId`, `unique`, `referenceTo`, `relationshipName`, `childRelationshipName`,
/// `picklistValues` (strings, or `{"value", "label"}` objects), `defaultValue` and the rest.
enum SchemaFile {
    static func apply(_ json: JSON, from file: String, to schema: inout OrgSchema) throws(LocalOrgError) {
        func fail(_ reason: String) -> LocalOrgError { .invalidSchema(file: file, reason: reason) }
        guard let root = json.objectValue else { throw fail("the top level must be an object with \"objects\" and/or \"fields\"") }
        let unknownKeys = Set(root.keys).subtracting(["objects", "fields"])
        if let key = unknownKeys.sorted().first { throw fail("unknown key \"\(key)\" at the top level") }
        var nextPrefix = 0
        for (index, entry) in (root["objects"]?.arrayValue ?? []).enumerated() {
            guard let object = entry.objectValue, let name = object["name"]?.stringValue else {
                throw fail("objects[\(index)] needs a \"name\"")
            }
            guard name.hasSuffix("__c"), isIdentifier(name) else {
                throw fail("object \"\(name)\" must be a name of letters, digits and underscores ending in __c")
            }
            guard schema.type(named: name) == nil else { throw fail("object \"\(name)\" is declared twice") }
            var prefix = object["keyPrefix"]?.stringValue
            if prefix == nil {
                repeat {
                    prefix = "a" + String(nextPrefix, radix: 36, uppercase: true).leftPadded(to: 2)
                    nextPrefix += 1
                } while schema.type(withKeyPrefix: prefix ?? "") != nil
            }
            guard let keyPrefix = prefix, keyPrefix.count == 3, keyPrefix.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
                throw fail("object \"\(name)\" has a keyPrefix that is not three letters or digits")
            }
            guard schema.type(withKeyPrefix: keyPrefix) == nil else { throw fail("object \"\(name)\" reuses the key prefix \(keyPrefix)") }
            let fields = try (object["fields"]?.arrayValue ?? []).enumerated().map { (fieldIndex, field) throws(LocalOrgError) in
                try readField(field, owner: name, at: "\(name).fields[\(fieldIndex)]", file: file)
            }
            let nameField = SObjectField(
                name: "Name", label: "\(object["label"]?.stringValue ?? name) Name", type: .string, length: 80, required: true,
                nameField: true)
            schema.add(
                SObjectType(
                    name: name, label: object["label"]?.stringValue, labelPlural: object["labelPlural"]?.stringValue,
                    keyPrefix: keyPrefix, fields: [nameField] + fields))
        }
        for (typeName, list) in (root["fields"]?.objectValue ?? [:]).sorted(by: { $0.key < $1.key }) {
            guard let type = schema.type(named: typeName) else {
                throw fail("fields are declared for \"\(typeName)\", which is not an object")
            }
            for (index, entry) in (list.arrayValue ?? []).enumerated() {
                let field = try readField(entry, owner: type.name, at: "fields.\(typeName)[\(index)]", file: file)
                guard field.custom else { throw fail("field \"\(field.name)\" on \(typeName) must end in __c") }
                guard type.field(named: field.name) == nil else { throw fail("field \"\(field.name)\" already exists on \(typeName)") }
                schema.addField(field, to: type.name)
            }
        }
        for type in schema.types {
            for field in type.fields where field.type == .reference {
                for target in field.referenceTo where schema.type(named: target) == nil {
                    throw fail("\(type.name).\(field.name) refers to \"\(target)\", which is not an object")
                }
            }
        }
        schema.reindexRelationships()
    }

    private static func readField(_ json: JSON, owner: String, at place: String, file: String) throws(LocalOrgError) -> SObjectField {
        let read = try FieldDescription.read(json, owner: owner, origin: .custom) { reason in
            .invalidSchema(file: file, reason: "\(place): \(reason)")
        }
        guard let field = read.field else { throw .invalidSchema(file: file, reason: "\(place): a custom field cannot be compound") }
        return field
    }

    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.first, first.isASCII, first.isLetter else { return false }
        return name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") } && name.count <= 80
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
