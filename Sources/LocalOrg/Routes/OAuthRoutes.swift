import Foundation
import Hummingbird
import LocalOrgEngine
import NIOSSL
import SalesforceCore

/// `/services/oauth2/...` and the identity URL: the org's authorization server, its steps
/// shown as pages and redirects.
struct OAuthRoutes {
    let org: Org
    /// The client certificates the login pages accept, when the server takes them (`--client-ca`).
    let clientCertificates: ClientCertificateCheck?

    func register(on router: Router<LocalOrgRequestContext>) {
        // `/authorize/BRAND` is a site's branded login page (the SDK's brandLoginPath): the same steps.
        for path in ["/services/oauth2/authorize", "/services/oauth2/authorize/:brand"] {
            router.get(RouterPath(path)) { request, context in
                // Credentials and consent only ever arrive by POST, never in a URL.
                var fields = try await Responses.formFields(of: request, context: context)
                for key in ["username", "password", "ticket", "decision", "login_method"] { fields[key] = nil }
                let step = await org.authorize(
                    fields, browserSession: BrowserRequests.session(of: request, baseURL: org.baseURL),
                    certificates: certificatePolicy(context),
                    site: context.site)
                return Self.response(for: step, formAction: formAction(request, context))
            }
            router.post(RouterPath(path)) { request, context in
                // The login and consent forms are this server's: a form posted from another site is refused.
                guard BrowserRequests.isFromThisOrg(request, baseURL: org.baseURL) else {
                    let origin = request.headers[.origin] ?? ""
                    return Responses.html(
                        AuthorizationPages.error("invalid_request", "The form was posted from another site (\(origin))."),
                        status: .forbidden)
                }
                let fields = try await Responses.formFields(of: request, context: context)
                let step = await org.authorize(
                    fields, browserSession: BrowserRequests.session(of: request, baseURL: org.baseURL),
                    browserBinding: BrowserRequests.cookie(Self.bindingCookie, of: request), certificates: certificatePolicy(context),
                    site: context.site)
                return Self.response(for: step, formAction: formAction(request, context))
            }
        }
        router.get("/secur/frontdoor.jsp") { request, _ in
            let step = await org.frontdoor(
                sid: Responses.query("sid", of: request), otp: Responses.query("otp", of: request),
                retURL: Responses.query("retURL", of: request))
            switch step {
            case .redirect(let location, let session):
                var response = Responses.redirect(to: location)
                response.headers[.setCookie] = BrowserRequests.sessionCookie(session, baseURL: org.baseURL)
                return response
            case .error(let code, let description):
                return Responses.html(AuthorizationPages.error(code, description), status: .unauthorized)
            }
        }
        router.post("/services/oauth2/token") { request, context in
            Responses.tokenJSON(
                .object(
                    try await org.token(try await Responses.formFields(of: request, context: context), site: context.site).mapValues(
                        JSON.string)
                ))
        }
        for method in [HTTPRequest.Method.post, .get] {
            router.on("/services/oauth2/revoke", method: method) { request, context in
                try await org.revoke(try await Responses.formFields(of: request, context: context))
                return Response(status: .ok)
            }
        }
        router.group("/services/oauth2/singleaccess").add(middleware: BearerTokenMiddleware(oauth: org.oauth))
            .post { request, context in
                guard let session = context.session else { throw APIError.invalidSession }
                let fields = try await Responses.formFields(of: request, context: context)
                let url = try org.singleAccess(for: session, redirectURI: fields["redirect_uri"])
                return Responses.tokenJSON(["frontdoor_uri": .string(url)])
            }
        router.group("/services/oauth2/userinfo").add(middleware: BearerTokenMiddleware(oauth: org.oauth))
            .get { _, context in
                guard let session = context.session else { throw APIError.invalidSession }
                return Responses.json(try await org.userInfo(for: session))
            }
        // OpenID Connect: discovery, the keys that verify ID tokens, and token introspection.
        router.get("/.well-known/openid-configuration") { _, _ in Responses.json(org.openIDConfiguration) }
        router.get("/.well-known/auth-configuration") { _, context in Responses.json(org.authConfiguration(site: context.site)) }
        router.get("/id/keys") { _, _ in Responses.json(try await org.publicKeys()) }
        router.post("/services/oauth2/introspect") { request, context in
            Responses.tokenJSON(
                try await org.introspect(
                    try await Responses.formFields(of: request, context: context), authorization: request.headers[.authorization]))
        }
        router.get("/id/:org/:user") { request, context in
            var token = Responses.query("oauth_token", of: request)
            if let header = request.headers[.authorization] {
                let parts = header.split(atScalars: [" "], maxSplits: 1)
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

    /// Certificate-based login on this request's connection, when the server offers it: the
    /// certificate is read from the TLS session only when a login asks for it.
    private func certificatePolicy(_ context: LocalOrgRequestContext) -> CertificateLoginPolicy? {
        guard let clientCertificates else { return nil }
        let channel = context.channel
        let clock = org.store.clock
        return CertificateLoginPolicy(isRequired: clientCertificates.isRequired) {
            let certificate = try? await channel.nioSSL_peerCertificate().get()
            return await clientCertificates.check(certificate.flatMap { try? $0.toDERBytes() }, now: clock())
        }
    }

    /// The cookie that binds a consent page to the browser it was shown in.
    private static let bindingCookie = "lo_consent"

    /// Where the page's form posts: back to the path it was shown at, under its site's prefix.
    private func formAction(_ request: Request, _ context: LocalOrgRequestContext) -> String {
        (context.site.map { "/" + $0.urlPathPrefix } ?? "") + request.uri.path
    }

    /// A step of the authorize flow as what the browser gets; the pages' forms post to `formAction`.
    private static func response(for step: AuthorizeStep, formAction: String) -> Response {
        switch step {
        case .login(let parameters, let appName, let error, let methods, let siteName):
            return Responses.html(
                AuthorizationPages.login(
                    parameters: parameters, appName: appName, error: error, methods: methods, siteName: siteName, action: formAction),
                status: error == nil ? .ok : .unauthorized)
        case .consent(let ticket, let appName, let scopes, let username, let binding):
            var response = Responses.html(
                AuthorizationPages.consent(ticket: ticket, appName: appName, scopes: scopes, username: username, action: formAction))
            // Under a site's prefix at a site, or a browser would not send it back with the decision.
            let sitePrefix = formAction.components(separatedBy: "/services/oauth2").first ?? ""
            response.headers[.setCookie] = "\(bindingCookie)=\(binding); Path=\(sitePrefix)/services/oauth2; HttpOnly; SameSite=Strict"
            return response
        case .redirect(let location):
            return Responses.redirect(to: location)
        case .error(let code, let description):
            return Responses.html(AuthorizationPages.error(code, description), status: .badRequest)
        }
    }
}
