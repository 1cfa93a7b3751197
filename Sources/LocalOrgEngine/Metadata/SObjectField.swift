package import SalesforceCore

/// One field of an sObject type, as describe reports it.
package struct SObjectField: Sendable, Equatable {
    /// The API name: `Name`, `AccountId`, `Region__c`.
    package var name: String
    /// The label shown to users.
    package var label: String
    /// The data type.
    package var type: FieldType
    /// The maximum length of text fields.
    package var length: Int
    /// Whether a value must be given on create (and may not be cleared).
    package var required: Bool
    /// Whether the field identifies records from another system, for upsert.
    package var externalId: Bool
    /// Whether no two records may share a value.
    package var unique: Bool
    /// Whether clients may set it on create.
    package var createable: Bool
    /// Whether clients may change it.
    package var updateable: Bool
    /// The object types a reference points to.
    package var referenceTo: [String]
    /// The name used to follow a reference in SOQL: `Account` for `AccountId`.
    package var relationshipName: String?
    /// The name the referenced type uses for the records pointing at it: `Contacts`.
    package var childRelationshipName: String?
    /// The values a picklist offers.
    package var picklistValues: [String]
    /// The labels of the values whose label differs from the value (`V` → `Viewer`), which
    /// describe lists and `toLabel()` returns.
    package var picklistLabels: [String: String]
    /// The value a create gets when it gives none.
    package var defaultValue: String?
    /// Whether this is a custom field (`__c`).
    package var custom: Bool
    /// Whether this is the field that names a record.
    package var nameField: Bool
    /// Whether a record may be without a value. A field that is not nillable but that a create
    /// may leave out (`defaultedOnCreate`) still cannot be cleared.
    package var nillable: Bool
    /// Whether the server gives the field a value when a create does not.
    package var defaultedOnCreate: Bool
    /// Whether a record can be found (and upserted) by this field's value, as describe's
    /// `idLookup` says: the id, an external id, and the standard fields Salesforce marks so
    /// (`Name` of most objects, `Email` of a Contact, Lead or User, `Username`).
    package var idLookup: Bool
    /// Whether the server numbers records in this field (`CaseNumber`).
    package var autoNumber: Bool
    /// Whether the value is computed, never written.
    package var calculated: Bool
    /// Whether a picklist refuses values it does not list.
    package var restrictedPicklist: Bool
    /// The digits of a number in all, after the point, and of a whole number, as describe says.
    package var precision: Int, scale: Int, digits: Int
    /// Picklist values kept for old records but no longer offered.
    package var inactivePicklistValues: Set<String>
    /// The picklist value a create gets when it gives none, where describe marks a value as the
    /// default but the field has no `defaultValue`.
    package var defaultPicklistValue: String?
    /// Describe keys whose value is not what ForceKit derives from the field's type and flags
    /// (an `extraTypeInfo` of `personname`, a field that is not `permissionable`): facts from
    /// the schema's source, sent as they are.
    package var describeKeys: [String: JSON]

    /// Creates a field; most flags default to a plain, writable, optional field.
    package init(
        name: String, label: String? = nil, type: FieldType, length: Int? = nil, required: Bool = false,
        externalId: Bool = false, unique: Bool = false, createable: Bool = true, updateable: Bool = true,
        referenceTo: [String] = [], relationshipName: String? = nil, childRelationshipName: String? = nil,
        picklistValues: [String] = [], picklistLabels: [String: String] = [:], defaultValue: String? = nil, nameField: Bool = false,
        nillable: Bool? = nil, defaultedOnCreate: Bool? = nil, idLookup: Bool? = nil, autoNumber: Bool = false, calculated: Bool = false
    ) {
        self.name = name
        self.label = label ?? SObjectField.label(from: name)
        self.type = type
        self.length = length ?? SObjectField.defaultLength(of: type)
        self.required = required
        self.externalId = externalId
        self.unique = unique
        self.createable = createable
        self.updateable = updateable
        self.referenceTo = referenceTo
        self.relationshipName = relationshipName
        self.childRelationshipName = childRelationshipName
        self.picklistValues = picklistValues
        self.picklistLabels = picklistLabels
        self.defaultValue = defaultValue
        self.custom = name.hasSuffix("__c")
        self.nameField = nameField
        self.nillable = nillable ?? (!required && type != .id && type != .boolean)
        self.defaultedOnCreate = defaultedOnCreate ?? (defaultValue != nil)
        self.idLookup = idLookup ?? (type == .id || externalId)
        self.autoNumber = autoNumber
        self.calculated = calculated
        self.restrictedPicklist = false
        let fractional: Set<FieldType> = [.double, .currency, .percent]
        self.precision = fractional.contains(type) ? 18 : 0
        self.scale = type == .currency || type == .percent ? 2 : 0
        self.digits = type == .int ? 9 : 0
        self.inactivePicklistValues = []
        self.defaultPicklistValue = nil
        self.describeKeys = [:]
    }

    /// What a create gets when it gives no value: the field's default, or the picklist's.
    var valueOnCreate: String? { defaultValue ?? defaultPicklistValue }

    /// Whether describe marks `value` as the picklist's default.
    func isDefaultPicklistValue(_ value: String) -> Bool { value == valueOnCreate }

    /// The label of a picklist value: its own label, or the value itself.
    package func label(ofPicklistValue value: String) -> String {
        if let label = picklistLabels[value] { return label }
        // Stored values keep the case they were written in; picklists match without it.
        let match = picklistValues.first { $0.lowercased() == value.lowercased() }
        return match.flatMap { picklistLabels[$0] } ?? value
    }

    private static func defaultLength(of type: FieldType) -> Int {
        switch type {
        case .id, .reference: return 18
        case .string, .url, .picklist, .combobox: return 255
        case .email: return 80
        case .phone: return 40
        case .textarea: return 32_000
        case .multipicklist: return 4_099
        default: return 0
        }
    }

    /// `BillingCity` → `Billing City`, `Region__c` → `Region`.
    static func label(from name: String) -> String {
        var base = name.hasSuffix("__c") ? String(name.dropLast(3)) : name
        if base.hasSuffix("Id"), base.count > 2 { base = String(base.dropLast(2)) + " ID" }
        var label = ""
        var previous: Character?
        for character in base {
            if character == "_" {
                label.append(" ")
            } else {
                if character.isUppercase, let previous, previous.isLowercase { label.append(" ") }
                label.append(character)
            }
            previous = character
        }
        return label
    }
}
