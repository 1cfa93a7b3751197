/// An Experience Cloud site of a running LocalOrg: its own login page, token endpoint and API
/// under a path of the org's URL.
public struct LocalOrgSite: Sendable, Equatable {
    /// The site's name, on its login page.
    public var name: String
    /// The path it is served under, without slashes (`partners`).
    public var urlPathPrefix: String
    /// Its network id (`0DB`): a token response's `sfdc_community_id`.
    public var networkID: String
    /// Its URL: the login host for its users and the API base of their sessions
    /// (`sfdc_community_url`).
    public var url: String
}
