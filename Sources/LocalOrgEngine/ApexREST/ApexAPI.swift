import Foundation
import SalesforceCore

/// `/services/apexrest/...`: the configured Apex REST routes answer with their templates (those
/// that write or list records through ``Org/answerApex(method:path:parameters:body:headers:userID:)``),
/// and any other path with an echo of the request.
package struct ApexAPI: Sendable {
    /// The configured routes, in the order they are tried.
    let routes: [ApexRoute]

    /// The first route that matches a call, with its path parameters.
    func route(method: String, path: String) -> (route: ApexRoute, parameters: [String: String])? {
        for route in routes {
            if let parameters = route.match(method: method, path: path) { return (route, parameters) }
        }
        return nil
    }

    /// The data API call a writing route (``ApexRoute/writes``) makes: on the record `:id`, or
    /// a new one on POST, with `body` as it is.
    static func dataCall(
        _ route: ApexRoute, type: String, method: String, parameters: [String: String], body: [UInt8], headers: [String: String]
    ) -> RestCall {
        var segments = ["sobjects", type]
        if let id = parameters["id"], method.uppercased() != "POST" { segments.append(id) }
        let contentType = headers["Content-Type"] ?? headers["content-type"] ?? "application/json"
        return RestCall(
            method: method.uppercased(), version: "v\(APIVersion.current.major).0", segments: segments, parameters: [],
            body: body.isEmpty ? .none : .bytes(body, contentType: contentType), headers: headers)
    }

    /// Answers a call on `path` (after `/services/apexrest`) as `userID`.
    /// - Parameters:
    ///   - body: The request body; JSON when it parses, text otherwise.
    package func answer(
        method: String, path: String, parameters: [(String, String)], body: [UInt8], userID: String
    ) -> RestReply {
        let json = try? JSON(parsing: body)
        let text = json == nil && !body.isEmpty ? String(decoding: body, as: UTF8.self) : nil
        if let (route, pathParameters) = self.route(method: method, path: path) {
            guard let template = route.body else { return RestReply(status: route.status, body: nil) }
            let filled = Self.fill(template) { name in
                if name == "userId" { return .string(userID) }
                if name.hasPrefix("query.") { return parameters.last { $0.0 == String(name.dropFirst(6)) }.map { .string($0.1) } }
                if name.hasPrefix("body.") {
                    return name.dropFirst(5).split(atScalars: ["."]).reduce(json) { value, key in value?[String(key)] }
                }
                return pathParameters[name].map(JSON.string)
            }
            return .json(filled, status: route.status)
        }
        return .json([
            "method": .string(method), "path": .string(path),
            "parameters": .object(Dictionary(parameters.map { ($0.0, JSON.string($0.1)) }) { $1 }),
            "body": json ?? text.map(JSON.string) ?? .null, "userId": .string(userID),
        ])
    }

    /// `template` with `{{name}}` placeholders filled; a string that is one placeholder takes
    /// the value's own JSON type.
    static func fill(_ template: JSON, _ value: (String) -> JSON?) -> JSON {
        switch template {
        case .string(let text):
            guard text.contains("{{") else { return template }
            if text.hasPrefix("{{"), text.hasSuffix("}}"), text.components(separatedBy: "{{").count == 2 {
                return value(String(text.dropFirst(2).dropLast(2)).trimmingCharacters(in: .whitespaces)) ?? .null
            }
            var result = ""
            var rest = Substring(text)
            while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
                result += rest[..<open.lowerBound]
                let name = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
                switch value(name) {
                case .string(let text)?: result += text
                case let other?: result += String(decoding: other.serializedBytes(), as: UTF8.self)
                case nil: break
                }
                rest = rest[close.upperBound...]
            }
            return .string(result + rest)
        case .array(let elements): return .array(elements.map { fill($0, value) })
        case .object(let members): return .object(members.mapValues { fill($0, value) })
        default: return template
        }
    }
}
