package import SalesforceCore

/// An sObject type: its names, key prefix and fields.
package struct SObjectType: Sendable, Equatable {
    /// The API name: `Account`, `Merchandise__c`.
    package var name: String
    /// The label: `Account`.
    package var label: String
    /// The plural label: `Accounts`.
    package var labelPlural: String
    /// The three characters every record id of this type starts with.
    package var keyPrefix: String
    /// The fields, system fields included, in describe order.
    package private(set) var fields: [SObjectField]
    /// The compound fields (addresses, geolocations), built from some of ``fields``.
    package private(set) var compoundFields: [CompoundField]
    /// Whether this is a custom object (`__c`).
    package var custom: Bool { name.hasSuffix("__c") }
    /// Describe's object-level keys as the schema's source gives them (`mergeable`,
    /// `feedEnabled`, `supportedScopes`…), over what ForceKit derives.
    package var describeKeys: [String: JSON] = [:]

    private var fieldIndex: [String: Int] = [:]
    private var relationshipIndex: [String: Int] = [:]

    /// The fields every type's storage needs, which a type read from a complete description
    /// gets when its description lacks one (a User has no `IsDeleted` in Salesforce).
    static let storageFields: Set<String> = [
        "Id", "IsDeleted", "CreatedDate", "CreatedById", "LastModifiedDate", "LastModifiedById", "SystemModstamp",
    ]

    /// Creates a type whose description lists every field, system fields included, in describe
    /// order; compound fields are listed after the fields they are built of.
    init(
        name: String, label: String, labelPlural: String, keyPrefix: String, completeFields: [SObjectField], compoundFields: [CompoundField]
    ) {
        self.init(name: name, label: label, labelPlural: labelPlural, keyPrefix: keyPrefix, hasOwner: false, fields: [])
        self.fields = []
        fieldIndex = [:]
        relationshipIndex = [:]
        var storage = SObjectType(name: name, label: label, labelPlural: labelPlural, keyPrefix: keyPrefix, hasOwner: false, fields: [])
            .fields.filter { SObjectType.storageFields.contains($0.name) }
        for field in completeFields {
            storage.removeAll { $0.name == field.name }
            append(field)
        }
        // What the description lacks, the storage still needs: listed last.
        for field in storage { append(field) }
        self.compoundFields = compoundFields
    }

    /// Creates a type. System fields (`Id`, `IsDeleted`, the audit fields and, when
    /// `hasOwner`, `OwnerId`) are added around `fields`.
    package init(
        name: String, label: String? = nil, labelPlural: String? = nil, keyPrefix: String, hasOwner: Bool = true, fields: [SObjectField],
        compoundFields: [CompoundField] = []
    ) {
        self.name = name
        self.label = label ?? SObjectField.label(from: name)
        self.labelPlural =
            labelPlural
            ?? (self.label.hasSuffix("s")
                ? self.label + "es" : self.label.hasSuffix("y") ? String(self.label.dropLast()) + "ies" : self.label + "s")
        self.keyPrefix = keyPrefix
        var all = [SObjectField(name: "Id", label: "\(self.label) ID", type: .id, createable: false, updateable: false)]
        all.append(SObjectField(name: "IsDeleted", label: "Deleted", type: .boolean, createable: false, updateable: false))
        all += fields
        if hasOwner {
            all.append(SObjectField(name: "OwnerId", label: "Owner ID", type: .reference, referenceTo: ["User"], relationshipName: "Owner"))
        }
        all += [
            SObjectField(name: "CreatedDate", label: "Created Date", type: .datetime, createable: false, updateable: false),
            SObjectField(
                name: "CreatedById", label: "Created By ID", type: .reference, createable: false, updateable: false, referenceTo: ["User"],
                relationshipName: "CreatedBy"),
            SObjectField(name: "LastModifiedDate", label: "Last Modified Date", type: .datetime, createable: false, updateable: false),
            SObjectField(
                name: "LastModifiedById", label: "Last Modified By ID", type: .reference, createable: false, updateable: false,
                referenceTo: ["User"], relationshipName: "LastModifiedBy"),
            SObjectField(name: "SystemModstamp", label: "System Modstamp", type: .datetime, createable: false, updateable: false),
        ]
        // What FOR VIEW and FOR REFERENCE set, on the objects users open.
        if hasOwner || name == "User" {
            all += [
                SObjectField(name: "LastViewedDate", label: "Last Viewed Date", type: .datetime, createable: false, updateable: false),
                SObjectField(
                    name: "LastReferencedDate", label: "Last Referenced Date", type: .datetime, createable: false, updateable: false),
            ]
        }
        self.compoundFields = compoundFields
        self.fields = []
        for field in all { append(field) }
    }

    /// Adds a field (a custom field from a schema file).
    mutating func append(_ field: SObjectField) {
        fieldIndex[field.name.lowercased()] = fields.count
        if let relationship = field.relationshipName { relationshipIndex[relationship.lowercased()] = fields.count }
        fields.append(field)
    }

    /// The field named `name`, ignoring case as Salesforce does.
    package func field(named name: String) -> SObjectField? {
        fieldIndex[name.lowercased()].map { fields[$0] }
    }

    /// The compound field named `name` (`BillingAddress`), ignoring case.
    package func compoundField(named name: String) -> CompoundField? {
        let lowered = name.lowercased()
        return compoundFields.first { $0.name.lowercased() == lowered }
    }

    /// Adds a compound field (a geolocation from a schema file).
    mutating func append(_ compound: CompoundField) {
        compoundFields.append(compound)
    }

    /// The reference field whose relationship name is `name` (`Account` → `AccountId`).
    package func referenceField(forRelationship name: String) -> SObjectField? {
        relationshipIndex[name.lowercased()].map { fields[$0] }
    }

    /// The field that names records: `Name` where there is one.
    package var nameField: SObjectField? { fields.first(where: \.nameField) }

    /// The REST path of the type under a version: `/services/data/v62.0/sobjects/Account`.
    func path(version: String) -> String { APIPath.url(resourcePath, version: version) }

    /// The REST path of the type below the API version: `sobjects/Account`.
    var resourcePath: String { "sobjects/\(name)" }
}

/// A reference from one type to another, seen from the referenced side.
package struct ChildRelationship: Sendable, Equatable {
    /// The type holding the reference: `Contact`.
    package var childObject: String
    /// The reference field: `AccountId`.
    package var field: String
    /// The name subqueries use: `Contacts`.
    package var relationshipName: String
}
