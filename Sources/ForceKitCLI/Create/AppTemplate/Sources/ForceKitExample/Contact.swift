import SalesforceCore

/// A Contact as the app shows and edits it.
public struct Contact: Sendable, Hashable, Identifiable {
    /// The record's entry in the store: stable from its local creation on.
    public var id: Int64?
    /// The Salesforce id; a local one until the Contact is synced up.
    public var salesforceID: String?
    /// The first name.
    public var firstName: String
    /// The last name, which every Contact has.
    public var lastName: String
    /// The job title.
    public var title: String
    /// The email address.
    public var email: String
    /// The phone number.
    public var phone: String
    /// Whether the Contact has changes the org has not seen yet.
    public var hasLocalChanges: Bool

    /// A new Contact, not yet saved.
    public init(firstName: String = "", lastName: String = "", title: String = "", email: String = "", phone: String = "") {
        self.firstName = firstName
        self.lastName = lastName
        self.title = title
        self.email = email
        self.phone = phone
        hasLocalChanges = false
    }

    /// A Contact from a record of the `contacts` soup.
    init?(record: JSON) {
        guard let entry = record["_soupEntryId"]?.integerValue else { return nil }
        id = entry
        salesforceID = record["Id"]?.stringValue
        firstName = record["FirstName"]?.stringValue ?? ""
        lastName = record["LastName"]?.stringValue ?? ""
        title = record["Title"]?.stringValue ?? ""
        email = record["Email"]?.stringValue ?? ""
        phone = record["Phone"]?.stringValue ?? ""
        hasLocalChanges = record["__local__"]?.boolValue ?? false
    }

    /// "First Last", or the last name alone.
    public var name: String {
        firstName.isEmpty ? lastName : "\(firstName) \(lastName)"
    }

    /// The fields the app edits, as the record stores them: an empty field is null, as in the org.
    var fields: [String: JSON] {
        func value(_ text: String) -> JSON { text.isEmpty ? .null : .string(text) }
        return [
            "FirstName": value(firstName), "LastName": value(lastName), "Title": value(title), "Email": value(email),
            "Phone": value(phone),
        ]
    }
}
