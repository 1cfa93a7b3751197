public import Foundation
public import SalesforceCore
import URLEncoding

/// An Apex REST endpoint LocalOrg answers under `/services/apexrest`, so apps with custom
/// endpoints can be tested: a method, a path pattern and the answer.
///
/// In the answer's strings, `{{name}}` is replaced by the path parameter `:name`,
/// `{{query.name}}` by a query parameter, `{{body.field}}` by a field of the JSON body and
/// `{{userId}}` by the caller's id:
///
/// ```json
/// {"method": "GET", "path": "/simpleAccount/:id", "status": 200,
///  "body": {"accountId": "{{id}}", "accountName": "My Account"}}
/// ```
///
/// A path no route matches answers with an echo of the request:
/// `{"method", "path", "parameters", "body", "userId"}`.
public struct ApexRoute: Sendable, Equatable {
    /// The HTTP method; nil matches any.
    public var method: String?
    /// The path under `/services/apexrest`: `/simpleAccount/:id`; a final `*` matches the rest.
    public var path: String
    /// The status to answer with.
    public var status: Int
    /// The JSON body to answer with; nil answers an empty body.
    public var body: JSON?

    /// Creates a route.
    public init(method: String? = nil, path: String, status: Int = 200, body: JSON? = nil) {
        self.method = method?.uppercased()
        self.path = path
        self.status = status
        self.body = body
    }

    /// Reads routes from a JSON file: `{"routes": [{"method", "path", "status", "body"}]}` or
    /// the bare array.
    public static func load(from file: URL) throws(LocalOrgError) -> [ApexRoute] {
        let json: JSON
        do {
            json = try JSON(parsing: Array(Data(contentsOf: file)))
        } catch {
            throw .invalidConfiguration(file: file.path, reason: "it is not a JSON file of Apex REST routes (\(error))")
        }
        guard let items = json["routes"]?.arrayValue ?? json.arrayValue else {
            throw .invalidConfiguration(file: file.path, reason: "expected {\"routes\": [{\"method\", \"path\", \"status\", \"body\"}]}")
        }
        var routes: [ApexRoute] = []
        for (index, item) in items.enumerated() {
            guard let path = item["path"]?.stringValue, path.hasPrefix("/") else {
                throw .invalidConfiguration(
                    file: file.path, reason: "routes[\(index)] needs a path starting with /, such as \"/simpleAccount/:id\"")
            }
            let status = item["status"]?.integerValue ?? 200
            guard (100...599).contains(status) else {
                throw .invalidConfiguration(file: file.path, reason: "routes[\(index)].status must be an HTTP status, not \(status)")
            }
            routes.append(ApexRoute(method: item["method"]?.stringValue, path: path, status: Int(status), body: item["body"]))
        }
        return routes
    }

    /// The path parameters when `method` and `path` match this route.
    func match(method: String, path: String) -> [String: String]? {
        if let expected = self.method, expected != method.uppercased() { return nil }
        let pattern = self.path.split(separator: "/")
        let parts = path.split(separator: "/")
        var parameters: [String: String] = [:]
        for (index, piece) in pattern.enumerated() {
            if piece == "*" { return parameters }
            guard index < parts.count else { return nil }
            if piece.hasPrefix(":") {
                parameters[String(piece.dropFirst())] = PercentEncoding.decode(parts[index]) ?? String(parts[index])
            } else if piece != parts[index] {
                return nil
            }
        }
        return parts.count == pattern.count ? parameters : nil
    }
}
