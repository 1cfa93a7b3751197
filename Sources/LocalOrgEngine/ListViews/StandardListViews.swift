import GRDB
import SOQL

/// The list views a new Developer Edition org has, for the objects LocalOrg has.
///
/// Account's views, columns and filters are a real org's, as the REST API guide's examples and a
/// recorded v43.0 org show them (its sample-data view on a custom field is left out). The other
/// objects' view names are those real orgs list; their filters follow the names, and their
/// columns the fields Salesforce shows for the object. A custom object gets the `All` view Setup
/// gives a new one.
enum StandardListViews {
    static let definitions: [String: [ListViewDefinition]] = [
        "Account": [
            .init("NewThisWeek", "New This Week", [.equals("CreatedDate", "THIS_WEEK")]),
            .init("NewLastWeek", "New Last Week", [.equals("CreatedDate", "LAST_WEEK")]),
            .init("RecentlyViewedAccounts", "Recently Viewed Accounts", scope: .mru),
            .init("AllAccounts", "All Accounts"),
            .init("MyAccounts", "My Accounts", scope: .mine),
        ],
        "Contact": [
            .init("AllContacts", "All Contacts"),
            .init("BirthdaysThisMonth", "Birthdays This Month", [.equals("Birthdate", "THIS_MONTH")]),
            .init("MyContacts", "My Contacts", scope: .mine),
            .init("NewThisWeek", "New This Week", [.equals("CreatedDate", "THIS_WEEK")]),
            .init("RecentlyViewedContacts", "Recently Viewed Contacts", scope: .mru),
        ],
        "Lead": [
            .init("AllOpenLeads", "All Open Leads", [.equals("IsConverted", "false")]),
            .init("MyUnreadLeads", "My Unread Leads", scope: .mine, [.equals("IsUnreadByOwner", "true")]),
            .init("RecentlyViewedLeads", "Recently Viewed Leads", scope: .mru),
            .init("TodaysLeads", "Today's Leads", [.equals("CreatedDate", "TODAY")]),
        ],
        "Opportunity": [
            .init("AllOpportunities", "All Opportunities"),
            .init("ClosingNextMonth", "Closing Next Month", [.equals("CloseDate", "NEXT_MONTH")]),
            .init("ClosingThisMonth", "Closing This Month", [.equals("CloseDate", "THIS_MONTH")]),
            .init("MyOpportunities", "My Opportunities", scope: .mine),
            .init("NewLastWeek", "New Last Week", [.equals("CreatedDate", "LAST_WEEK")]),
            .init("NewThisWeek", "New This Week", [.equals("CreatedDate", "THIS_WEEK")]),
            .init("Private", "Private", [.equals("IsPrivate", "true")]),
            .init("RecentlyViewedOpportunities", "Recently Viewed Opportunities", scope: .mru),
            .init("Won", "Won", [.equals("IsWon", "true")]),
        ],
        "Case": [
            .init("AllOpenCases", "All Open Cases", [.equals("IsClosed", "false")]),
            .init("AllClosedCases", "All Closed Cases", [.equals("IsClosed", "true")]),
            .init("MyCases", "My Cases", scope: .mine),
            .init("MyOpenCases", "My Open Cases", scope: .mine, [.equals("IsClosed", "false")]),
            .init("RecentlyViewedCases", "Recently Viewed Cases", scope: .mru),
        ],
    ]

    /// The columns every view of an object shows, before the hidden ones.
    static let columns: [String: [ListViewColumn]] = [
        "Account": [
            .init("Name", label: "Account Name"), .init("Site", label: "Account Site"),
            .init("BillingState", label: "Billing State/Province"), .init("Phone", label: "Phone"), .init("Type", label: "Type"),
            .init("Owner.Alias", label: "Account Owner Alias"),
        ],
        "Contact": [
            .init("Name", label: "Name"), .init("Account.Name", label: "Account Name"), .init("Title"), .init("Phone", label: "Phone"),
            .init("Email"), .init("Owner.Alias", label: "Contact Owner Alias"),
        ],
        "Lead": [
            .init("Name", label: "Name"), .init("Company"), .init("State"), .init("Email"), .init("Status", label: "Lead Status"),
            .init("CreatedDate"), .init("Owner.Alias", label: "Owner Alias"), .init("IsUnreadByOwner"),
        ],
        "Opportunity": [
            .init("Name", label: "Opportunity Name"), .init("Account.Name", label: "Account Name"), .init("Amount"), .init("CloseDate"),
            .init("StageName"), .init("Owner.Alias", label: "Opportunity Owner Alias"),
        ],
        "Case": [
            .init("CaseNumber"), .init("Contact.Name", label: "Contact Name"), .init("Subject"), .init("Status"), .init("Priority"),
            .init("CreatedDate", label: "Date/Time Opened"), .init("Owner.Alias", label: "Case Owner Alias"),
        ],
    ]

    /// The views of `type`: a custom object has the one Setup makes, `All`.
    static func definitions(of type: SObjectType) -> [ListViewDefinition] {
        if let standard = definitions[type.name] { return standard }
        return type.name.hasSuffix("__c") ? [.init("All", "All")] : []
    }

    /// The visible columns of `type`'s views: a custom object's shows its name.
    static func columns(of type: SObjectType) -> [ListViewColumn] {
        columns[type.name] ?? [ListViewColumn(type.nameField?.name ?? "Id")]
    }

    /// The definition a `ListView` row names, if LocalOrg defines it.
    static func definition(of developerName: String, for type: SObjectType) -> ListViewDefinition? {
        definitions(of: type).first { $0.developerName == developerName }
    }

    /// Makes the views an org lacks, so an org made before list views, or given a custom object
    /// since, has them too.
    /// - Returns: The ids of the views made.
    static func ensure(store: OrgStore, userID: String, db: Database) throws -> [String] {
        guard let listView = store.schema.type(named: "ListView") else { return [] }
        var existing = Set<String>()
        for row in try Row.fetchAll(db, sql: #"SELECT "SobjectType", "DeveloperName" FROM "ListView""#) {
            existing.insert("\(row[0] as String? ?? "").\(row[1] as String? ?? "")")
        }
        var made: [String] = []
        for type in store.schema.types.sorted(by: { $0.name < $1.name }) {
            for definition in definitions(of: type) where !existing.contains("\(type.name).\(definition.developerName)") {
                made.append(
                    try store.insert(
                        listView,
                        given: [
                            "Name": .text(definition.label), "DeveloperName": .text(definition.developerName),
                            "SobjectType": .text(type.name), "IsSoqlCompatible": .bool(true),
                        ], userID: userID, now: store.now.description, db: db))
            }
        }
        return made
    }
}
