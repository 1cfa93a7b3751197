/// The user a user store belongs to: an org, a user in it and, for communities, the community.
public struct StoreUser: Sendable, Hashable {
    /// The org's id (00D...).
    public var orgId: String
    /// The user's id (005...).
    public var userId: String
    /// The community's id, when the user is signed in to one.
    public var communityId: String?

    /// A store user.
    public init(orgId: String, userId: String, communityId: String? = nil) {
        self.orgId = orgId
        self.userId = userId
        self.communityId = communityId
    }

    /// The directory names the user's stores live under.
    var pathComponents: [String] {
        [orgId, userId] + (communityId.map { [$0] } ?? [])
    }
}
