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
/// A route with `writes` does what an Apex class doing DML on that object does, with the data
/// API's validation and answers: POST creates a record from the JSON body (`{"id", "success",
/// "errors"}`), PATCH updates the record `:id` with it, DELETE deletes it, GET reads it. Apps
/// test custom sync-up targets that write through Apex REST this way:
///
/// ```json
/// {"method": "POST", "path": "/accounts", "writes": "Account"},
/// {"path": "/accounts/:id", "writes": "Account"}
/// ```
///
/// An Apex class that maps its own JSON names to fields, as upstream's `SimpleAccountResource`
/// does, adds `fields`: the body's names are written to those fields, and the answer is the
/// record by the same names (`{"accountId", "accountName"}`; DELETE answers 204). A class that
/// lists records by a query parameter, as `SimpleAccountsResource` does, is `lists` with a
/// `where` whose `:name` placeholders take query parameters (bound as SOQL strings, never as
/// SOQL) and answers `{"totalSize", "records"}`:
///
/// ```json
/// {"path": "/simpleAccount/:id", "writes": "Account", "fields": {"accountId": "Id", "accountName": "Name"}},
/// {"method": "GET", "path": "/simpleAccounts", "lists": "Account", "where": "Name LIKE :namePattern",
///  "fields": {"accountId": "Id", "accountName": "Name"}}
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
    /// The object the route writes, as an Apex class doing DML: the record `:id` of the path,
    /// or a new one on POST. Nil answers with `status` and `body`.
    public var writes: String?
    /// The object whose records the route lists (GET), filtered by ``condition``.
    public var lists: String?
    /// The condition a listing route filters by (`"where"` in the file), in SOQL; `:name` stands for the query
    /// parameter `name`.
    public var condition: String?
    /// The class's JSON names and the fields they stand for, for ``writes`` and ``lists``.
    public var fields: [String: String]?

    /// Creates a route.
    public init(
        method: String? = nil, path: String, status: Int = 200, body: JSON? = nil, writes: String? = nil, lists: String? = nil,
        where condition: String? = nil, fields: [String: String]? = nil
    ) {
        self.method = method?.uppercased()
        self.path = path
        self.status = status
        self.body = body
        self.writes = writes
        self.lists = lists
        self.condition = condition
        self.fields = fields
    }

    /// Reads routes from a JSON file: `{"routes": [{"method", "path", "status", "body", "writes",
    /// "lists", "where", "fields"}]}` or the bare array.
    public static func load(from file: URL) throws(LocalOrgError) -> [ApexRoute] {
        let data: Data
        do {
            data = try UserFiles.contents(of: file.path)
        } catch {
            throw .unreadableFile(path: file.path, reason: error.reason)
        }
        let json: JSON
        do {
            json = try JSON(parsing: Array(data))
        } catch {
            throw .invalidConfiguration(file: file.path, reason: "it is not a JSON file of Apex REST routes (\(error.message))")
        }
        guard let items = json["routes"]?.arrayValue ?? json.arrayValue else {
            throw .invalidConfiguration(
                file: file.path, reason: "expected {\"routes\": [{\"method\", \"path\", \"status\", \"body\", \"writes\"}]}")
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
            var fields: [String: String]?
            if let map = item["fields"] {
                guard let members = map.objectValue, !members.isEmpty, members.values.allSatisfy({ $0.stringValue != nil }) else {
                    throw .invalidConfiguration(
                        file: file.path,
                        reason: "routes[\(index)].fields must map the class's names to fields, such as {\"accountId\": \"Id\"}")
                }
                fields = members.compactMapValues(\.stringValue)
            }
            let lists = item["lists"]?.stringValue
            if lists != nil, fields == nil || item["writes"] != nil {
                throw .invalidConfiguration(
                    file: file.path, reason: "routes[\(index)] lists records: it needs \"fields\", and cannot also write")
            }
            routes.append(
                ApexRoute(
                    method: item["method"]?.stringValue, path: path, status: Int(status), body: item["body"],
                    writes: item["writes"]?.stringValue, lists: lists, where: item["where"]?.stringValue, fields: fields))
        }
        return routes
    }

    /// The path parameters when `method` and `path` match this route.
    func match(method: String, path: String) -> [String: String]? {
        if let expected = self.method, expected != method.uppercased() { return nil }
        let pattern = self.path.split(atScalars: ["/"])
        let parts = path.split(atScalars: ["/"])
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
