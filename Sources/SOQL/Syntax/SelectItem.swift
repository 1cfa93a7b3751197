/// One item of a SELECT list.
public enum SelectItem: Sendable, Equatable, CustomStringConvertible {
    /// A field, a parent path or a function, with an optional alias: `Name`, `Owner.Name`,
    /// `COUNT(Id) total`, `toLabel(Industry)`, `FORMAT(Amount) amount`.
    case expression(ValueExpression, alias: String?)
    /// A child relationship subquery: `(SELECT LastName FROM Contacts)`.
    case subquery(SOQLQuery)
    /// `TYPEOF What WHEN Account THEN Phone ELSE Name END`.
    case typeOf(TypeOf)
    /// `FIELDS(ALL)`, `FIELDS(STANDARD)` or `FIELDS(CUSTOM)`.
    case fields(FieldGroup)

    /// A field or path with no alias.
    public static func field(_ path: FieldPath) -> SelectItem { .expression(.field(path), alias: nil) }

    /// A function call with an optional alias.
    public static func function(_ call: FunctionCall, alias: String? = nil) -> SelectItem { .expression(.function(call), alias: alias) }

    /// The field path, when the item is a plain field.
    public var fieldPath: FieldPath? {
        if case .expression(.field(let path), _) = self { return path }
        return nil
    }

    /// The item in SOQL form.
    public var description: String { SOQLPrinter.text(of: self) }
}

/// The groups of fields `FIELDS()` selects.
public enum FieldGroup: String, Sendable, Equatable, CaseIterable {
    /// Every field of the object.
    case all = "ALL"
    /// The standard fields.
    case standard = "STANDARD"
    /// The custom fields.
    case custom = "CUSTOM"
}

/// `TYPEOF field WHEN Type THEN fields … ELSE fields END`: different fields for each type a
/// polymorphic relationship (`What`, `Who`, `Owner`) can point to.
public struct TypeOf: Sendable, Equatable {
    /// One `WHEN Type THEN fields` branch.
    public struct Branch: Sendable, Equatable {
        /// The object type: `Account`.
        public var objectType: String
        /// The fields selected for it.
        public var fields: [FieldPath]

        /// Creates a branch.
        public init(objectType: String, fields: [FieldPath]) {
            self.objectType = objectType
            self.fields = fields
        }
    }

    /// The polymorphic relationship: `What`, `Owner`.
    public var field: FieldPath
    /// The `WHEN` branches, in order.
    public var branches: [Branch]
    /// The `ELSE` fields, for any other type; nil when there is no ELSE.
    public var elseFields: [FieldPath]?

    /// Creates a TYPEOF item.
    public init(field: FieldPath, branches: [Branch], elseFields: [FieldPath]? = nil) {
        self.field = field
        self.branches = branches
        self.elseFields = elseFields
    }
}
