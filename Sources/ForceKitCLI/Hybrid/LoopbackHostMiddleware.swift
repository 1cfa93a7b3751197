import HTTPTypes
import Hummingbird
import NIOCore

/// Lets through only requests addressed to `hybrid serve` by a loopback name. A page of another
/// site whose DNS points its own name at 127.0.0.1 (DNS rebinding) is same-origin with what it
/// loads, so without this it could read the app's files and, for a remote start page, the org's
/// pages fetched with the user's web session.
struct LoopbackHostMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard isLoopbackAuthority(request.head.authority) else {
            return Response(
                status: .forbidden, headers: [.contentType: "text/plain; charset=utf-8"],
                body: ResponseBody(
                    byteBuffer: ByteBuffer(
                        string: "forcekit hybrid serve answers only http://127.0.0.1, http://localhost and http://[::1].")))
        }
        return try await next(request, context)
    }
}

/// Whether `authority` (a request's `Host`) names this machine's loopback, with a port or
/// without one (port 80). Read as bytes: a name a combining mark follows is another name.
func isLoopbackAuthority(_ authority: String?) -> Bool {
    guard let bytes = authority?.lowercased().utf8 else { return false }
    for name in ["127.0.0.1", "localhost", "[::1]"] where bytes.starts(with: name.utf8) {
        let port = bytes.dropFirst(name.utf8.count)
        guard let colon = port.first else { return true }
        let digits = port.dropFirst()
        return colon == UInt8(ascii: ":") && !digits.isEmpty && digits.count <= 5
            && digits.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }
    return false
}
