import HTTPTypes
import Hummingbird
import LocalOrgEngine

/// Serves Experience Cloud sites under their paths: `/partners/services/...`, `/partners/id/...`
/// and the site's `/partners/.well-known/auth-configuration`
/// reach the org's own routes with the site in the context, so the login page, the token
/// endpoint and the API are the site's. Every other request passes as it came.
struct SiteResponder: HTTPResponder {
    typealias Context = LocalOrgRequestContext
    let org: Org
    let routes: RouterResponder<Context>

    func respond(to request: Request, context: Context) async throws -> Response {
        guard let (site, rest) = site(of: request.head.path ?? "") else { return try await routes.respond(to: request, context: context) }
        var head = request.head
        head.path = rest
        var context = context
        context.site = site
        return try await routes.respond(to: Request(head: head, body: request.body), context: context)
    }

    /// The site a path is under and the path within it, for the site's API, login and login
    /// configuration paths.
    private func site(of path: String) -> (ExperienceSite, String)? {
        // Scalars, as the router reads the path: a `/` a combining mark follows is still a `/`.
        let scalars = path.unicodeScalars
        guard scalars.first == "/", let slash = scalars.dropFirst().firstIndex(of: "/") else { return nil }
        let prefix = Substring(scalars[scalars.index(after: scalars.startIndex)..<slash])
        let rest = String(Substring(scalars[slash...]))
        guard rest.hasPrefix("/services/") || rest.hasPrefix("/id/") || rest == "/.well-known/auth-configuration",
            let site = org.site(pathPrefix: String(prefix))
        else { return nil }
        return (site, rest)
    }
}
