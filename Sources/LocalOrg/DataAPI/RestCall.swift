import Foundation
import SalesforceCore
import URLEncoding

/// One call on the REST data API, whether it came over HTTP or inside a composite, batch or
/// tree request: a method, the path after `/services/data/vXX.X/`, parameters and a body.
struct RestCall: Sendable {
    /// `GET`, `POST`, `PATCH`, `PUT` or `DELETE`.
    var method: String
    /// The API version: `v62.0`.
    var version: String
    /// The path after the version, decoded: `["sobjects", "Account", "001..."]`.
    var segments: [String]
    /// The query parameters, decoded, in order.
    var parameters: [(name: String, value: String)]
    /// The JSON body, when there is one.
    var body: JSON?
    /// Headers that change what a call does (`If-Unmodified-Since`), by lower-cased name.
    var headers: [String: String]

    /// The last value of the query parameter `name`.
    func parameter(_ name: String) -> String? {
        parameters.last { $0.name == name }?.value
    }

    /// The values of a comma-separated parameter (`ids=a,b`), without blanks.
    func listParameter(_ name: String) -> [String]? {
        parameter(name).map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
    }

    /// Reads a subrequest's URL. Composite sends `/services/data/v62.0/...`; batch sends
    /// `v62.0/...` (Android) or `/v62.0/...` (iOS), relative to `/services/data/`.
    init(method: String, url: String, body: JSON?, headers: [String: String] = [:]) throws(APIError) {
        var path = Substring(url)
        let query: Substring
        if let mark = path.firstIndex(of: "?") {
            query = path[path.index(after: mark)...]
            path = path[..<mark]
        } else {
            query = ""
        }
        if path.hasPrefix("/services/data/") { path = path.dropFirst("/services/data/".count) }
        while path.hasPrefix("/") { path = path.dropFirst() }
        var segments = path.split(separator: "/", omittingEmptySubsequences: true).map { PercentEncoding.decode($0) ?? String($0) }
        guard !segments.isEmpty else { throw APIError.notFound }
        let version = try APIVersions.checked(segments.removeFirst())
        self.init(
            method: method, version: version, segments: segments, parameters: FormEncoding.decode(String(query)),
            body: body, headers: headers)
    }

    init(
        method: String, version: String, segments: [String], parameters: [(name: String, value: String)], body: JSON?,
        headers: [String: String]
    ) {
        self.method = method.uppercased()
        self.version = version
        self.segments = segments
        self.parameters = parameters
        self.body = body
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }) { $1 }
    }
}
