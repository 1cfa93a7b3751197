public import Foundation
import SOQL
public import SalesforceCore
import URLEncoding

/// Builds the requests of the Salesforce REST API at one API version. Building does no I/O
/// and needs no user; send the result with ``RestClient/send(_:)``.
///
/// ```swift
/// let requests = RequestFactory(apiVersion: .current)
/// requests.retrieve("Account", id: "001…", fields: ["Name", "Industry"])
/// // GET /services/data/v66.0/sobjects/Account/001…?fields=Name,Industry
/// ```
public struct RequestFactory: Sendable {
    /// The version in every `/services/data` path.
    public let apiVersion: APIVersion
    /// The user's community, which Connect file paths go through.
    public let communityID: SalesforceID?

    /// A factory for `apiVersion`.
    public init(apiVersion: APIVersion = .current, communityID: SalesforceID? = nil) {
        self.apiVersion = apiVersion
        self.communityID = communityID
    }

    var version: String { apiVersion.description }

    func data(_ method: RestMethod, _ path: String, _ query: [(name: String, value: String)] = []) -> RestRequest {
        RestRequest(method: method, path: "/\(version)\(path)", queryItems: query)
    }

    func data(_ method: RestMethod, _ path: String, json: JSON) -> RestRequest {
        var request = data(method, path)
        request.setJSONBody(json)
        return request
    }

    /// A path segment, percent-encoded, except a composite reference (`@{ref.id}`), which the
    /// server resolves before reading the URL.
    static func segment(_ text: String) -> String {
        if text.hasPrefix("@{") && text.hasSuffix("}") { return text }
        return PercentEncoding.encode(text, keeping: .pathSegment)
    }

    // MARK: - Org

    /// The signed-in user's OpenID userinfo, from the login host.
    public func userInfo() -> RestRequest {
        RestRequest(method: .get, serviceHostType: .login, endpoint: "", path: "/services/oauth2/userinfo")
    }

    /// The API versions the org serves (no token needed).
    public func versions() -> RestRequest {
        var request = RestRequest(method: .get, path: "/")
        request.requiresAuthentication = false
        return request
    }

    /// The resources of this API version.
    public func resources() -> RestRequest { data(.get, "") }

    /// Every object type: `sobjects`.
    public func describeGlobal() -> RestRequest { data(.get, "/sobjects") }

    /// An object type's basic information and recent items.
    public func metadata(_ objectType: String) -> RestRequest { data(.get, "/sobjects/\(Self.segment(objectType))") }

    /// An object type's full description: fields, child relationships.
    public func describe(_ objectType: String) -> RestRequest { data(.get, "/sobjects/\(Self.segment(objectType))/describe") }

    /// An object type's layout from the UI API: `layoutType` `Full` or `Compact`, `formFactor`
    /// `Large`, `Medium` or `Small`, `mode` `Create`, `Edit` or `View`, and a record type's id;
    /// each only when given, in that order, as upstream's SDKs send them.
    public func layout(
        _ objectType: String, layoutType: String? = nil, formFactor: String? = nil, mode: String? = nil, recordTypeID: String? = nil
    ) -> RestRequest {
        let parameters: [(name: String, value: String?)] = [
            ("formFactor", formFactor), ("layoutType", layoutType), ("mode", mode), ("recordTypeId", recordTypeID),
        ]
        return data(
            .get, "/ui-api/layout/\(Self.segment(objectType))", parameters.compactMap { name, value in value.map { (name, $0) } })
    }

    /// The org's limits.
    public func limits() -> RestRequest { data(.get, "/limits") }

    /// How many records each object has (`limits/recordCount`): `objectTypes`, or every object
    /// when empty. Salesforce's counts are a recent snapshot; the recycle bin is left out.
    public func recordCount(_ objectTypes: [String] = []) -> RestRequest {
        data(.get, "/limits/recordCount", objectTypes.isEmpty ? [] : [("sObjects", objectTypes.joined(separator: ","))])
    }

    /// `POST connect/proxy/app-analytics-logging`: instrumentation events, as the SDK uploads
    /// them (`{"logLines": [...]}` gzipped, sent with `Content-Encoding: gzip`).
    public func appAnalyticsLogging(gzippedBody: Data) -> RestRequest {
        var request = data(.post, "/connect/proxy/app-analytics-logging")
        request.body = gzippedBody
        request.contentType = "application/json"
        request.headers["Content-Encoding"] = "gzip"
        return request
    }

    /// The user's recently viewed records.
    public func recentItems(limit: Int? = nil) -> RestRequest {
        data(.get, "/recent", limit.map { [("limit", String($0))] } ?? [])
    }

    // MARK: - Records

    /// One record, with only `fields` when given (duplicates dropped, order kept).
    public func retrieve(_ objectType: String, id: String, fields: [String] = []) -> RestRequest {
        let unique = fields.reduce(into: [String]()) { list, field in if !list.contains(field) { list.append(field) } }
        return data(
            .get, "/sobjects/\(Self.segment(objectType))/\(Self.segment(id))",
            unique.isEmpty ? [] : [("fields", unique.joined(separator: ","))])
    }

    /// The records related to one: the record a lookup names (`relationship` `Account` of a
    /// Contact), or a child relationship's records as a query result (`Contacts` of an Account).
    public func related(_ objectType: String, id: String, relationship: String, fields: [String] = []) -> RestRequest {
        data(
            .get, "/sobjects/\(Self.segment(objectType))/\(Self.segment(id))/\(Self.segment(relationship))",
            fields.isEmpty ? [] : [("fields", fields.joined(separator: ","))])
    }

    /// Creates a record.
    public func create(_ objectType: String, fields: JSON) -> RestRequest {
        data(.post, "/sobjects/\(Self.segment(objectType))", json: fields)
    }

    /// Updates a record. With `ifUnmodifiedSince`, the server refuses (412) when the record
    /// changed after that date.
    public func update(_ objectType: String, id: String, fields: JSON, ifUnmodifiedSince: Date? = nil) -> RestRequest {
        var request = data(.patch, "/sobjects/\(Self.segment(objectType))/\(Self.segment(id))", json: fields)
        if let ifUnmodifiedSince { request.headers["If-Unmodified-Since"] = Self.httpDate(ifUnmodifiedSince) }
        return request
    }

    /// Creates or updates the record whose `externalIDField` is `externalID`; with no external
    /// id, creates one (POST to `…/{field}/`).
    public func upsert(_ objectType: String, externalIDField: String, externalID: String?, fields: JSON) -> RestRequest {
        let base = "/sobjects/\(Self.segment(objectType))/\(Self.segment(externalIDField))/"
        guard let externalID else { return data(.post, base, json: fields) }
        return data(.patch, base + Self.segment(externalID), json: fields)
    }

    /// Deletes a record. With `ifUnmodifiedSince`, the server refuses (412) when the record
    /// changed after that date.
    public func delete(_ objectType: String, id: String, ifUnmodifiedSince: Date? = nil) -> RestRequest {
        var request = data(.delete, "/sobjects/\(Self.segment(objectType))/\(Self.segment(id))")
        if let ifUnmodifiedSince { request.headers["If-Unmodified-Since"] = Self.httpDate(ifUnmodifiedSince) }
        return request
    }

    // MARK: - Query and search

    /// A SOQL query: the first page; follow `nextRecordsUrl` with ``queryMore(_:)``.
    public func query(_ soql: String, batchSize: Int? = nil) -> RestRequest {
        Self.batched(data(.get, "/query", [("q", soql)]), batchSize)
    }

    /// A SOQL query that includes deleted and archived records.
    public func queryAll(_ soql: String, batchSize: Int? = nil) -> RestRequest {
        Self.batched(data(.get, "/queryAll", [("q", soql)]), batchSize)
    }

    /// Salesforce's batch sizes run from 200 to 2,000 (its default): a size is brought into that
    /// range, and the default needs no header, as upstream's SDKs send it.
    private static func batched(_ request: RestRequest, _ batchSize: Int?) -> RestRequest {
        guard let batchSize else { return request }
        let size = min(max(batchSize, 200), 2000)
        guard size != 2000 else { return request }
        var request = request
        request.headers["Sforce-Query-Options"] = "batchSize=\(size)"
        return request
    }

    /// The next page of a query: its `nextRecordsUrl`.
    public func queryMore(_ nextRecordsURL: String) -> RestRequest {
        RestRequest(method: .get, path: nextRecordsURL)
    }

    /// A SOSL search.
    public func search(_ sosl: String) -> RestRequest { data(.get, "/search", [("q", sosl)]) }

    /// The objects searches cover, in the user's order.
    public func searchScopeAndOrder() -> RestRequest { data(.get, "/search/scopeOrder") }

    /// Records to suggest as the user types (`search/suggestions`): names with the words of
    /// `text` in order, its last word begun, in up to ten `objectTypes`; five unless `limit`
    /// says otherwise, and `hasMoreResults` when there are more.
    public func searchSuggestions(_ text: String, objectTypes: [String], limit: Int? = nil) -> RestRequest {
        var query: [(name: String, value: String)] = [("q", text), ("sobject", objectTypes.joined(separator: ","))]
        if let limit { query.append(("limit", String(limit))) }
        return data(.get, "/search/suggestions", query)
    }

    /// The search result layouts of object types.
    public func searchResultLayout(_ objectTypes: [String]) -> RestRequest {
        data(.get, "/search/layout", [("q", objectTypes.joined(separator: ","))])
    }

    // MARK: - Apex REST and anything else

    /// A call to an Apex REST endpoint: `/services/apexrest/{path}`.
    public func apexREST(_ method: RestMethod, path: String, queryItems: [(name: String, value: String)] = [], body: JSON? = nil)
        -> RestRequest
    {
        var request = RestRequest.customEndpoint(
            method: method, endpoint: "/services/apexrest", path: path.hasPrefix("/") ? path : "/" + path,
            queryItems: queryItems)
        if let body { request.setJSONBody(body) }
        return request
    }

    /// Any call under this version's `/services/data/vXX.X`, for resources without a builder.
    public func request(_ method: RestMethod, path: String, queryItems: [(name: String, value: String)] = [], body: JSON? = nil)
        -> RestRequest
    {
        var request = data(method, path.hasPrefix("/") ? path : "/" + path, queryItems)
        if let body { request.setJSONBody(body) }
        return request
    }

    // MARK: - Dates

    /// An RFC 1123 date in GMT, as `If-Unmodified-Since` needs.
    static func httpDate(_ date: Date) -> String { HTTPDate.format(date) }
}
