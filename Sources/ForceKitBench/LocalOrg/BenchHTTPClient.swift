import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An HTTP client on URLSession, the transport ForceKit's REST client uses, with its own
/// connection so concurrent clients do not share one.
final class BenchHTTPClient: Sendable {
    private let session: URLSession
    private let baseURL: String
    private let token: String

    init(baseURL: String, token: String) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 1
        session = URLSession(configuration: configuration)
        self.baseURL = baseURL
        self.token = token
    }

    /// Sends a request and returns the status and body.
    func send(_ method: String, _ path: String, body: Data? = nil, contentType: String = "application/json") async throws -> (Int, Data) {
        guard let url = URL(string: baseURL + path) else { throw URLError(.badURL) }
        var request = URLRequest(url: url)
        request.httpMethod = method
        if !token.isEmpty { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let body {
            request.httpBody = body
            request.setValue(contentType, forHTTPHeaderField: "Content-Type")
        }
        return try await withCheckedThrowingContinuation { continuation in
            session.dataTask(with: request) { data, response, error in
                if let error { return continuation.resume(throwing: error) }
                continuation.resume(returning: ((response as? HTTPURLResponse)?.statusCode ?? 0, data ?? Data()))
            }.resume()
        }
    }
}
