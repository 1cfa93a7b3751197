import Hummingbird
import NIOCore

/// Refuses the methods no resource of LocalOrg answers (CONNECT, TRACE and any other) with a
/// 405 that closes the connection: a proxy request must not be routed, or kept open.
struct MethodMiddleware: RouterMiddleware {
    typealias Context = LocalOrgRequestContext

    static let served: Set<HTTPRequest.Method> = [.get, .head, .post, .put, .patch, .delete, .options]

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard Self.served.contains(request.method) else {
            // Closing the input ends the connection once this response is written: the server
            // reads no further request from it.
            context.channel.close(mode: .input, promise: nil)
            return Response(
                status: .methodNotAllowed, headers: [.connection: "close", .allow: "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS"])
        }
        return try await next(request, context)
    }
}
