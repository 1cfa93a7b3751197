import HTTPTypes
import Hummingbird
import NIOCore

/// Lets through only requests addressed to `hybrid serve` by a loopback name. A page of another
/// site whose DNS points its own name at 127.0.0.1 (DNS rebinding) is same-origin with what it
/// loads, so without this it could read the app's files and, for a remote start page, the org's
/// pages fetched with the user's web session.
struct LoopbackHostMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard Self.isLoopback(request.head.authority) else {
            return Response(
                status: .forbidden, headers: [.contentType: "text/plain; charset=utf-8"],
                body: ResponseBody(
                    byteBuffer: ByteBuffer(
                        string: "forcekit hybrid serve answers only http://127.0.0.1, http://localhost and http://[::1].")))
        }
        return try await next(request, context)
    }

    /// Whether `authority` (a request's `Host`) names this machine's loopback with a port.
    static func isLoopback(_ authority: String?) -> Bool {
        guard let authority = authority?.lowercased() else { return false }
        return ["127.0.0.1:", "localhost:", "[::1]:"].contains { authority.hasPrefix($0) }
    }
}
