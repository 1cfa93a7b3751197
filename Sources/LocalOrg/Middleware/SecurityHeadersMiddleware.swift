import HTTPTypes
import Hummingbird

/// Gives every answer a Content-Security-Policy, so that no response of LocalOrg runs script in a
/// browser: pages set their own (styles only, forms posted where they go), and everything else
/// (JSON, files, redirects, errors) gets one that allows nothing and sandboxes the document, as
/// a file an org serves could be HTML a user uploaded. `nosniff` keeps a browser from reading a
/// body as another type than it is labelled.
struct SecurityHeadersMiddleware: RouterMiddleware {
    typealias Context = LocalOrgRequestContext

    /// The policy of answers that are not pages.
    static let nothingAllowed = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'; sandbox"

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        if response.headers[.contentSecurityPolicy] == nil { response.headers[.contentSecurityPolicy] = Self.nothingAllowed }
        if response.headers[Self.contentTypeOptions] == nil { response.headers[Self.contentTypeOptions] = "nosniff" }
        return response
    }

    private static let contentTypeOptions = HTTPField.Name("X-Content-Type-Options")!
}
