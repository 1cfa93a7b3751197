/// A statement's `WITH` clause.
public enum QueryFilter: Sendable, Equatable, CustomStringConvertible {
    /// `WITH SECURITY_ENFORCED`: fail rather than return fields or objects the user cannot read.
    case securityEnforced
    /// `WITH USER_MODE`: run with the user's permissions (Apex).
    case userMode
    /// `WITH SYSTEM_MODE`: run with the system's permissions (Apex).
    case systemMode
    /// `WITH DATA CATEGORY Geography__c AT usa__c AND Product__c BELOW phones__c`.
    case dataCategory([DataCategoryFilter])
    /// `WITH RecordVisibilityContext (maxDescriptorPerRecord=100, supportsDomains=true)`.
    case recordVisibilityContext([Parameter])
    /// A filter on other related criteria: `WITH UserId = '005…'` (profile feeds).
    case condition(Condition)

    /// One `name=value` of a parameter list.
    public struct Parameter: Sendable, Equatable {
        /// The name as written.
        public var name: String
        /// The value.
        public var value: SOQLLiteral

        /// Creates a parameter.
        public init(name: String, value: SOQLLiteral) {
            self.name = name
            self.value = value
        }
    }

    /// The clause in SOQL form, `WITH` included.
    public var description: String { SOQLPrinter.text(of: self) }
}

/// One data category group's selection: `Geography__c ABOVE_OR_BELOW (usa__c, uk__c)`.
public struct DataCategoryFilter: Sendable, Equatable {
    /// How a category selects articles.
    public enum Selector: String, Sendable, Equatable, CaseIterable {
        /// Exactly the category.
        case at = "AT"
        /// The category and its parents.
        case above = "ABOVE"
        /// The category and its children.
        case below = "BELOW"
        /// The category, its parents and its children.
        case aboveOrBelow = "ABOVE_OR_BELOW"
    }

    /// The data category group: `Geography__c`.
    public var group: String
    /// How the categories select.
    public var selector: Selector
    /// The categories: one, or several in parentheses.
    public var categories: [String]

    /// Creates a selection.
    public init(group: String, selector: Selector, categories: [String]) {
        self.group = group
        self.selector = selector
        self.categories = categories
    }
}
