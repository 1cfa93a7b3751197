import Foundation
package import SalesforceCore
import URLEncoding

/// One call on the REST data API, whether it came over HTTP or inside a composite, batch or
/// tree request: a method, the path after `/services/data/vXX.X/`, parameters, headers and a body.
package struct RestCall: Sendable {
    /// What a call carries.
    package enum Body: Sendable {
        /// No body.
        case none
        /// A JSON value: a composite subrequest's body, already parsed.
        case json(JSON)
        /// Bytes as they arrived over HTTP, with their `Content-Type`; read as JSON on demand.
        case bytes([UInt8], contentType: String?)
    }

    /// `GET`, `POST`, `PATCH`, `PUT` or `DELETE`.
    package var method: String
    /// The API version: `v62.0`.
    package var version: String
    /// The path after the version, decoded: `["sobjects", "Account", "001..."]`.
    package var segments: [String]
    /// The query parameters, decoded, in order.
    package var parameters: [(name: String, value: String)]
    /// The body.
    package var body: Body
    /// Headers that change what a call does (`If-Unmodified-Since`, `Range`), by lower-cased name.
    package var headers: [String: String]

    /// A call from its parts; the version must already be checked (``APIVersions/checked(_:)``).
    package init(
        method: String, version: String, segments: [String], parameters: [(name: String, value: String)], body: Body,
        headers: [String: String]
    ) {
        self.method = method.uppercased()
        self.version = version
        self.segments = segments
        self.parameters = parameters
        self.body = body
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }) { $1 }
    }

    /// Reads a subrequest's URL. Composite sends `/services/data/v62.0/...`; batch sends
    /// `v62.0/...` (Android) or `/v62.0/...` (iOS), relative to `/services/data/`.
    init(method: String, url: String, body: JSON?, headers: [String: String] = [:]) throws(APIError) {
        // The query starts at the first `?` scalar, as a server reads the bytes.
        var path = Substring(url)
        let query: Substring
        if let mark = path.unicodeScalars.firstIndex(of: "?") {
            query = Substring(path.unicodeScalars[path.unicodeScalars.index(after: mark)...])
            path = Substring(path.unicodeScalars[..<mark])
        } else {
            query = ""
        }
        if path.hasPrefix("/services/data/") { path = path.dropFirst("/services/data/".count) }
        while path.hasPrefix("/") { path = path.dropFirst() }
        var segments = path.split(atScalars: ["/"], omittingEmptyParts: true).map { PercentEncoding.decode($0) ?? String($0) }
        guard !segments.isEmpty else { throw APIError.notFound }
        let version = try APIVersions.checked(segments.removeFirst())
        self.init(
            method: method, version: version, segments: segments, parameters: FormEncoding.decode(String(query)),
            body: body.map(Body.json) ?? .none, headers: headers)
    }

    /// The last value of the query parameter `name`.
    func parameter(_ name: String) -> String? {
        parameters.last { $0.name == name }?.value
    }

    /// The values of a comma-separated parameter (`ids=a,b`), without blanks.
    func listParameter(_ name: String) -> [String]? {
        parameter(name).map { $0.split(atScalars: [","]).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
    }

    /// The body as JSON; nil when there is none (or it is only white space).
    /// - Throws: JSON_PARSER_ERROR for a body that is not JSON.
    func json() throws(APIError) -> JSON? {
        switch body {
        case .none: return nil
        case .json(let value): return value
        case .bytes(let bytes, _):
            guard bytes.contains(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return nil }
            do {
                return try JSON(parsing: bytes)
            } catch {
                throw APIError.jsonParser("The request body is not valid JSON: \(error.message)")
            }
        }
    }

    /// The JSON body of a call that needs one.
    /// - Throws: JSON_PARSER_ERROR when there is none or it is not JSON.
    func requiredJSON() throws(APIError) -> JSON {
        guard let body = try json() else { throw APIError.jsonParser("The request needs a JSON body of field names and values.") }
        return body
    }

    /// The path as the client wrote it, for the URLs of the next and previous pages.
    var path: String {
        "/services/data/\(version)/" + segments.map { PercentEncoding.encode($0, keeping: .pathSegment) }.joined(separator: "/")
    }
}
