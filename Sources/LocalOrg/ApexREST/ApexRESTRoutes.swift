import Foundation
import HTTPTypes
import Hummingbird
import SalesforceCore
import URLEncoding

/// `/services/apexrest/...`: the configured Apex REST routes, and an echo of the request for
/// any other path, behind the same bearer-token check as the data API.
struct ApexRESTRoutes {
    let services: LocalOrgServices

    func register(on router: Router<LocalOrgRequestContext>) {
        let group = router.group("/services/apexrest")
            .add(middleware: BearerTokenMiddleware(oauth: services.oauth))
            .add(middleware: APIUsageMiddleware(limits: services.limits))
        for method in [HTTPRequest.Method.get, .post, .patch, .put, .delete] {
            group.on("**", method: method) { request, context in try await respond(request, context) }
        }
    }

    private func respond(_ request: Request, _ context: LocalOrgRequestContext) async throws -> Response {
        guard let session = context.session else { throw APIError.invalidSession }
        let path = String(request.uri.path.dropFirst("/services/apexrest".count))
        var body: JSON?
        var text: String?
        if request.method != .get {
            var request = request
            let buffer = try await request.collectBody(upTo: context.maxUploadSize)
            let bytes = buffer.getBytes(at: buffer.readerIndex, length: buffer.readableBytes) ?? []
            body = try? JSON(parsing: bytes)
            if body == nil, !bytes.isEmpty { text = String(decoding: bytes, as: UTF8.self) }
        }
        let parameters = FormEncoding.decode(request.uri.query ?? "")
        for route in services.apexRoutes {
            guard let pathParameters = route.match(method: request.method.rawValue, path: path) else { continue }
            guard let template = route.body else { return Response(status: HTTPResponse.Status(code: route.status)) }
            let filled = Self.fill(template) { name in
                if name == "userId" { return .string(session.userID) }
                if name.hasPrefix("query.") { return parameters.last { $0.0 == String(name.dropFirst(6)) }.map { .string($0.1) } }
                if name.hasPrefix("body.") {
                    return name.dropFirst(5).split(separator: ".").reduce(body) { value, key in value?[String(key)] }
                }
                return pathParameters[name].map(JSON.string)
            }
            return Responses.json(filled, status: HTTPResponse.Status(code: route.status))
        }
        return Responses.json([
            "method": .string(request.method.rawValue), "path": .string(path),
            "parameters": .object(Dictionary(parameters.map { ($0.0, JSON.string($0.1)) }) { $1 }),
            "body": body ?? text.map(JSON.string) ?? .null, "userId": .string(session.userID),
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
