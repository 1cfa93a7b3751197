/// The standard objects LocalOrg knows, with the fields apps most often use.
enum StandardObjects {
    static let industries = [
        "Agriculture", "Apparel", "Banking", "Biotechnology", "Chemicals", "Communications", "Construction",
        "Consulting", "Education", "Electronics", "Energy", "Engineering", "Entertainment", "Environmental",
        "Finance", "Food & Beverage", "Government", "Healthcare", "Hospitality", "Insurance", "Machinery",
        "Manufacturing", "Media", "Not For Profit", "Recreation", "Retail", "Shipping", "Technology",
        "Telecommunications", "Transportation", "Utilities", "Other",
    ]
    static let leadSources = ["Web", "Phone Inquiry", "Partner Referral", "Purchased List", "Other"]
    static let stages = [
        "Prospecting", "Qualification", "Needs Analysis", "Value Proposition", "Id. Decision Makers",
        "Perception Analysis", "Proposal/Price Quote", "Negotiation/Review", "Closed Won", "Closed Lost",
    ]

    /// Locales users can have, with the labels Salesforce shows for them.
    static let locales: KeyValuePairs<String, String> = [
        "en_US": "English (United States)", "en_GB": "English (United Kingdom)", "fr_FR": "French (France)",
        "de_DE": "German (Germany)", "ja_JP": "Japanese (Japan)", "es_ES": "Spanish (Spain)",
    ]
    /// Languages users can have.
    static let languages: KeyValuePairs<String, String> = [
        "en_US": "English", "fr": "French", "de": "German", "ja": "Japanese", "es": "Spanish",
    ]

    static var all: [SObjectType] {
        [
            account, contact, lead, opportunity, caseObject, campaign, task, event, profile, user, contentDocument, contentVersion,
            contentDocumentLink, collaborationGroup, collaborationGroupMember, pushDevice,
        ]
    }

    private static func name(_ length: Int = 255) -> SObjectField {
        SObjectField(name: "Name", type: .string, length: length, required: true, nameField: true)
    }

    /// `Name` built from `FirstName` and `LastName`, as Contact, Lead and User have it.
    private static var fullName: [SObjectField] {
        [
            SObjectField(name: "FirstName", label: "First Name", type: .string, length: 40),
            SObjectField(name: "LastName", label: "Last Name", type: .string, length: 80, required: true),
            SObjectField(
                name: "Name", label: "Full Name", type: .string, length: 121, createable: false, updateable: false, nameField: true),
        ]
    }

    private static func reference(_ name: String, to target: String, relationship: String, children: String?, label: String? = nil)
        -> SObjectField
    {
        SObjectField(
            name: name, label: label, type: .reference, referenceTo: [target], relationshipName: relationship,
            childRelationshipName: children)
    }

    static let account = SObjectType(
        name: "Account", keyPrefix: "001",
        fields: [
            name(),
            SObjectField(name: "AccountNumber", type: .string, length: 40),
            SObjectField(
                name: "Type", label: "Account Type", type: .picklist,
                picklistValues: ["Prospect", "Customer - Direct", "Customer - Channel", "Partner", "Other"]),
            SObjectField(name: "Industry", type: .picklist, picklistValues: industries),
            SObjectField(name: "Rating", type: .picklist, picklistValues: ["Hot", "Warm", "Cold"]),
            SObjectField(name: "AnnualRevenue", type: .currency),
            SObjectField(name: "NumberOfEmployees", label: "Employees", type: .int),
            SObjectField(name: "Phone", type: .phone),
            SObjectField(name: "Website", type: .url),
        ] + CompoundField.addressFields(prefix: "Billing") + CompoundField.addressFields(prefix: "Shipping") + [
            SObjectField(name: "Description", type: .textarea),
            reference("ParentId", to: "Account", relationship: "Parent", children: "ChildAccounts", label: "Parent Account ID"),
        ],
        compoundFields: [.address("BillingAddress", prefix: "Billing"), .address("ShippingAddress", prefix: "Shipping")])

    static let contact = SObjectType(
        name: "Contact", keyPrefix: "003",
        fields: fullName + [
            SObjectField(name: "Salutation", type: .picklist, picklistValues: ["Mr.", "Ms.", "Mrs.", "Dr.", "Prof."]),
            reference("AccountId", to: "Account", relationship: "Account", children: "Contacts"),
            SObjectField(name: "Title", type: .string, length: 128),
            SObjectField(name: "Department", type: .string, length: 80),
            SObjectField(name: "Email", type: .email),
            SObjectField(name: "Phone", label: "Business Phone", type: .phone),
            SObjectField(name: "MobilePhone", type: .phone),
        ] + CompoundField.addressFields(prefix: "Mailing") + [
            SObjectField(name: "Birthdate", type: .date),
            SObjectField(name: "LeadSource", type: .picklist, picklistValues: leadSources),
            SObjectField(name: "Description", type: .textarea),
        ],
        compoundFields: [.address("MailingAddress", prefix: "Mailing")])

    static let lead = SObjectType(
        name: "Lead", keyPrefix: "00Q",
        fields: fullName + [
            SObjectField(name: "Company", type: .string, length: 255, required: true),
            SObjectField(name: "Title", type: .string, length: 128),
            SObjectField(name: "Email", type: .email),
            SObjectField(name: "Phone", type: .phone),
            SObjectField(
                name: "Status", type: .picklist, required: true,
                picklistValues: ["Open - Not Contacted", "Working - Contacted", "Closed - Converted", "Closed - Not Converted"],
                defaultValue: "Open - Not Contacted"),
            SObjectField(name: "LeadSource", type: .picklist, picklistValues: leadSources),
            SObjectField(name: "Industry", type: .picklist, picklistValues: industries),
            SObjectField(name: "Rating", type: .picklist, picklistValues: ["Hot", "Warm", "Cold"]),
            SObjectField(name: "AnnualRevenue", type: .currency),
            SObjectField(name: "NumberOfEmployees", type: .int),
        ] + CompoundField.addressFields(prefix: "") + [
            SObjectField(name: "IsConverted", label: "Converted", type: .boolean, defaultValue: "false")
        ],
        compoundFields: [.address("Address", prefix: "")])

    static let opportunity = SObjectType(
        name: "Opportunity", labelPlural: "Opportunities", keyPrefix: "006",
        fields: [
            name(120),
            reference("AccountId", to: "Account", relationship: "Account", children: "Opportunities"),
            SObjectField(name: "Amount", type: .currency),
            SObjectField(name: "CloseDate", type: .date, required: true),
            SObjectField(name: "StageName", label: "Stage", type: .picklist, required: true, picklistValues: stages),
            SObjectField(name: "Probability", label: "Probability (%)", type: .percent),
            SObjectField(name: "Type", label: "Opportunity Type", type: .picklist, picklistValues: ["Existing Business", "New Business"]),
            SObjectField(name: "LeadSource", type: .picklist, picklistValues: leadSources),
            SObjectField(name: "NextStep", type: .string, length: 255),
            SObjectField(name: "IsClosed", label: "Closed", type: .boolean, createable: false, updateable: false),
            SObjectField(name: "IsWon", label: "Won", type: .boolean, createable: false, updateable: false),
            SObjectField(name: "Description", type: .textarea),
        ])

    static let caseObject = SObjectType(
        name: "Case", keyPrefix: "500",
        fields: [
            SObjectField(
                name: "CaseNumber", label: "Case Number", type: .string, length: 30, createable: false, updateable: false, nameField: true),
            SObjectField(name: "Subject", type: .string, length: 255),
            SObjectField(name: "Description", type: .textarea),
            SObjectField(name: "Status", type: .picklist, picklistValues: ["New", "Working", "Escalated", "Closed"], defaultValue: "New"),
            SObjectField(name: "Priority", type: .picklist, picklistValues: ["High", "Medium", "Low"], defaultValue: "Medium"),
            SObjectField(name: "Origin", label: "Case Origin", type: .picklist, picklistValues: ["Phone", "Email", "Web"]),
            reference("AccountId", to: "Account", relationship: "Account", children: "Cases"),
            reference("ContactId", to: "Contact", relationship: "Contact", children: "Cases"),
            SObjectField(name: "IsClosed", label: "Closed", type: .boolean, createable: false, updateable: false),
        ])

    /// A marketing campaign, which tasks and events can be about.
    static let campaign = SObjectType(
        name: "Campaign", keyPrefix: "701",
        fields: [
            name(80),
            SObjectField(
                name: "Type", type: .picklist,
                picklistValues: [
                    "Advertisement", "Banner Ads", "Conference", "Direct Mail", "Email", "Partners", "Public Relations", "Referral Program",
                    "Telemarketing", "Trade Show", "Webinar", "Other",
                ]),
            SObjectField(
                name: "Status", type: .picklist, picklistValues: ["Planned", "In Progress", "Completed", "Aborted"], defaultValue: "Planned"
            ),
            SObjectField(name: "StartDate", type: .date),
            SObjectField(name: "EndDate", type: .date),
            SObjectField(name: "BudgetedCost", type: .currency),
            SObjectField(name: "ActualCost", type: .currency),
            SObjectField(name: "ExpectedRevenue", type: .currency),
            SObjectField(name: "IsActive", label: "Active", type: .boolean, defaultValue: "false"),
            SObjectField(name: "Description", type: .textarea),
            reference("ParentId", to: "Campaign", relationship: "Parent", children: "ChildCampaigns", label: "Parent Campaign ID"),
        ])

    /// Who an activity is with (a contact or a lead) and what it is about: polymorphic references.
    private static var activityReferences: [SObjectField] {
        [
            SObjectField(
                name: "WhoId", label: "Name ID", type: .reference, referenceTo: ["Contact", "Lead"], relationshipName: "Who",
                childRelationshipName: nil),
            SObjectField(
                name: "WhatId", label: "Related To ID", type: .reference, referenceTo: ["Account", "Opportunity", "Case", "Campaign"],
                relationshipName: "What", childRelationshipName: nil),
        ]
    }

    static let task = SObjectType(
        name: "Task", keyPrefix: "00T",
        fields: activityReferences.map { field in
            var field = field
            field.childRelationshipName = "Tasks"
            return field
        } + [
            SObjectField(name: "Subject", type: .string, length: 255),
            SObjectField(name: "ActivityDate", label: "Due Date Only", type: .date),
            SObjectField(
                name: "Status", type: .picklist, required: true,
                picklistValues: ["Not Started", "In Progress", "Completed", "Waiting on someone else", "Deferred"],
                defaultValue: "Not Started"),
            SObjectField(
                name: "Priority", type: .picklist, required: true, picklistValues: ["High", "Normal", "Low"], defaultValue: "Normal"),
            SObjectField(name: "IsClosed", label: "Closed", type: .boolean, createable: false, updateable: false),
            SObjectField(name: "Description", label: "Comments", type: .textarea),
        ])

    static let event = SObjectType(
        name: "Event", keyPrefix: "00U",
        fields: activityReferences.map { field in
            var field = field
            field.childRelationshipName = "Events"
            return field
        } + [
            SObjectField(name: "Subject", type: .string, length: 255),
            SObjectField(name: "Location", type: .string, length: 255),
            SObjectField(name: "StartDateTime", label: "Start", type: .datetime),
            SObjectField(name: "EndDateTime", label: "End", type: .datetime),
            SObjectField(name: "ActivityDate", label: "Due Date Only", type: .date),
            SObjectField(name: "DurationInMinutes", label: "Duration", type: .int),
            SObjectField(name: "IsAllDayEvent", label: "All-Day Event", type: .boolean, defaultValue: "false"),
            SObjectField(name: "Description", type: .textarea),
        ])

    /// What a user may do: LocalOrg has Salesforce's two best-known profiles, and only a System
    /// Administrator manages users.
    static let profile = SObjectType(
        name: "Profile", keyPrefix: "00e", hasOwner: false,
        fields: [
            name(255),
            SObjectField(name: "UserType", label: "User Type", type: .picklist, picklistValues: ["Standard"], defaultValue: "Standard"),
            SObjectField(name: "Description", type: .textarea),
        ])

    static let user = SObjectType(
        name: "User", keyPrefix: "005", hasOwner: false,
        fields: [
            SObjectField(name: "Username", type: .string, length: 80, required: true, unique: true)
        ] + fullName + [
            SObjectField(name: "Alias", type: .string, length: 8, required: true),
            SObjectField(name: "Email", type: .email, required: true),
            SObjectField(name: "IsActive", label: "Active", type: .boolean, defaultValue: "true"),
            SObjectField(name: "Title", type: .string, length: 80),
            SObjectField(name: "Department", type: .string, length: 80),
            SObjectField(name: "CompanyName", type: .string, length: 80),
            SObjectField(name: "Phone", type: .phone),
            SObjectField(name: "MobilePhone", type: .phone),
            SObjectField(name: "CommunityNickname", label: "Nickname", type: .string, length: 40),
            // What single sign-on and certificate-based login match a user by, besides the username.
            SObjectField(name: "FederationIdentifier", label: "SAML Federation ID", type: .string, length: 512),
            SObjectField(name: "TimeZoneSidKey", label: "Time Zone", type: .picklist, defaultValue: "America/Los_Angeles"),
            SObjectField(
                name: "LocaleSidKey", label: "Locale", type: .picklist, picklistValues: locales.map(\.key),
                picklistLabels: Dictionary(uniqueKeysWithValues: locales.map { ($0.key, $0.value) }),
                defaultValue: "en_US"),
            SObjectField(
                name: "LanguageLocaleKey", label: "Language", type: .picklist, picklistValues: languages.map(\.key),
                picklistLabels: Dictionary(uniqueKeysWithValues: languages.map { ($0.key, $0.value) }), defaultValue: "en_US"),
            SObjectField(name: "EmailEncodingKey", label: "Email Encoding", type: .picklist, defaultValue: "UTF-8"),
            SObjectField(name: "UserType", type: .picklist, createable: false, updateable: false, defaultValue: "Standard"),
            SObjectField(
                name: "ProfileId", label: "Profile ID", type: .reference, referenceTo: ["Profile"], relationshipName: "Profile",
                childRelationshipName: "Users"),
        ])

    static let contentDocument = SObjectType(
        name: "ContentDocument", keyPrefix: "069",
        fields: [
            SObjectField(name: "Title", type: .string, length: 255, required: true, nameField: true),
            SObjectField(name: "Description", type: .textarea),
            SObjectField(name: "FileType", type: .string, length: 20),
            SObjectField(name: "FileExtension", type: .string, length: 40),
            SObjectField(name: "ContentSize", type: .int, createable: false, updateable: false),
            SObjectField(
                name: "LatestPublishedVersionId", type: .reference, createable: false, updateable: false,
                referenceTo: ["ContentVersion"], relationshipName: "LatestPublishedVersion"),
        ])

    static let contentVersion = SObjectType(
        name: "ContentVersion", keyPrefix: "068",
        fields: [
            SObjectField(name: "Title", type: .string, length: 255, required: true, nameField: true),
            SObjectField(name: "PathOnClient", type: .string, length: 500, required: true),
            SObjectField(name: "VersionData", type: .base64, required: true),
            SObjectField(name: "Description", type: .textarea),
            SObjectField(
                name: "ContentDocumentId", type: .reference, updateable: false, referenceTo: ["ContentDocument"],
                relationshipName: "ContentDocument", childRelationshipName: "ContentVersions"),
            SObjectField(name: "VersionNumber", type: .string, length: 20, createable: false, updateable: false),
            SObjectField(name: "IsLatest", type: .boolean, createable: false, updateable: false),
            SObjectField(name: "FileType", type: .string, length: 20, createable: false, updateable: false),
            SObjectField(name: "FileExtension", type: .string, length: 40),
            SObjectField(name: "ContentSize", type: .int, createable: false, updateable: false),
            SObjectField(name: "ReasonForChange", type: .string, length: 1000),
        ])

    /// What a file is shared with (a user, a group or a record), and how: `V` viewer,
    /// `C` collaborator, `I` inferred.
    static let contentDocumentLink = SObjectType(
        name: "ContentDocumentLink", keyPrefix: "06A", hasOwner: false,
        fields: [
            SObjectField(
                name: "ContentDocumentId", type: .reference, required: true, updateable: false, referenceTo: ["ContentDocument"],
                relationshipName: "ContentDocument", childRelationshipName: "ContentDocumentLinks"),
            SObjectField(
                name: "LinkedEntityId", type: .reference, required: true, updateable: false,
                referenceTo: ["User", "CollaborationGroup", "Account", "Contact", "Lead", "Opportunity", "Case"],
                relationshipName: "LinkedEntity"),
            SObjectField(
                name: "ShareType", type: .picklist, required: true, picklistValues: ["V", "C", "I"],
                picklistLabels: ["V": "Viewer", "C": "Collaborator", "I": "Inferred"], defaultValue: "V"),
            SObjectField(
                name: "Visibility", type: .picklist, picklistValues: ["AllUsers", "InternalUsers", "SharedUsers"],
                picklistLabels: ["AllUsers": "All Users", "InternalUsers": "Internal Users", "SharedUsers": "Shared Users"],
                defaultValue: "AllUsers"),
        ])

    /// A Chatter group, whose members see the files shared with it.
    static let collaborationGroup = SObjectType(
        name: "CollaborationGroup", label: "Group", keyPrefix: "0F9",
        fields: [
            name(40),
            SObjectField(
                name: "CollaborationType", label: "Access Type", type: .picklist, required: true,
                picklistValues: ["Public", "Private", "Unlisted"], defaultValue: "Public"),
            SObjectField(name: "Description", type: .textarea),
        ])

    /// A user's membership of a group.
    static let collaborationGroupMember = SObjectType(
        name: "CollaborationGroupMember", label: "Group Member", keyPrefix: "0FB", hasOwner: false,
        fields: [
            SObjectField(
                name: "CollaborationGroupId", label: "Group ID", type: .reference, required: true, updateable: false,
                referenceTo: ["CollaborationGroup"], relationshipName: "CollaborationGroup", childRelationshipName: "GroupMembers"),
            SObjectField(
                name: "MemberId", type: .reference, required: true, updateable: false, referenceTo: ["User"], relationshipName: "Member"),
            SObjectField(
                name: "CollaborationRole", label: "Role", type: .picklist, picklistValues: ["Standard", "Admin"], defaultValue: "Standard"),
        ])

    static let pushDevice = SObjectType(
        name: "MobilePushServiceDevice", keyPrefix: "0Ht", hasOwner: false,
        fields: [
            SObjectField(name: "ConnectionToken", type: .string, length: 4000, required: true),
            SObjectField(name: "ServiceType", type: .picklist, required: true, picklistValues: ["Apple", "androidGcm"]),
            SObjectField(name: "ApplicationBundle", type: .string, length: 255, required: true),
            SObjectField(name: "DeviceUniqueId", type: .string, length: 255),
        ])
}
