import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import SalesforceCore
import URLEncoding

/// Building responses in Salesforce's shapes, and reading request bodies.
enum Responses {
    static let jsonContentType = "application/json;charset=UTF-8"

    static func json(_ bytes: [UInt8], status: HTTPResponse.Status = .ok, headers extra: HTTPFields = [:]) -> Response {
        var headers = extra
        headers[.contentType] = jsonContentType
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    static func json(_ value: JSON, status: HTTPResponse.Status = .ok) -> Response {
        json(value.serializedBytes(), status: status)
    }

    static func write(status: HTTPResponse.Status = .ok, _ body: (inout JSONStreamWriter) -> Void) -> Response {
        var writer = JSONStreamWriter(reservingCapacity: 4096)
        body(&writer)
        return json(writer.bytes, status: status)
    }

    static func noContent() -> Response {
        Response(status: .noContent)
    }

    static func error(_ error: APIError) -> Response {
        json(error.jsonArrayBytes, status: HTTPResponse.Status(code: error.status))
    }

    /// A subrequest's answer as a response of its own.
    static func from(_ reply: SubResponse) -> Response {
        var headers = HTTPFields()
        for (name, value) in reply.headers {
            if let field = HTTPField.Name(name) { headers[field] = value }
        }
        guard let body = reply.body else { return Response(status: HTTPResponse.Status(code: reply.status), headers: headers) }
        headers[.contentType] = reply.contentType
        return Response(
            status: HTTPResponse.Status(code: reply.status), headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }

    static func oauthError(_ error: OAuthError) -> Response {
        json(error.json, status: HTTPResponse.Status(code: error.status))
    }

    static func html(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: "text/html;charset=UTF-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    static func redirect(to location: String) -> Response {
        Response(status: .found, headers: [.location: location])
    }

    /// The body as JSON, or JSON_PARSER_ERROR (an empty body too).
    static func jsonBody(of request: Request, context: LocalOrgRequestContext) async throws -> JSON {
        guard let json = try await optionalJSONBody(of: request, context: context) else {
            throw APIError.jsonParser("The request body is empty; it must be JSON.")
        }
        return json
    }

    /// The body as JSON, nil when it is empty, or JSON_PARSER_ERROR.
    static func optionalJSONBody(of request: Request, context: LocalOrgRequestContext) async throws -> JSON? {
        var request = request
        let buffer = try await request.collectBody(upTo: context.maxUploadSize)
        let bytes = buffer.getBytes(at: buffer.readerIndex, length: buffer.readableBytes) ?? []
        guard bytes.contains(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return nil }
        do {
            return try JSON(parsing: bytes)
        } catch {
            throw APIError.jsonParser("The request body is not valid JSON: \(error.message)")
        }
    }

    /// The body as form fields (`application/x-www-form-urlencoded`), merged over the query's.
    static func formFields(of request: Request, context: LocalOrgRequestContext) async throws -> [String: String] {
        var fields: [String: String] = [:]
        for (key, value) in FormEncoding.decode(request.uri.query ?? "") { fields[key] = value }
        var request = request
        let buffer = try await request.collectBody(upTo: 1024 * 1024)
        for (key, value) in FormEncoding.decode(buffer.getString(at: buffer.readerIndex, length: buffer.readableBytes) ?? "") {
            fields[key] = value
        }
        return fields
    }

    /// The query parameter `name`, decoded as a form value (`+` is a space).
    static func query(_ name: String, of request: Request) -> String? {
        FormEncoding.decode(request.uri.query ?? "").last { $0.0 == name }?.1
    }

}
