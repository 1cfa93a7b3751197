/// Page layouts as the describe family gives them: an object's layouts by record type, its
/// compact layouts, approval layouts and named layouts, the global publisher layout, and the
/// primary compact layouts of several objects at once.
///
/// ```swift
/// requests.describeLayouts("Account")                        // layouts and record type mappings
/// requests.compactLayouts(["Account", "Contact"])            // {"Account": {…}, "Contact": {…}}
/// ```
extension RequestFactory {
    /// `objectType`'s page layouts with their record type mappings, or one record type's layout.
    public func describeLayouts(_ objectType: String, recordTypeID: String? = nil) -> RestRequest {
        data(.get, "/sobjects/\(Self.segment(objectType))/describe/layouts" + (recordTypeID.map { "/\(Self.segment($0))" } ?? ""))
    }

    /// A layout describe's `namedLayoutInfos` names, such as User's `UserAlt`.
    public func namedLayout(_ objectType: String, name: String) -> RestRequest {
        data(.get, "/sobjects/\(Self.segment(objectType))/describe/namedLayouts/\(Self.segment(name))")
    }

    /// `objectType`'s compact layouts and which record type uses which.
    public func describeCompactLayouts(_ objectType: String) -> RestRequest {
        data(.get, "/sobjects/\(Self.segment(objectType))/describe/compactLayouts")
    }

    /// `objectType`'s primary compact layout.
    public func primaryCompactLayout(_ objectType: String) -> RestRequest {
        data(.get, "/sobjects/\(Self.segment(objectType))/describe/compactLayouts/primary")
    }

    /// The primary compact layouts of up to 100 objects, by name.
    public func compactLayouts(_ objectTypes: [String]) -> RestRequest {
        data(.get, "/compactLayouts", [("q", objectTypes.joined(separator: ","))])
    }

    /// `objectType`'s approval layouts, or one approval process's.
    public func approvalLayouts(_ objectType: String, processName: String? = nil) -> RestRequest {
        data(.get, "/sobjects/\(Self.segment(objectType))/describe/approvalLayouts" + (processName.map { "/\(Self.segment($0))" } ?? ""))
    }

    /// The global publisher layout: the actions shown outside any record.
    public func globalPublisherLayout() -> RestRequest { data(.get, "/sobjects/Global/describe/layouts") }
}
