import ForceKitTestSupport
import Foundation
import SalesforceCore

/// The shared loopback client with the tests' conveniences: bearer tokens, JSON and form bodies.
typealias HTTPTestClient = LoopbackHTTPClient

extension LoopbackHTTPClient {
    func send(
        _ method: String, _ path: String, token: String? = nil, json: JSON? = nil, form: [String: String]? = nil,
        headers extra: [String: String] = [:]
    ) async throws -> Reply {
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

extension LoopbackHTTPClient.Reply {
    /// The body parsed as JSON, or null.
    var json: JSON { (try? JSON(parsing: Array(body))) ?? .null }
}
