import Foundation
import Hummingbird
import LocalOrgEngine
import SalesforceCore

/// Lets only requests with a live bearer token through, with the session in the context. A
/// session works where it was opened: a site's at the site's URL, the internal org's at its own.
struct BearerTokenMiddleware: RouterMiddleware {
    typealias Context = LocalOrgRequestContext
    let oauth: OAuthService

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let header = request.headers[.authorization] else { throw APIError.invalidSession }
        let parts = header.split(atScalars: [" "], maxSplits: 1)
        guard parts.count == 2, ["bearer", "oauth"].contains(parts[0].lowercased()) else { throw APIError.invalidSession }
        var context = context
        let session = try await oauth.session(accessToken: String(parts[1]).trimmingCharacters(in: .whitespaces))
        guard session.networkID == context.site?.networkID else { throw APIError.invalidSession }
        context.session = session
        return try await next(request, context)
    }
}
