/// Who a user is: a user of an org and, when they are signed in to one, the community.
///
/// The one identity accounts, SmartStore's store folders, Salesforce app links and LocalOrg all
/// use. Its ids are ``SalesforceID`` values, so a user named by 15-character ids and the same
/// user named by 18-character ids are one identity, with one account and one store folder.
///
/// ```swift
/// let user = try UserIdentity(orgID: "00DT00000000ABC", userID: "005R0000000Df5W")
/// user.pathComponents   // ["00DT00000000ABCMA2", "005R0000000Df5WIAS"]
/// ```
public struct UserIdentity: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The org (`00D…`).
    public var orgID: SalesforceID
    /// The user (`005…`).
    public var userID: SalesforceID
    /// The community (`0DB…`) the user is signed in to, or `nil` for the internal org.
    public var communityID: SalesforceID?

    /// An identity from its ids.
    public init(orgID: SalesforceID, userID: SalesforceID, communityID: SalesforceID? = nil) {
        self.orgID = orgID
        self.userID = userID
        self.communityID = communityID
    }

    /// An identity from ids as text, 15 or 18 characters each.
    /// - Throws: ``SalesforceIDError`` for the first id that is not one.
    public init(orgID: String, userID: String, communityID: String? = nil) throws(SalesforceIDError) {
        self.init(
            orgID: try SalesforceID(orgID), userID: try SalesforceID(userID),
            communityID: try communityID.map { (text) throws(SalesforceIDError) in try SalesforceID(text) })
    }

    /// The identity an identity URL names: `https://<host>/id/<orgId>/<userId>`.
    /// - Returns: `nil` when the URL's last two path segments are not an org id and a user id.
    public init?(identityURLPath path: String, communityID: SalesforceID? = nil) {
        let segments = path.split(atScalars: ["/"])
        guard segments.count >= 2, let org = try? SalesforceID(String(segments[segments.count - 2])),
            let user = try? SalesforceID(String(segments[segments.count - 1]))
        else { return nil }
        self.init(orgID: org, userID: user, communityID: communityID)
    }

    /// The same user without a community: how accounts are told apart, since one account
    /// moves between its org's communities.
    public var withoutCommunity: UserIdentity {
        UserIdentity(orgID: orgID, userID: userID)
    }

    /// The folder names a user's files live under: the 18-character org id, user id and, for a
    /// community, community id. Every spelling of the same ids gives the same folders.
    public var pathComponents: [String] {
        [orgID.id18, userID.id18] + (communityID.map { [$0.id18] } ?? [])
    }

    /// `orgId/userId`, or `orgId/userId/communityId`, with 18-character ids.
    public var description: String {
        pathComponents.joined(separator: "/")
    }

    private enum CodingKeys: String, CodingKey {
        case orgID = "orgId"
        case userID = "userId"
        case communityID = "communityId"
    }
}
