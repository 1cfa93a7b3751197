import Foundation
import SalesforceCore

/// One field as a schema describes it in JSON: the form of the standard objects' files and of
/// `forcekit serve --schema FILE`. The keys are describe's own (`name`, `type`, `label`,
/// `length`, `precision`, `scale`, `digits`, `nillable`, `createable`, `updateable`,
/// `defaultedOnCreate`, `defaultValue`, `externalId`, `unique`, `idLookup`, `nameField`,
/// `autoNumber`, `calculated`, `restrictedPicklist`, `referenceTo`, `relationshipName`,
/// `picklistValues`, `compoundFieldName`), plus `required` (a create must give a value),
/// `childRelationshipName` (what the referenced object calls these records) and `describe`
/// (any other describe key, sent as given). A key left out takes what Salesforce gives such a
/// field of that type.
enum FieldDescription {
    /// Where a field is declared: a custom field must be named `…__c`, and its relationship
    /// names follow from its own when not given.
    enum Origin {
        case standard, custom
    }

    /// A compound field (`BillingAddress`, `Location__c`) read from its describe entry.
    struct Compound {
        var name: String
        var label: String
        var kind: CompoundField.Kind
    }

    static let keys: Set<String> = [
        "name", "type", "label", "length", "precision", "scale", "digits", "required", "nillable", "createable", "updateable",
        "defaultedOnCreate", "defaultValue", "externalId", "unique", "idLookup", "nameField", "autoNumber", "calculated",
        "restrictedPicklist", "referenceTo", "relationshipName", "childRelationshipName", "picklistValues", "compoundFieldName", "describe",
    ]

    /// The keys LocalOrg's writes and queries follow, which `describe` may not repeat. (A
    /// relationship name on a field that is no reference, as Salesforce's `Jigsaw` fields have,
    /// is only shown, so `describe` may give it.)
    static let actedOn = keys.subtracting(["relationshipName", "compoundFieldName", "describe"])

    /// Reads a field, or a compound field when its type is `address` or `location`.
    /// - Parameter fail: Makes the error for a problem, given what is wrong.
    static func read(
        _ json: JSON, owner: String, origin: Origin, fail: (String) -> LocalOrgError
    ) throws(LocalOrgError) -> (field: SObjectField?, compound: Compound?) {
        guard let object = json.objectValue else { throw fail("a field must be an object") }
        if let key = Set(object.keys).subtracting(keys).sorted().first { throw fail("unknown key \"\(key)\"") }
        guard let name = object["name"]?.stringValue, SchemaFile.isIdentifier(name) else {
            throw fail("\"name\" must be letters, digits and underscores, starting with a letter")
        }
        if origin == .custom, !name.hasSuffix("__c") { throw fail("\"\(name)\" must end in __c") }
        let typeName = object["type"]?.stringValue ?? ""
        if origin == .standard, typeName == "address" || typeName == "location" {
            let kind: CompoundField.Kind = typeName == "address" ? .address : .location
            return (nil, Compound(name: name, label: object["label"]?.stringValue ?? SObjectField.label(from: name), kind: kind))
        }
        guard let type = FieldType(rawValue: typeName), origin == .standard || (type != .id && type != .anyType) else {
            let known = FieldType.allCases.filter { $0 != .id && $0 != .anyType }.map(\.rawValue).joined(separator: ", ")
            throw fail("\"type\" of \(name) must be one of \(known)")
        }
        func flag(_ key: String) throws(LocalOrgError) -> Bool? {
            guard let value = object[key] else { return nil }
            guard let flag = value.boolValue else { throw fail("\"\(key)\" of \(name) must be true or false") }
            return flag
        }
        func number(_ key: String) throws(LocalOrgError) -> Int? {
            guard let value = object[key] else { return nil }
            guard let number = value.integerValue, (0...1_000_000).contains(number) else {
                throw fail("\"\(key)\" of \(name) must be a whole number from 0 to 1000000")
            }
            return Int(number)
        }
        let referenceTo = object["referenceTo"].map { $0.arrayValue?.compactMap(\.stringValue) ?? [$0.stringValue].compactMap { $0 } } ?? []
        if type == .reference, referenceTo.isEmpty { throw fail("the reference \(name) needs \"referenceTo\"") }
        let stem = String(name.dropLast(origin == .custom ? 3 : 0))
        let relationshipName: String?
        let childRelationshipName: String?
        switch (type, origin) {
        case (.reference, .custom):
            relationshipName = object["relationshipName"]?.stringValue ?? stem + "__r"
            // Salesforce names the children after the owning type unless told otherwise.
            childRelationshipName =
                object["childRelationshipName"]?.stringValue ?? owner.replacingOccurrences(of: "__c", with: "") + "s__r"
        case (.reference, .standard):
            relationshipName = object["relationshipName"]?.stringValue
            childRelationshipName = object["childRelationshipName"]?.stringValue
        default:
            relationshipName = nil
            childRelationshipName = nil
        }
        let defaultValue = object["defaultValue"].flatMap { $0.stringValue ?? ($0.isNull ? nil : $0.serialized()) }
        // A picklist value is a string, or `{"value": "V", "label": "Viewer"}` with `active` and
        // `default` where they are not what the field says.
        var picklist: (values: [String], labels: [String: String], inactive: Set<String>, defaultValue: String?) = ([], [:], [], nil)
        for entry in object["picklistValues"]?.arrayValue ?? [] {
            guard let value = entry.stringValue ?? entry["value"]?.stringValue else {
                throw fail("a picklist value of \(name) must be text or an object with \"value\"")
            }
            picklist.values.append(value)
            if let label = entry["label"]?.stringValue, label != value { picklist.labels[value] = label }
            if entry["active"]?.boolValue == false { picklist.inactive.insert(value) }
            if entry["default"]?.boolValue == true { picklist.defaultValue = value }
        }
        let required = try flag("required") ?? false
        let createable = try flag("createable") ?? true
        let nillable = try flag("nillable")
        let defaultedOnCreate = try flag("defaultedOnCreate")
        var field = SObjectField(
            name: name, label: object["label"]?.stringValue, type: type, length: try number("length"),
            // What a create must give: a value that cannot be empty and that the server does not fill.
            required: required || (createable && nillable == false && defaultedOnCreate != true && defaultValue == nil),
            externalId: try flag("externalId") ?? false, unique: try flag("unique") ?? false, createable: createable,
            updateable: try flag("updateable") ?? true, referenceTo: referenceTo, relationshipName: relationshipName,
            childRelationshipName: childRelationshipName, picklistValues: picklist.values, picklistLabels: picklist.labels,
            defaultValue: defaultValue, nameField: try flag("nameField") ?? false, nillable: nillable.map { $0 && !required },
            defaultedOnCreate: defaultedOnCreate, idLookup: try flag("idLookup"), autoNumber: try flag("autoNumber") ?? false,
            calculated: try flag("calculated") ?? false)
        field.restrictedPicklist = try flag("restrictedPicklist") ?? false
        field.inactivePicklistValues = picklist.inactive
        field.defaultPicklistValue = picklist.defaultValue
        if let precision = try number("precision") { field.precision = precision }
        if let scale = try number("scale") { field.scale = scale }
        if let digits = try number("digits") { field.digits = digits }
        if let compound = object["compoundFieldName"]?.stringValue { field.describeKeys["compoundFieldName"] = .string(compound) }
        if let describe = object["describe"] {
            guard let keys = describe.objectValue else { throw fail("\"describe\" of \(name) must be an object") }
            // What LocalOrg acts on is said once, in its own key, so describe cannot say otherwise.
            if let key = Set(keys.keys).intersection(actedOn).sorted().first {
                throw fail("\"\(key)\" of \(name) goes beside \"describe\", not in it")
            }
            field.describeKeys.merge(keys) { _, given in given }
        }
        return (field, nil)
    }
}
