import Foundation
import HTTPTypes
import LocalOrg
import SalesforceAuth

/// A transport whose requests are answered by an in-process org's routes, middleware included,
/// with no socket: what a ``TestOrg`` started with ``TestOrg/Setup/inProcess`` carries requests on.
struct InProcessTransport: HTTPTransport {
    let responder: InProcessResponder
    /// The org's URL (`http://127.0.0.1:9`): the only origin this transport answers.
    let baseURL: URL

    func send(_ request: SalesforceAuth.HTTPRequest) async throws(TransportError) -> SalesforceAuth.HTTPResponse {
        if Task.isCancelled { throw .cancelled }
        guard let parts = URLComponents(url: request.url, resolvingAgainstBaseURL: false),
            parts.scheme == baseURL.scheme, parts.host == baseURL.host, parts.port == baseURL.port
        else {
            throw .unreachable(
                "\(request.url.absoluteString) is not the in-process org at \(baseURL.absoluteString); "
                    + "an in-process org answers only its own URL (use withLocalOrg(.live) for a server on a port)")
        }
        guard let method = HTTPTypes.HTTPRequest.Method(request.method) else {
            throw .failed("\"\(request.method)\" is not an HTTP method")
        }
        var fields = HTTPFields()
        for header in request.headers {
            guard let name = HTTPField.Name(header.name) else { throw .failed("\"\(header.name)\" is not a header name") }
            fields.append(HTTPField(name: name, value: header.value))
        }
        let path = parts.percentEncodedPath.isEmpty ? "/" : parts.percentEncodedPath
        let target = parts.percentEncodedQuery.map { "\(path)?\($0)" } ?? path
        let reply = await responder.respond(
            method: method, target: target, headers: fields,
            body: Array(request.body ?? Data()))
        // As URLSession hands them over: one value per name, repeated fields joined by commas.
        var headers: [String: String] = [:]
        for field in reply.headers {
            let name = field.name.canonicalName
            headers[name] = headers[name].map { "\($0), \(field.value)" } ?? field.value
        }
        return SalesforceAuth.HTTPResponse(status: reply.status, headers: headers, body: Data(reply.body))
    }
}
