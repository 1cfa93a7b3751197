import SalesforceApp

/// Where the app's links take the user, as its `MobileDeepLinkingConfig.json` routes them:
/// `<scheme>://contacts` opens the list, `<scheme>://contacts/<id>` a Contact, and a Salesforce
/// app link `salesforce1://sObject/<id>/view` a record, once the Salesforce app's rules let it
/// open for the signed-in user.
public struct AppLinks: Sendable {
    /// Where a link takes the user.
    public enum Destination: Sendable, Equatable {
        /// The list of Contacts.
        case contactList
        /// One Contact.
        case contact(salesforceID: String)
        /// Any record, from a Salesforce app link.
        case record(salesforceID: String)
    }

    private let session: SalesforceApp

    /// The links of `session`'s app.
    public init(session: SalesforceApp) {
        self.session = session
    }

    /// Where `link` goes, or nil when the app does not take it now (no route, no user signed
    /// in, or a Salesforce link to another org).
    public func destination(of link: String) async throws -> Destination? {
        let opened = try await session.open(link: link)
        guard opened.routing != nil else { return nil }
        if let id = opened[parameter: "contactId"] { return .contact(salesforceID: id) }
        if let id = opened[parameter: "recordId"] { return .record(salesforceID: id) }
        return .contactList
    }
}
