public import Foundation
import SalesforceCore
import URLEncoding

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// A small HTTP client on URLSession (the transport ForceKit's REST client uses) for tests and
/// benchmarks against a server on loopback. It never follows redirects, so OAuth tests can read
/// them, and each client has its own connection, so concurrent clients do not share one.
public final class LoopbackHTTPClient: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    /// What the server answered.
    public struct Reply: Sendable {
        /// The HTTP status.
        public var status: Int
        /// The headers, as the server sent them.
        public var headers: [String: String]
        /// The body.
        public var body: Data

        /// The body as UTF-8 text.
        public var text: String { String(decoding: body, as: UTF8.self) }

        /// The header `name`, matched without regard to case.
        public func header(_ name: String) -> String? {
            headers.first { $0.key.lowercased() == name.lowercased() }?.value
        }
    }

    /// The URL that relative paths are sent to.
    public let baseURL: String
    // Set once in init, before any request: the session needs `self` as its delegate.
    private var session: URLSession!

    /// Creates a client for the server at `baseURL` (`http://127.0.0.1:8080`).
    public init(baseURL: String) {
        self.baseURL = baseURL
        super.init()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 1
        session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
    }

    /// Refuses every redirect: the caller reads the 3xx itself.
    public func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    /// Sends a request to `path` (relative to ``baseURL``, or a whole URL) and returns the reply.
    public func send(_ method: String, _ path: String, headers: [String: String] = [:], body: Data? = nil) async throws -> Reply {
        guard let url = URL(string: path.hasPrefix("http") ? path : baseURL + path) else { throw URLError(.badURL) }
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.httpBody = body
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return try await withCheckedThrowingContinuation { continuation in
            session.dataTask(with: request) { data, response, error in
                if let error { return continuation.resume(throwing: error) }
                let http = response as? HTTPURLResponse
                var headers: [String: String] = [:]
                for (key, value) in http?.allHeaderFields ?? [:] { headers["\(key)"] = "\(value)" }
                continuation.resume(returning: Reply(status: http?.statusCode ?? 0, headers: headers, body: data ?? Data()))
            }.resume()
        }
    }

    /// `application/x-www-form-urlencoded` text of the fields, in key order.
    public static func formBody(_ fields: [String: String]) -> Data {
        Data(FormEncoding.encode(fields.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }).utf8)
    }
}
