import HTTPTypes
import Hummingbird
import LocalOrgEngine
import NIOCore
import SalesforceCore
import URLEncoding

/// Hummingbird responses in Salesforce's shapes, and request bodies read within the size limit.
enum Responses {
    static func json(_ bytes: [UInt8], status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: RestReply.jsonContentType], body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    static func json(_ value: JSON, status: HTTPResponse.Status = .ok) -> Response {
        json(value.serializedBytes(), status: status)
    }

    /// The org's answer to a REST call, as it is.
    static func from(_ reply: RestReply) -> Response {
        var headers = HTTPFields()
        for (name, value) in reply.headers {
            if let field = HTTPField.Name(name) { headers[field] = value }
        }
        let status = HTTPResponse.Status(code: reply.status)
        guard let body = reply.body else { return Response(status: status, headers: headers) }
        headers[.contentType] = reply.contentType
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }

    static func html(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: "text/html;charset=UTF-8"], body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    static func redirect(to location: String) -> Response {
        Response(status: .found, headers: [.location: location])
    }

    /// The request body's bytes, up to the context's upload limit.
    static func body(of request: Request, context: LocalOrgRequestContext) async throws -> [UInt8] {
        var request = request
        let buffer = try await request.collectBody(upTo: context.maxUploadSize)
        return buffer.getBytes(at: buffer.readerIndex, length: buffer.readableBytes) ?? []
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
