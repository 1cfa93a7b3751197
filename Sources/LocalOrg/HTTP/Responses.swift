import HTTPTypes
import Hummingbird
import LocalOrgEngine
import NIOCore
import NIOHTTP1
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

    /// A page of the login flow. No other site may frame it (clickjacking a consent), no cache
    /// keeps it, and the browser runs no script in it: its values are the request's, and an
    /// escaping mistake must not become an attacker's script. Its forms may post and redirect to
    /// an app's callback, which may be on any host or scheme, so `form-action` is left open.
    static func html(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status,
            headers: [
                .contentType: "text/html;charset=UTF-8", .cacheControl: "no-store", xFrameOptions: "DENY",
                .contentSecurityPolicy: pagePolicy,
            ],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    /// A token endpoint answer: never cached (RFC 6749 §5.1).
    static func tokenJSON(_ value: JSON) -> Response {
        var response = json(value)
        response.headers[.cacheControl] = "no-store"
        response.headers[pragma] = "no-cache"
        return response
    }

    /// The policy of every page: its own inline styles and images, no script of any kind.
    static let pagePolicy = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'"

    // Names that HTTPTypes does not define; the literals are valid field names.
    private static let xFrameOptions = HTTPField.Name("X-Frame-Options")!
    private static let pragma = HTTPField.Name("Pragma")!

    static func redirect(to location: String) -> Response {
        Response(status: .found, headers: [.location: location])
    }

    /// The request body's bytes, up to `limit`, or the context's upload limit when none is given.
    /// - Throws: a 413 REQUEST_TOO_LARGE beyond the limit, a 400 for a body that cannot be read
    ///   (broken chunked encoding, say): what the client sent, never a 500.
    static func body(of request: Request, context: LocalOrgRequestContext, upTo limit: Int? = nil) async throws -> [UInt8] {
        let buffer = try await collect(request, upTo: limit ?? context.maxUploadSize)
        return buffer.getBytes(at: buffer.readerIndex, length: buffer.readableBytes) ?? []
    }

    private static func collect(_ request: Request, upTo limit: Int) async throws -> ByteBuffer {
        var request = request
        do {
            return try await request.collectBody(upTo: limit)
        } catch is NIOTooManyBytesError {
            throw APIError.requestTooLarge(limit: limit)
        } catch let error as HTTPError where error.status == .contentTooLarge {
            throw APIError.requestTooLarge(limit: limit)
        } catch let error as HTTPParserError {
            // Broken framing (chunked encoding, say): the server answers 400 and closes the
            // connection, since where the next request starts is unknown.
            throw error
        } catch {
            throw APIError(status: 400, errorCode: "INVALID_REQUEST", message: "The request body could not be read: \(error).")
        }
    }

    /// The body as form fields (`application/x-www-form-urlencoded`), merged over the query's.
    static func formFields(of request: Request, context: LocalOrgRequestContext) async throws -> [String: String] {
        var fields: [String: String] = [:]
        for (key, value) in FormEncoding.decode(request.uri.query ?? "") { fields[key] = value }
        let buffer = try await collect(request, upTo: 1024 * 1024)
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
