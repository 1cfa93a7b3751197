import Foundation
import Hummingbird
import LocalOrgEngine

/// Lets only requests with a live bearer token through, with the session in the context.
struct BearerTokenMiddleware: RouterMiddleware {
    typealias Context = LocalOrgRequestContext
    let oauth: OAuthService

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let header = request.headers[.authorization] else { throw APIError.invalidSession }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, ["bearer", "oauth"].contains(parts[0].lowercased()) else { throw APIError.invalidSession }
        var context = context
        context.session = try await oauth.session(accessToken: String(parts[1]).trimmingCharacters(in: .whitespaces))
        return try await next(request, context)
    }
}
