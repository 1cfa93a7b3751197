/// A global quick action, as a new org has them: an action that makes a record of one object
/// with a few fields, or a Chatter post.
///
/// The names, labels, types and order are a real v60.0 org's `quickActions` answer; the fields
/// of LogACall and NewTask, with their defaults, are its recorded `defaultValues`. The other
/// actions' fields are the fields their target objects require with the ones Salesforce's
/// action layouts show beside them. Actions on objects LocalOrg lacks (notes, email) are left out.
struct QuickAction: Sendable {
    /// `NewTask`, or `FeedItem.TextPost` for a post.
    let name: String
    let label: String
    /// `Create`, `LogACall` or `Post`.
    let type: String
    /// The object it makes; nil for a post.
    let target: String?
    /// The fields its layout shows, in order.
    let fields: [String]
    /// Values a new record gets before the user types, by field.
    let defaults: [String: String]
    /// The icon's name in Salesforce's action icon set.
    let icon: String
    /// The icon's colour, as `colors` reports it: Post's is the guide's, the others LocalOrg's
    /// own choice, as no recorded answer gives them.
    let color: String

    /// The global actions, in the order Salesforce lists them.
    static let global: [QuickAction] = [
        QuickAction(
            name: "LogACall", label: "Log a Call", type: "LogACall", target: "Task", fields: ["Subject", "Description", "WhoId", "WhatId"],
            defaults: ["Subject": "Call"], icon: "log_a_call", color: "48C3CC"),
        create("NewAccount", "New Account", "Account", ["Name", "Phone", "Website"], icon: "new_account", color: "7F8DE1"),
        create(
            "NewCase", "New Case", "Case", ["ContactId", "Subject", "Status", "Priority", "Description"], icon: "new_case", color: "F2CF5B"),
        create(
            "NewContact", "New Contact", "Contact", ["FirstName", "LastName", "AccountId", "Email", "Phone", "Title"], icon: "new_contact",
            color: "A094ED"),
        create(
            "NewEvent", "New Event", "Event", ["Subject", "StartDateTime", "EndDateTime", "WhoId", "WhatId", "Location"], icon: "new_event",
            color: "EB7092"),
        create(
            "NewGroup", "New Group", "CollaborationGroup", ["Name", "Description", "CollaborationType"], icon: "new_group", color: "83B6FF"),
        create(
            "NewLead", "New Lead", "Lead", ["FirstName", "LastName", "Company", "Email", "Phone", "Status"], icon: "new_lead",
            color: "F88962"),
        create(
            "NewOpportunity", "New Opportunity", "Opportunity", ["Name", "AccountId", "CloseDate", "StageName", "Amount"],
            icon: "new_opportunity", color: "FCB95B"),
        create(
            "NewTask", "New Task", "Task", ["Subject", "ActivityDate", "WhoId", "WhatId", "OwnerId", "Status"], icon: "new_task",
            color: "4BC076"),
        post("FeedItem.TextPost", "Post", icon: "share_post", color: "65CAE4"),
        post("FeedItem.ContentPost", "File", icon: "share_file", color: "BAAC93"),
        post("FeedItem.MobileSmartActions", "Mobile Smart Actions", icon: "more", color: "62B7ED"),
        post("FeedItem.LinkPost", "Link", icon: "share_link", color: "7A9AE6"),
        post("FeedItem.PollPost", "Poll", icon: "share_poll", color: "699BE1"),
        post("FeedItem.QuestionPost", "Question", icon: "question_post_action", color: "32AF5C"),
    ]

    private static func create(_ name: String, _ label: String, _ target: String, _ fields: [String], icon: String, color: String)
        -> QuickAction
    {
        QuickAction(name: name, label: label, type: "Create", target: target, fields: fields, defaults: [:], icon: icon, color: color)
    }

    private static func post(_ name: String, _ label: String, icon: String, color: String) -> QuickAction {
        QuickAction(name: name, label: label, type: "Post", target: nil, fields: [], defaults: [:], icon: icon, color: color)
    }

    /// Whether the action is a Chatter post, which has no record to describe.
    var isPost: Bool { target == nil }

    /// The actions of the org: those whose object it has.
    static func available(in schema: OrgSchema) -> [QuickAction] {
        global.filter { action in action.target.map { schema.type(named: $0) != nil } ?? true }
    }
}
