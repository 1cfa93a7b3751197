import Hummingbird
import LocalOrgEngine
import SalesforceCore

/// `/services/oauth2/...` and the identity URL: the org's authorization server, its steps
/// shown as pages and redirects.
struct OAuthRoutes {
    let org: Org

    func register(on router: Router<LocalOrgRequestContext>) {
        router.get("/services/oauth2/authorize") { request, context in
            // Credentials and consent only ever arrive by POST, never in a URL.
            var fields = try await Responses.formFields(of: request, context: context)
            for key in ["username", "password", "ticket", "decision"] { fields[key] = nil }
            return Self.response(for: await org.authorize(fields))
        }
        router.post("/services/oauth2/authorize") { request, context in
            Self.response(for: await org.authorize(try await Responses.formFields(of: request, context: context)))
        }
        router.post("/services/oauth2/token") { request, context in
            Responses.tokenJSON(
                .object(try await org.token(try await Responses.formFields(of: request, context: context)).mapValues(JSON.string)))
        }
        for method in [HTTPRequest.Method.post, .get] {
            router.on("/services/oauth2/revoke", method: method) { request, context in
                try await org.revoke(try await Responses.formFields(of: request, context: context))
                return Response(status: .ok)
            }
        }
        router.group("/services/oauth2/userinfo").add(middleware: BearerTokenMiddleware(oauth: org.oauth))
            .get { _, context in
                guard let session = context.session else { throw APIError.invalidSession }
                return Responses.json(try await org.userInfo(for: session))
            }
        router.get("/id/:org/:user") { request, context in
            var token = Responses.query("oauth_token", of: request)
            if let header = request.headers[.authorization] {
                let parts = header.split(separator: " ", maxSplits: 1)
                if parts.count == 2 { token = String(parts[1]) }
            }
            let answer = await org.identity(
                token: token, orgID: context.parameters.get("org") ?? "", userID: context.parameters.get("user") ?? "")
            switch answer {
            case .document(let document):
                return Responses.json(document)
            case .refused(let status, let code):
                return Response(
                    status: HTTPResponse.Status(code: status), headers: [.contentType: "text/plain;charset=UTF-8"],
                    body: ResponseBody(byteBuffer: .init(string: code)))
            }
        }
    }

    /// A step of the authorize flow as what the browser gets.
    private static func response(for step: AuthorizeStep) -> Response {
        switch step {
        case .login(let parameters, let appName, let error):
            return Responses.html(
                AuthorizationPages.login(parameters: parameters, appName: appName, error: error), status: error == nil ? .ok : .unauthorized
            )
        case .consent(let ticket, let appName, let scopes, let username):
            return Responses.html(AuthorizationPages.consent(ticket: ticket, appName: appName, scopes: scopes, username: username))
        case .redirect(let location):
            return Responses.redirect(to: location)
        case .error(let code, let description):
            return Responses.html(AuthorizationPages.error(code, description), status: .badRequest)
        }
    }
}
