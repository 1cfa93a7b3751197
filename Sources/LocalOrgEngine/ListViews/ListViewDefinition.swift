/// What a list view shows: its filter, its scope and the columns of its object.
///
/// The `ListView` object holds a view's id, names and object, as in Salesforce; what it shows is
/// defined here, as a Setup definition would be.
struct ListViewDefinition: Sendable {
    /// Whose records the view lists, as SOQL's `USING SCOPE` names them.
    enum Scope: String, Sendable {
        /// Every record the user can see.
        case everything
        /// The records the user owns.
        case mine
        /// The records the user viewed recently.
        case mru
    }

    /// A filter condition, written as the REST describe's `whereCondition` writes it.
    struct Condition: Sendable {
        /// The field compared.
        let field: String
        /// `equals` or `notEquals`, the describe's operator names.
        let comparison: String
        /// The value: a SOQL literal (`THIS_WEEK`, `true`).
        let value: String

        static func equals(_ field: String, _ value: String) -> Condition { Condition(field: field, comparison: "equals", value: value) }

        /// The condition in SOQL.
        var soql: String { "\(field) \(comparison == "equals" ? "=" : "!=") \(value)" }
    }

    /// The view's unique name, `AllAccounts`.
    let developerName: String
    /// The name people see, `All Accounts`.
    let label: String
    let scope: Scope
    /// Conditions that must all hold.
    let conditions: [Condition]

    init(_ developerName: String, _ label: String, scope: Scope = .everything, _ conditions: [Condition] = []) {
        self.developerName = developerName
        self.label = label
        self.scope = scope
        self.conditions = conditions
    }
}

/// A column a list view shows: a field of the object or of a parent (`Owner.Alias`).
struct ListViewColumn: Sendable {
    /// The field or path.
    let path: String
    /// The column's heading when it is not the field's own label (a parent's field).
    let label: String?

    init(_ path: String, label: String? = nil) {
        self.path = path
        self.label = label
    }
}
