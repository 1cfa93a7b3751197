/// An object's list views, as Salesforce's list view resources give them: the views, one view's
/// columns and SOQL, and a page of its records.
///
/// ```swift
/// let views = try await client.send(requests.listViews("Account")).json
/// // {"listviews": [{"id": "00B…", "developerName": "AllAccounts", "label": "All Accounts", …}], …}
/// let page = try await client.send(requests.listViewResults("Account", id: "00B…", limit: 50)).json
/// // {"records": [{"columns": [{"fieldNameOrPath": "Name", "value": "Acme"}, …]}], "done": false, …}
/// ```
extension RequestFactory {
    /// `objectType`'s list views, in the order they were made.
    public func listViews(_ objectType: String) -> RestRequest {
        data(.get, "/sobjects/\(Self.segment(objectType))/listviews")
    }

    /// The list views of `objectType` the user used recently, the most recent first.
    public func recentListViews(_ objectType: String) -> RestRequest {
        data(.get, "/sobjects/\(Self.segment(objectType))/listviews/recent")
    }

    /// One list view's names and URLs.
    public func listView(_ objectType: String, id: String) -> RestRequest {
        data(.get, "/sobjects/\(Self.segment(objectType))/listviews/\(Self.segment(id))")
    }

    /// What a list view shows: its columns, sort order, filter, scope and SOQL `query`.
    public func listViewDescribe(_ objectType: String, id: String) -> RestRequest {
        data(.get, "/sobjects/\(Self.segment(objectType))/listviews/\(Self.segment(id))/describe")
    }

    /// A page of a list view's records, each value as text: `limit` rows (1–2,000; 25 when nil)
    /// from `offset` (0 when nil).
    public func listViewResults(_ objectType: String, id: String, limit: Int? = nil, offset: Int? = nil) -> RestRequest {
        var query: [(name: String, value: String)] = []
        if let limit { query.append(("limit", String(limit))) }
        if let offset { query.append(("offset", String(offset))) }
        return data(.get, "/sobjects/\(Self.segment(objectType))/listviews/\(Self.segment(id))/results", query)
    }
}
