import SalesforceCore

extension RequestFactory {
    /// Creates a Bulk API 2.0 query job (`POST jobs/query`): the server runs `soql` on its own
    /// and keeps the results as CSV; `includeDeleted` runs it as `queryAll`.
    public func createQueryJob(_ soql: String, includeDeleted: Bool = false) -> RestRequest {
        data(.post, "/jobs/query", json: ["operation": .string(includeDeleted ? "queryAll" : "query"), "query": .string(soql)])
    }

    /// A query job's information and state (`GET jobs/query/{id}`).
    public func queryJob(_ id: String) -> RestRequest {
        data(.get, "/jobs/query/\(Self.segment(id))")
    }

    /// One set of a finished query job's results as CSV (`GET jobs/query/{id}/results`), from
    /// `locator` (the previous set's `Sforce-Locator`; nil for the first set), with at most
    /// `maxRecords` records.
    public func queryJobResults(_ id: String, locator: String? = nil, maxRecords: Int? = nil) -> RestRequest {
        var query: [(name: String, value: String)] = []
        if let locator { query.append(("locator", locator)) }
        if let maxRecords { query.append(("maxRecords", String(maxRecords))) }
        return data(.get, "/jobs/query/\(Self.segment(id))/results", query)
    }

    /// Deletes a query job and its results (`DELETE jobs/query/{id}`).
    public func deleteQueryJob(_ id: String) -> RestRequest {
        data(.delete, "/jobs/query/\(Self.segment(id))")
    }
}
