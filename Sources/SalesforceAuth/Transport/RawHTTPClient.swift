package import Foundation
package import SalesforceCore
import URLEncoding

/// Requests by method and path over an ``HTTPTransport``, for the tools that talk HTTP to an org
/// by hand (the benchmarks, the tests' raw requests): no redirects followed unless the transport
/// does, each status returned as it came. Like one browser tab it keeps the cookies the server
/// sets and sends them back (unless a request names its own `Cookie`), so a login page's session
/// carries to its consent page.
package struct RawHTTPClient: Sendable {
    /// The URL that relative paths are sent to, such as `http://127.0.0.1:8080`.
    package let baseURL: String
    /// What carries the requests.
    package let transport: any HTTPTransport
    private let cookies = Locked<[String: String]>([:])

    /// A client for the server at `baseURL`. By default it has a transport of its own that never
    /// follows redirects (a test reads them) and keeps one connection, as one browser tab would.
    package init(baseURL: String, transport: (any HTTPTransport)? = nil) {
        self.baseURL = baseURL
        self.transport = transport ?? URLSessionTransport(maximumConnectionsPerHost: 1, followsRedirects: false)
    }

    /// Sends a request to `path` (relative to ``baseURL``, or a whole URL) and returns the answer.
    package func send(_ method: String, _ path: String, headers: [String: String] = [:], body: Data? = nil) async throws -> HTTPResponse {
        guard let url = URL(string: path.hasPrefix("http") ? path : baseURL + path) else { throw URLError(.badURL) }
        var headers = headers
        let jar = cookies.withLock { $0 }
        if !jar.isEmpty, !headers.keys.contains(where: { $0.lowercased() == "cookie" }) {
            headers["Cookie"] = jar.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
        }
        let request = HTTPRequest(
            method: method, url: url, headers: headers.sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) }, body: body)
        let response = try await transport.send(request)
        if let setCookie = response.header("Set-Cookie") { keep(setCookie) }
        return response
    }

    /// Sends a request as a test or tool spells it: a bearer `token`, and a JSON or form body with
    /// its content type; `extra` headers win.
    package func send(
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

    /// Keeps the cookies of a `Set-Cookie` header (several may come joined by commas); an empty
    /// value or `Max-Age=0` removes one.
    private func keep(_ header: String) {
        // Split on scalars: a comma or semicolon followed by a combining mark is still a separator.
        for line in header.split(atScalars: [","]) {
            let attributes = line.split(atScalars: [";"]).map { $0.trimmingCharacters(in: .whitespaces) }
            // A date's "Sat, 28 Nov 2026 …" splits into parts with no name=value pair: skipped.
            guard let pair = attributes.first, !pair.unicodeScalars.contains(" "),
                let equals = pair.unicodeScalars.firstIndex(of: "=")
            else { continue }
            let name = String(pair.unicodeScalars[..<equals])
            let value = String(pair.unicodeScalars[pair.unicodeScalars.index(after: equals)...])
            let expired = value.isEmpty || attributes.dropFirst().contains { $0.lowercased() == "max-age=0" }
            cookies.withLock { $0[name] = expired ? nil : value }
        }
    }

    /// `application/x-www-form-urlencoded` text of the fields, in key order.
    package static func formBody(_ fields: [String: String]) -> Data {
        Data(FormEncoding.encode(fields.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }).utf8)
    }
}

extension HTTPResponse {
    /// The body as UTF-8 text.
    package var text: String { String(decoding: body, as: UTF8.self) }

    /// The header `name`, matched without regard to case.
    package func header(_ name: String) -> String? { headers[name.lowercased()] }
}
