import Hummingbird
import LocalOrgEngine

/// Refuses unknown API versions before any other check, as Salesforce does.
struct APIVersionMiddleware: RouterMiddleware {
    typealias Context = LocalOrgRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        _ = try APIVersions.checked(context.parameters.get("version"))
        return try await next(request, context)
    }
}
