import SalesforceCore

/// What a type's describe says clients may do, as typed facts: `DescribeDocument` writes them,
/// the API's checks and the console read them, so the three never disagree.
extension SObjectType {
    /// Whether clients may create records (`createable`): the schema source's fact, or yes.
    package var isCreateable: Bool { describeKeys["createable"]?.boolValue ?? true }

    /// Whether clients may change records (`updateable`): the schema source's fact, or yes.
    package var isUpdateable: Bool { describeKeys["updateable"]?.boolValue ?? true }

    /// Whether clients may delete records (`deletable`): the schema source's fact, or yes but
    /// for users, whom Salesforce deactivates instead.
    package var isDeletable: Bool { describeKeys["deletable"]?.boolValue ?? (name != "User") }

    /// Whether the type is one of the system types describe marks as neither searchable nor
    /// laid out: users and push devices.
    var isSystemType: Bool { name == "User" || name == "MobilePushServiceDevice" }
}

/// A field's describe flags that ForceKit derives from its type, with the schema source's
/// facts over them: `DescribeDocument` writes them and the console sorts and edits by them.
extension SObjectField {
    /// Whether the field is one every type's storage has (`Id`, the audit fields).
    var isStorageField: Bool { SObjectType.storageFields.contains(name) }

    /// Whether a long text area (more than 255 characters), which is neither filtered nor sorted by.
    private var isLongText: Bool { type == .textarea && length > 255 }

    /// Whether a WHERE clause may use the field (`filterable`).
    package var isFilterable: Bool {
        describeKeys["filterable"]?.boolValue ?? (!isLongText && type != .base64 && type != .anyType)
    }

    /// Whether ORDER BY may use the field (`sortable`).
    package var isSortable: Bool {
        describeKeys["sortable"]?.boolValue ?? (!isLongText && type != .base64 && type != .anyType && type != .multipicklist)
    }

    /// Whether GROUP BY may use the field (`groupable`).
    var isGroupable: Bool {
        describeKeys["groupable"]?.boolValue ?? (Self.groupableTypes.contains(type) || (type == .textarea && !isLongText))
    }

    private static let groupableTypes: Set<FieldType> = [.id, .boolean, .reference, .string, .picklist, .phone, .url, .int, .date, .email]

    /// Whether aggregate functions take the field (`aggregatable`).
    var isAggregatable: Bool {
        describeKeys["aggregatable"]?.boolValue
            ?? (!isLongText && type != .base64 && type != .anyType && type != .boolean && type != .multipicklist)
    }

    /// The picklist values a form offers, in order: the inactive ones are kept for old records only.
    package var activePicklistValues: [String] { picklistValues.filter { !inactivePicklistValues.contains($0) } }
}
