package import SalesforceCore

/// One field of an sObject type, as describe reports it.
package struct SObjectField: Sendable, Equatable {
    // The properties live in one shared box, copied only when a copy is changed: the write paths
    // walk every field of a type, and copying a field by value retained each of its strings,
    // arrays and dictionaries (18% of a create-heavy profile).
    private var storage: Storage

    /// What a field holds; see the properties of ``SObjectField``.
    private struct Properties: Sendable, Equatable {
        var name: String = ""
        var label: String = ""
        var type: FieldType = .string
        var length: Int = 0
        var required: Bool = false
        var externalId: Bool = false
        var unique: Bool = false
        var createable: Bool = false
        var updateable: Bool = false
        var referenceTo: [String] = []
        var relationshipName: String? = nil
        var childRelationshipName: String? = nil
        var picklistValues: [String] = []
        var picklistLabels: [String: String] = [:]
        var defaultValue: String? = nil
        var custom: Bool = false
        var nameField: Bool = false
        var nillable: Bool = false
        var defaultedOnCreate: Bool = false
        var idLookup: Bool = false
        var autoNumber: Bool = false
        var calculated: Bool = false
        var restrictedPicklist: Bool = false
        var precision: Int = 0
        var scale: Int = 0
        var digits: Int = 0
        var inactivePicklistValues: Set<String> = []
        var defaultPicklistValue: String? = nil
        var describeKeys: [String: JSON] = [:]
    }

    /// The box. `@unchecked`: it is changed only through `mutate`, which first makes it unique
    /// to the one field changing it, so no box is ever changed while shared.
    private final class Storage: @unchecked Sendable {
        var properties: Properties
        init(_ properties: Properties) { self.properties = properties }
    }

    private mutating func mutate(_ change: (inout Properties) -> Void) {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.properties) }
        change(&storage.properties)
    }

    /// Whether two fields say the same in every property.
    package static func == (lhs: SObjectField, rhs: SObjectField) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.properties == rhs.storage.properties
    }

    /// The API name: `Name`, `AccountId`, `Region__c`.
    package var name: String {
        get { storage.properties.name }
        set { mutate { $0.name = newValue } }
    }
    /// The label shown to users.
    package var label: String {
        get { storage.properties.label }
        set { mutate { $0.label = newValue } }
    }
    /// The data type.
    package var type: FieldType {
        get { storage.properties.type }
        set { mutate { $0.type = newValue } }
    }
    /// The maximum length of text fields.
    package var length: Int {
        get { storage.properties.length }
        set { mutate { $0.length = newValue } }
    }
    /// Whether a value must be given on create (and may not be cleared).
    package var required: Bool {
        get { storage.properties.required }
        set { mutate { $0.required = newValue } }
    }
    /// Whether the field identifies records from another system, for upsert.
    package var externalId: Bool {
        get { storage.properties.externalId }
        set { mutate { $0.externalId = newValue } }
    }
    /// Whether no two records may share a value.
    package var unique: Bool {
        get { storage.properties.unique }
        set { mutate { $0.unique = newValue } }
    }
    /// Whether clients may set it on create.
    package var createable: Bool {
        get { storage.properties.createable }
        set { mutate { $0.createable = newValue } }
    }
    /// Whether clients may change it.
    package var updateable: Bool {
        get { storage.properties.updateable }
        set { mutate { $0.updateable = newValue } }
    }
    /// The object types a reference points to.
    package var referenceTo: [String] {
        get { storage.properties.referenceTo }
        set { mutate { $0.referenceTo = newValue } }
    }
    /// The name used to follow a reference in SOQL: `Account` for `AccountId`.
    package var relationshipName: String? {
        get { storage.properties.relationshipName }
        set { mutate { $0.relationshipName = newValue } }
    }
    /// The name the referenced type uses for the records pointing at it: `Contacts`.
    package var childRelationshipName: String? {
        get { storage.properties.childRelationshipName }
        set { mutate { $0.childRelationshipName = newValue } }
    }
    /// The values a picklist offers.
    package var picklistValues: [String] {
        get { storage.properties.picklistValues }
        set { mutate { $0.picklistValues = newValue } }
    }
    /// The labels of the values whose label differs from the value (`V` → `Viewer`), which
    /// describe lists and `toLabel()` returns.
    package var picklistLabels: [String: String] {
        get { storage.properties.picklistLabels }
        set { mutate { $0.picklistLabels = newValue } }
    }
    /// The value a create gets when it gives none.
    package var defaultValue: String? {
        get { storage.properties.defaultValue }
        set { mutate { $0.defaultValue = newValue } }
    }
    /// Whether this is a custom field (`__c`).
    package var custom: Bool {
        get { storage.properties.custom }
        set { mutate { $0.custom = newValue } }
    }
    /// Whether this is the field that names a record.
    package var nameField: Bool {
        get { storage.properties.nameField }
        set { mutate { $0.nameField = newValue } }
    }
    /// Whether a record may be without a value. A field that is not nillable but that a create
    /// may leave out (`defaultedOnCreate`) still cannot be cleared.
    package var nillable: Bool {
        get { storage.properties.nillable }
        set { mutate { $0.nillable = newValue } }
    }
    /// Whether the server gives the field a value when a create does not.
    package var defaultedOnCreate: Bool {
        get { storage.properties.defaultedOnCreate }
        set { mutate { $0.defaultedOnCreate = newValue } }
    }
    /// Whether a record can be found (and upserted) by this field's value, as describe's
    /// `idLookup` says: the id, an external id, and the standard fields Salesforce marks so
    /// (`Name` of most objects, `Email` of a Contact, Lead or User, `Username`).
    package var idLookup: Bool {
        get { storage.properties.idLookup }
        set { mutate { $0.idLookup = newValue } }
    }
    /// Whether the server numbers records in this field (`CaseNumber`).
    package var autoNumber: Bool {
        get { storage.properties.autoNumber }
        set { mutate { $0.autoNumber = newValue } }
    }
    /// Whether the value is computed, never written.
    package var calculated: Bool {
        get { storage.properties.calculated }
        set { mutate { $0.calculated = newValue } }
    }
    /// Whether a picklist refuses values it does not list.
    package var restrictedPicklist: Bool {
        get { storage.properties.restrictedPicklist }
        set { mutate { $0.restrictedPicklist = newValue } }
    }
    /// The digits of a number in all, after the point, and of a whole number, as describe says.
    package var precision: Int {
        get { storage.properties.precision }
        set { mutate { $0.precision = newValue } }
    }
    /// The digits of a number in all, after the point, and of a whole number, as describe says.
    package var scale: Int {
        get { storage.properties.scale }
        set { mutate { $0.scale = newValue } }
    }
    /// The digits of a number in all, after the point, and of a whole number, as describe says.
    package var digits: Int {
        get { storage.properties.digits }
        set { mutate { $0.digits = newValue } }
    }
    /// Picklist values kept for old records but no longer offered.
    package var inactivePicklistValues: Set<String> {
        get { storage.properties.inactivePicklistValues }
        set { mutate { $0.inactivePicklistValues = newValue } }
    }
    /// The picklist value a create gets when it gives none, where describe marks a value as the
    /// default but the field has no `defaultValue`.
    package var defaultPicklistValue: String? {
        get { storage.properties.defaultPicklistValue }
        set { mutate { $0.defaultPicklistValue = newValue } }
    }
    /// Describe keys whose value is not what ForceKit derives from the field's type and flags
    /// (an `extraTypeInfo` of `personname`, a field that is not `permissionable`): facts from
    /// the schema's source, sent as they are.
    package var describeKeys: [String: JSON] {
        get { storage.properties.describeKeys }
        set { mutate { $0.describeKeys = newValue } }
    }

    /// Creates a field; most flags default to a plain, writable, optional field.
    package init(
        name: String, label: String? = nil, type: FieldType, length: Int? = nil, required: Bool = false,
        externalId: Bool = false, unique: Bool = false, createable: Bool = true, updateable: Bool = true,
        referenceTo: [String] = [], relationshipName: String? = nil, childRelationshipName: String? = nil,
        picklistValues: [String] = [], picklistLabels: [String: String] = [:], defaultValue: String? = nil, nameField: Bool = false,
        nillable: Bool? = nil, defaultedOnCreate: Bool? = nil, idLookup: Bool? = nil, autoNumber: Bool = false, calculated: Bool = false
    ) {
        var properties = Properties()
        properties.name = name
        properties.label = label ?? SObjectField.label(from: name)
        properties.type = type
        properties.length = length ?? SObjectField.defaultLength(of: type)
        properties.required = required
        properties.externalId = externalId
        properties.unique = unique
        properties.createable = createable
        properties.updateable = updateable
        properties.referenceTo = referenceTo
        properties.relationshipName = relationshipName
        properties.childRelationshipName = childRelationshipName
        properties.picklistValues = picklistValues
        properties.picklistLabels = picklistLabels
        properties.defaultValue = defaultValue
        properties.custom = name.hasSuffix("__c")
        properties.nameField = nameField
        properties.nillable = nillable ?? (!required && type != .id && type != .boolean)
        properties.defaultedOnCreate = defaultedOnCreate ?? (defaultValue != nil)
        properties.idLookup = idLookup ?? (type == .id || externalId)
        properties.autoNumber = autoNumber
        properties.calculated = calculated
        properties.restrictedPicklist = false
        let fractional: Set<FieldType> = [.double, .currency, .percent]
        properties.precision = fractional.contains(type) ? 18 : 0
        properties.scale = type == .currency || type == .percent ? 2 : 0
        properties.digits = type == .int ? 9 : 0
        properties.inactivePicklistValues = []
        properties.defaultPicklistValue = nil
        properties.describeKeys = [:]
        storage = Storage(properties)
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
