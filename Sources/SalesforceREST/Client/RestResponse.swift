public import Foundation
public import SalesforceCore

/// A successful (2xx) answer.
public struct RestResponse: Sendable {
    /// The status code.
    public let status: Int
    /// The headers, with lower-cased names.
    public let headers: [String: String]
    /// The body as sent.
    public let data: Data

    /// Creates a response.
    public init(status: Int, headers: [String: String], data: Data) {
        self.status = status
        self.headers = headers
        self.data = data
    }

    /// The body as JSON; nil when it is empty (a 204) or not JSON (file content).
    public var json: JSON? {
        guard !data.isEmpty else { return nil }
        return try? JSON(parsing: data)
    }

    /// The body decoded as `type`.
    public func decode<T: Decodable>(_ type: T.Type, using decoder: JSONDecoder = JSONDecoder()) throws(RestError) -> T {
        do {
            return try decoder.decode(type, from: data)
        } catch {
            throw .decoding("The answer is not a \(type): \(error)")
        }
    }

    /// The header `name`, without regard to case.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }
}
