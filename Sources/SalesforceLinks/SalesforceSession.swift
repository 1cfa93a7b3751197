public import SalesforceCore

/// Who is signed in to the app, as far as a Salesforce app link cares.
public struct SalesforceSession: Sendable, Hashable {
    /// The org of the signed-in user.
    public var orgId: SalesforceID
    /// The signed-in user.
    public var userId: SalesforceID
    /// The community the user is in, or `nil` for the internal org.
    public var networkId: SalesforceID?

    /// Creates a session.
    public init(orgId: SalesforceID, userId: SalesforceID, networkId: SalesforceID? = nil) {
        self.orgId = orgId
        self.userId = userId
        self.networkId = networkId
    }
}
