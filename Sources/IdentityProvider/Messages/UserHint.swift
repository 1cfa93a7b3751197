public import SalesforceCore

/// The `user_hint` of identity-provider messages: which user of which org, written
/// `orgId:userId`.
///
/// The guides write `orgid:userid`, and ForceKit does; the iOS SDK writes `userId:orgId`. Reading
/// takes either order, telling the parts apart by their key prefixes (`00D` for the org, `005`
/// for the user), and falls back to the documented order.
public struct UserHint: Sendable, Hashable, CustomStringConvertible {
    /// The org.
    public var orgID: SalesforceID
    /// The user.
    public var userID: SalesforceID

    /// A hint for a user of an org.
    public init(orgID: SalesforceID, userID: SalesforceID) {
        self.orgID = orgID
        self.userID = userID
    }

    /// The hint for a signed-in user.
    public init(_ identity: UserIdentity) {
        self.init(orgID: identity.orgID, userID: identity.userID)
    }

    /// Reads `orgId:userId` (or `userId:orgId`); nil when the text is not two Salesforce ids.
    public init?(parsing text: String) {
        let parts = text.split(atScalars: [":"], omittingEmptyParts: false)
        guard parts.count == 2, let first = try? SalesforceID(String(parts[0])), let second = try? SalesforceID(String(parts[1])) else {
            return nil
        }
        if first.keyPrefix == "005" && second.keyPrefix == "00D" {
            self.init(orgID: second, userID: first)
        } else {
            self.init(orgID: first, userID: second)
        }
    }

    /// `orgId:userId`, 15-character ids as the guides show them.
    public var description: String { "\(orgID.id15):\(userID.id15)" }

    /// Whether the hint names this user (ids compare by their 15 case-safe characters).
    public func matches(_ identity: UserIdentity) -> Bool {
        identity.orgID == orgID && identity.userID == userID
    }
}
