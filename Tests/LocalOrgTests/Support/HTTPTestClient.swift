import Foundation
import SalesforceAuth
import SalesforceCore

/// The raw client over the REST client's transport, with the tests' conveniences: bearer tokens,
/// JSON and form bodies.
typealias HTTPTestClient = RawHTTPClient

extension RawHTTPClient {
    func send(
        _ method: String, _ path: String, token: String? = nil, json: JSON? = nil, form: [String: String]? = nil,
        headers extra: [String: String] = [:]
    ) async throws -> HTTPResponse {
        var headers: [String: String] = [:]
        var body: Data?
        if let token { headers["Authorization"] = "Bearer \(token)" }
        if let json {
            body = Data(json.serializedBytes())
            headers["Content-Type"] = "application/json"
        }
        if let form {
            body = Self.formBody(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        }
        headers.merge(extra) { $1 }
        return try await send(method, path, headers: headers, body: body)
    }
}

extension HTTPResponse {
    /// The body parsed as JSON, or null.
    var json: JSON { (try? JSON(parsing: Array(body))) ?? .null }
}
