/// What an app's navigation shows: the tabs, their colours and icons, the app menus, and the
/// org's Experience Cloud sites.
extension RequestFactory {
    /// The tabs the user can open, each with its object, URL, colours and icons.
    public func tabs() -> RestRequest { data(.get, "/tabs") }

    /// The colours and icons of the org's objects, for both themes.
    public func theme() -> RestRequest { data(.get, "/theme") }

    /// The app menus (`nil`): `AppSwitcher`, `Salesforce1` (the mobile app's menu) and
    /// `NetworkTabs`; or one of them by name.
    public func appMenu(_ name: String? = nil) -> RestRequest {
        data(.get, "/appMenu" + (name.map { "/\(Self.segment($0))" } ?? ""))
    }

    /// The org's Experience Cloud sites, those in `status` (`Live`, `Inactive` or
    /// `UnderConstruction`) when given.
    public func communities(status: String? = nil) -> RestRequest {
        data(.get, "/connect/communities", status.map { [("status", $0)] } ?? [])
    }

    /// One Experience Cloud site by its `0DB` id.
    public func community(_ id: String) -> RestRequest { data(.get, "/connect/communities/\(Self.segment(id))") }
}
