public import Foundation
public import SalesforceCore

/// A REST call as a value: method, where it goes, what it carries. Build one from a
/// ``RequestFactory`` or by hand, then ``RestClient/send(_:)`` it; it can be sent again.
///
/// ```swift
/// var request = RestRequest(method: .get, path: "/v62.0/chatter/users/me")
/// request.headers["X-Chatter-Entity-Encoding"] = "false"
/// let response = try await client.send(request)
/// ```
public struct RestRequest: Sendable {
    /// The HTTP method.
    public var method: RestMethod
    /// Which base URL the path is appended to.
    public var serviceHostType: ServiceHostType
    /// A base URL that overrides the user's hosts (``ServiceHostType/custom``).
    public var baseURL: String?
    /// The path prefix: `/services/data`, `/services/apexrest`, or empty.
    public var endpoint: String
    /// The path after the endpoint (`/v62.0/query`), or a whole `https://` URL.
    public var path: String
    /// The query parameters, in order; values are percent-encoded when sent.
    public var queryItems: [(name: String, value: String)]
    /// Extra headers.
    public var headers: [String: String]
    /// The body.
    public var body: Data?
    /// The body's content type.
    public var contentType: String?
    /// The body as JSON, when it is JSON: composite and batch requests embed it.
    public private(set) var bodyJSON: JSON?
    /// Whether the request carries the user's access token (and may refresh it).
    public var requiresAuthentication: Bool
    /// Whether a 403 that says the token is bad refreshes it, as a 401 does.
    public var shouldRefreshOn403: Bool

    /// A request to `endpoint` + `path`.
    public init(
        method: RestMethod, serviceHostType: ServiceHostType = .instance, endpoint: String = "/services/data", path: String,
        queryItems: [(name: String, value: String)] = []
    ) {
        self.method = method
        self.serviceHostType = serviceHostType
        self.baseURL = nil
        self.endpoint = endpoint
        self.path = path
        self.queryItems = queryItems
        self.headers = [:]
        self.body = nil
        self.contentType = nil
        self.bodyJSON = nil
        self.requiresAuthentication = true
        self.shouldRefreshOn403 = true
    }

    /// A request to any URL, without the user's token: `baseURL` + `path`.
    public static func customURL(
        method: RestMethod, baseURL: String, path: String = "",
        queryItems: [(name: String, value: String)] = []
    ) -> RestRequest {
        var request = RestRequest(method: method, serviceHostType: .custom, endpoint: "", path: path, queryItems: queryItems)
        request.baseURL = baseURL
        request.requiresAuthentication = false
        return request
    }

    /// A request under another endpoint of the instance, such as `/services/apexrest`.
    public static func customEndpoint(
        method: RestMethod, endpoint: String, path: String,
        queryItems: [(name: String, value: String)] = []
    ) -> RestRequest {
        RestRequest(method: method, endpoint: endpoint, path: path, queryItems: queryItems)
    }

    /// Sets a JSON body, sent compactly as `application/json`.
    public mutating func setJSONBody(_ json: JSON) {
        bodyJSON = json
        body = Data(json.serializedBytes(sortingKeys: false))
        contentType = "application/json"
    }

    /// Sets any body with its content type.
    public mutating func setBody(_ data: Data, contentType: String) {
        bodyJSON = nil
        body = data
        self.contentType = contentType
    }

    /// The path with the endpoint in front, and the query: what composite and batch embed.
    public var endpointPathAndQuery: String {
        var text = path
        if !endpoint.isEmpty && !path.hasPrefix(endpoint) { text = endpoint + (path.hasPrefix("/") ? "" : "/") + path }
        if !queryItems.isEmpty { text += "?" + QueryEncoding.encode(queryItems) }
        return text
    }
}
