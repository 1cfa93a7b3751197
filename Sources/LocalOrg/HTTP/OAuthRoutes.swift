import Foundation
import Hummingbird
import SalesforceCore
import URLEncoding

/// `/services/oauth2/...` and the identity URL.
struct OAuthRoutes {
    let services: LocalOrgServices

    func register(on router: Router<LocalOrgRequestContext>) {
        router.get("/services/oauth2/authorize") { request, context in
            // Credentials and consent only ever arrive by POST, never in a URL.
            var fields = try await Responses.formFields(of: request, context: context)
            for key in ["username", "password", "ticket", "decision"] { fields[key] = nil }
            return try await authorize(fields)
        }
        router.post("/services/oauth2/authorize") { request, context in
            try await authorize(try await Responses.formFields(of: request, context: context))
        }
        router.post("/services/oauth2/token") { request, context in
            try await token(try await Responses.formFields(of: request, context: context))
        }
        router.post("/services/oauth2/revoke") { request, context in
            try await revoke(try await Responses.formFields(of: request, context: context))
        }
        router.get("/services/oauth2/revoke") { request, context in
            try await revoke(try await Responses.formFields(of: request, context: context))
        }
        router.group("/services/oauth2/userinfo").add(middleware: BearerTokenMiddleware(oauth: services.oauth))
            .get { _, context in
                guard let session = context.session else { throw APIError.invalidSession }
                let user = try await services.store.retrieve("User", id: session.userID, version: APIVersion.current.description)
                return Responses.json(
                    IdentityDocument.userInfo(user: user, baseURL: services.baseURL, organizationID: services.settings.organizationID))
            }
        router.get("/id/:org/:user") { request, context in
            try await identity(request, context: context)
        }
    }

    // MARK: - Authorize

    /// Checks the client and callback first: a wrong redirect_uri gets an error page, never a
    /// redirect, so a token can never go to a URL the app did not register.
    private enum AppCheck {
        case app(ConnectedApp)
        case refused(Response)
    }

    private func checkedApp(_ parameters: AuthorizeParameters) -> AppCheck {
        guard let app = services.oauth.app(clientID: parameters.clientID) else {
            return .refused(Responses.html(AuthorizationPages.error("invalid_client_id", "client identifier invalid"), status: .badRequest))
        }
        guard app.callbackURLs.contains(where: { Self.callback(parameters.redirectURI, matches: $0) }) else {
            return .refused(
                Responses.html(
                    AuthorizationPages.error("redirect_uri_mismatch", "redirect_uri must match configuration"), status: .badRequest))
        }
        return .app(app)
    }

    /// A redirect URI matches a registered callback exactly, or, for a loopback callback
    /// (`http://127.0.0.1:1717/path`), on any port: RFC 8252 §7.3, so a CLI can listen on a free port.
    static func callback(_ requested: String, matches registered: String) -> Bool {
        if requested == registered { return true }
        func withoutPort(_ text: String) -> String? {
            for prefix in ["http://127.0.0.1:", "http://[::1]:", "http://localhost:"] where text.hasPrefix(prefix) {
                let rest = text.dropFirst(prefix.count)
                guard let slash = rest.firstIndex(of: "/"), rest[..<slash].allSatisfy(\.isNumber) else { return nil }
                return prefix + String(rest[slash...])
            }
            return nil
        }
        guard let requestedShape = withoutPort(requested) else { return false }
        return requestedShape == withoutPort(registered)
    }

    private func authorize(_ fields: [String: String]) async throws -> Response {
        if let ticket = fields["ticket"] { return try await decide(ticket: ticket, allow: fields["decision"] == "allow") }
        let parameters = AuthorizeParameters(fields)
        let app: ConnectedApp
        switch checkedApp(parameters) {
        case .app(let found): app = found
        case .refused(let response): return response
        }
        guard parameters.responseType == "token" || parameters.responseType == "code" else {
            return redirect(parameters, error: "unsupported_response_type", description: "response type not supported")
        }
        if let method = fields["code_challenge_method"], method != "S256" {
            return redirect(parameters, error: "invalid_request", description: "code_challenge_method must be S256")
        }
        let scopes: [String]
        do {
            scopes = try services.oauth.grantedScope(requested: parameters.scope, app: app)
        } catch {
            return redirect(parameters, error: error.error, description: error.description)
        }
        guard let username = fields["username"], let password = fields["password"] else {
            return Responses.html(AuthorizationPages.login(parameters: parameters.formFields, appName: app.name, error: nil))
        }
        guard let userID = await services.oauth.authenticate(username: username, password: password) else {
            return Responses.html(
                AuthorizationPages.login(
                    parameters: parameters.formFields, appName: app.name,
                    error: "Please check your username and password."), status: .unauthorized)
        }
        let ticket = RandomText.make(length: 40, alphabet: RandomText.tokenAlphabet)
        let now = services.store.clock()
        let expires = now.addingTimeInterval(10 * 60)
        services.pendingConsents.withLock { pending in
            pending = pending.filter { $0.value.expires > now }
            pending[ticket] = LocalOrgServices.PendingConsent(
                userID: userID, username: username, app: app, parameters: parameters,
                scopes: scopes, expires: expires)
        }
        return Responses.html(AuthorizationPages.consent(ticket: ticket, appName: app.name, scopes: scopes, username: username))
    }

    private func decide(ticket: String, allow: Bool) async throws -> Response {
        let now = services.store.clock()
        guard let pending = services.pendingConsents.withLock({ $0.removeValue(forKey: ticket) }), pending.expires > now else {
            return Responses.html(
                AuthorizationPages.error("invalid_request", "This login has expired; start again from the app."), status: .badRequest)
        }
        let parameters = pending.parameters
        guard allow else { return redirect(parameters, error: "access_denied", description: "end-user denied authorization") }
        if parameters.responseType == "code" {
            let code = try await services.oauth.makeCode(
                userID: pending.userID, clientID: pending.app.consumerKey, redirectURI: parameters.redirectURI,
                scope: pending.scopes, codeChallenge: parameters.codeChallenge)
            var pairs = [("code", code)]
            if let state = parameters.state { pairs.append(("state", state)) }
            return Responses.redirect(to: append(pairs, to: parameters.redirectURI, inFragment: false))
        }
        let grant = try await services.oauth.issue(
            userID: pending.userID, clientID: pending.app.consumerKey, scope: pending.scopes,
            withRefreshToken: pending.scopes.contains("refresh_token") || pending.scopes.contains("offline_access"))
        var pairs = tokenFields(grant, app: pending.app).map { ($0.key, $0.value) }.sorted { $0.0 < $1.0 }
        if let state = parameters.state { pairs.append(("state", state)) }
        return Responses.redirect(to: append(pairs, to: parameters.redirectURI, inFragment: true))
    }

    private func redirect(_ parameters: AuthorizeParameters, error: String, description: String) -> Response {
        var pairs = [("error", error), ("error_description", description)]
        if let state = parameters.state { pairs.append(("state", state)) }
        return Responses.redirect(to: append(pairs, to: parameters.redirectURI, inFragment: parameters.responseType == "token"))
    }

    private func append(_ pairs: [(String, String)], to url: String, inFragment: Bool) -> String {
        let encoded = FormEncoding.encode(pairs)
        if inFragment { return url + "#" + encoded }
        return url + (url.contains("?") ? "&" : "?") + encoded
    }

    // MARK: - Token

    private func tokenFields(_ grant: TokenGrant, app: ConnectedApp) -> [String: String] {
        let identity = services.identityURL(userID: grant.userID)
        var fields = [
            "access_token": grant.accessToken,
            "instance_url": services.baseURL,
            "id": identity,
            "token_type": "Bearer",
            "issued_at": String(grant.issuedAt),
            "scope": grant.scope,
            "signature": PasswordHash.signature(
                identityURL: identity, issuedAt: grant.issuedAt,
                key: app.consumerSecret ?? services.settings.organizationID),
        ]
        fields["refresh_token"] = grant.refreshToken
        return fields
    }

    private func token(_ fields: [String: String]) async throws -> Response {
        let clientID = fields["client_id"] ?? ""
        let grant: TokenGrant
        switch fields["grant_type"] {
        case "authorization_code":
            grant = try await services.oauth.exchange(
                code: fields["code"] ?? "", clientID: clientID, redirectURI: fields["redirect_uri"],
                codeVerifier: fields["code_verifier"], clientSecret: fields["client_secret"])
        case "refresh_token":
            grant = try await services.oauth.refresh(
                token: fields["refresh_token"] ?? "", clientID: clientID, clientSecret: fields["client_secret"])
        case "password":
            grant = try await services.oauth.password(
                username: fields["username"] ?? "", password: fields["password"] ?? "",
                clientID: clientID, clientSecret: fields["client_secret"], scope: fields["scope"])
        case let other:
            throw OAuthError("unsupported_grant_type", other == nil ? "grant type is missing" : "grant type not supported")
        }
        guard let app = services.oauth.app(clientID: clientID) else { throw OAuthError.invalidClientID }
        return Responses.json(.object(tokenFields(grant, app: app).mapValues(JSON.string)))
    }

    private func revoke(_ fields: [String: String]) async throws -> Response {
        // The revoke call stays out of the guard's condition: Swift 6.3 crashes compiling an
        // awaited typed-throws call there in release builds.
        let token = fields["token"] ?? ""
        let revoked = token.isEmpty ? false : try await services.oauth.revoke(token: token)
        guard revoked else { throw OAuthError("unsupported_token_type", "this token type is not supported") }
        return Response(status: .ok)
    }

    // MARK: - Identity

    private func identity(_ request: Request, context: LocalOrgRequestContext) async throws -> Response {
        func failure(_ status: HTTPResponse.Status, _ code: String) -> Response {
            Response(
                status: status, headers: [.contentType: "text/plain;charset=UTF-8"], body: ResponseBody(byteBuffer: .init(string: code)))
        }
        var token = Responses.query("oauth_token", of: request)
        if let header = request.headers[.authorization] {
            let parts = header.split(separator: " ", maxSplits: 1)
            if parts.count == 2 { token = String(parts[1]) }
        }
        guard let token else { return failure(.forbidden, "Missing_OAuth_Token") }
        guard let session = try? await services.oauth.session(accessToken: token) else { return failure(.forbidden, "Bad_OAuth_Token") }
        let orgID = context.parameters.get("org") ?? ""
        let userID = context.parameters.get("user") ?? ""
        guard let org = RecordID.normalized(orgID), org == services.settings.organizationID else { return failure(.forbidden, "Wrong_Org") }
        guard let user = RecordID.normalized(userID), user.hasPrefix("005"),
            let record = try? await services.store.retrieve("User", id: user, version: APIVersion.current.description)
        else {
            return failure(.notFound, "Bad_Id")
        }
        guard record["IsActive"] == .bool(true) else { return failure(.notFound, "Inactive") }
        let document = IdentityDocument.identity(
            user: record, baseURL: services.baseURL, organizationID: services.settings.organizationID,
            asserted: session.userID == user, app: services.oauth.app(clientID: session.clientID), scope: session.scope)
        return Responses.json(document)
    }
}
