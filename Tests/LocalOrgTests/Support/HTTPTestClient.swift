import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SalesforceCore

/// A small HTTP client for the tests: it never follows redirects (the OAuth tests read them)
/// and returns status, headers and body as they came.
final class HTTPTestClient: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    struct Reply: Sendable {
        var status: Int
        var headers: [String: String]
        var body: Data

        var text: String { String(decoding: body, as: UTF8.self) }
        var json: JSON { (try? JSON(parsing: Array(body))) ?? .null }

        func header(_ name: String) -> String? {
            headers.first { $0.key.lowercased() == name.lowercased() }?.value
        }
    }

    let baseURL: String
    private var session: URLSession!

    init(baseURL: String) {
        self.baseURL = baseURL
        super.init()
        session = URLSession(configuration: .ephemeral, delegate: self, delegateQueue: nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        completionHandler(nil)
    }

    func send(_ method: String, _ path: String, token: String? = nil, json: JSON? = nil, form: [String: String]? = nil,
              headers: [String: String] = [:]) async throws -> Reply {
        guard let url = URL(string: path.hasPrefix("http") ? path : baseURL + path) else { throw URLError(.badURL) }
        var request = URLRequest(url: url)
        request.httpMethod = method
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let json {
            request.httpBody = Data(json.serializedBytes())
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if let form {
            let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
            request.httpBody = Data(form.sorted { $0.key < $1.key }
                .map { "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: allowed) ?? $0.value)" }
                .joined(separator: "&").utf8)
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return try await withCheckedThrowingContinuation { continuation in
            session.dataTask(with: request) { data, response, error in
                if let error {
                    continuation.resume(throwing: error)
                    return
                }
                let http = response as? HTTPURLResponse
                var headers: [String: String] = [:]
                for (key, value) in http?.allHeaderFields ?? [:] { headers["\(key)"] = "\(value)" }
                continuation.resume(returning: Reply(status: http?.statusCode ?? 0, headers: headers, body: data ?? Data()))
            }.resume()
        }
    }
}
