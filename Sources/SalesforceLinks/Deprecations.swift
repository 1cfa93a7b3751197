public import SalesforceCore

// The spellings this module's public API had before, kept so that code written against them
// gets a fix-it to the new one. CONTRIBUTING.md says when they go.

extension SalesforceLink {
    /// Renamed ``orgID``: ids are spelled `ID` across ForceKit.
    @available(*, unavailable, renamed: "orgID")
    public var orgId: String? { fatalError("unavailable") }

    /// Renamed ``networkID``.
    @available(*, unavailable, renamed: "networkID")
    public var networkId: String? { fatalError("unavailable") }

    /// Renamed ``userID``.
    @available(*, unavailable, renamed: "userID")
    public var userId: String? { fatalError("unavailable") }

    /// Renamed ``followerID``.
    @available(*, unavailable, renamed: "followerID")
    public var followerId: String? { fatalError("unavailable") }

    /// Renamed ``recordID``.
    @available(*, unavailable, renamed: "recordID")
    public var recordId: SalesforceID? { fatalError("unavailable") }

    /// Renamed ``writtenID``.
    @available(*, unavailable, renamed: "writtenID")
    public var writtenId: String? { fatalError("unavailable") }

    /// Renamed ``init(recordID:action:scheme:orgID:networkID:userID:redirectURL:followerID:)``.
    @available(*, unavailable, renamed: "init(recordID:action:scheme:orgID:networkID:userID:redirectURL:followerID:)")
    public init(
        recordId: String, action: SalesforceLinkAction, scheme: String = SalesforceLink.defaultScheme, orgId: String? = nil,
        networkId: String? = nil, userId: String? = nil, redirectURL: String? = nil, followerId: String? = nil
    ) throws(SalesforceLinkError) { fatalError("unavailable") }
}

/// Replaced by `UserIdentity`, the one identity of a user across ForceKit (`networkId` is its
/// `communityID`).
@available(*, unavailable, renamed: "UserIdentity")
public typealias SalesforceSession = UserIdentity
