public import SalesforceCore

// The spellings this module's public API had before, kept so that code written against them
// gets a fix-it to the new one. CONTRIBUTING.md says when they go.

/// Replaced by `UserIdentity`, the one identity of a user across ForceKit: `organizationID` is
/// its `orgID`, and its ids are `SalesforceID`s.
@available(*, unavailable, renamed: "UserIdentity")
public typealias UserAccountIdentity = UserIdentity

extension UserAccountManager {
    /// Renamed ``accounts(inOrg:)``, which takes the org's id as a `SalesforceID`.
    @available(*, unavailable, renamed: "accounts(inOrg:)")
    public func accounts(inOrganization organizationID: String) -> [UserAccount] { fatalError("unavailable") }
}
