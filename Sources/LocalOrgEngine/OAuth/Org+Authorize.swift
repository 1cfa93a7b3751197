import Foundation
import URLEncoding

/// The authorize endpoint: the user-agent and web-server flows, through login and consent.
extension Org {
    /// The next step of an authorize request; `fields` are its query and form fields, and
    /// `browserSession` the `sid` cookie of a browser that `frontdoor.jsp` logged in, if any.
    ///
    /// A decision (`ticket` and `decision`) counts only with the `browserBinding` cookie the consent
    /// page set, so a ticket taken to another browser, or a form posted from another site, is refused.
    /// With `certificates` the login page offers certificate-based login (`login_method=certificate`),
    /// or requires it; a connected app can require it too. At a `site`, the page is the site's and
    /// its members log in (certificates are not offered there, as at Salesforce's sites).
    package func authorize(
        _ fields: [String: String], browserSession: String? = nil, browserBinding: String? = nil,
        certificates: CertificateLoginPolicy? = nil,
        site: ExperienceSite? = nil
    ) async -> AuthorizeStep {
        let certificates = site == nil ? certificates : nil
        if let ticket = fields["ticket"] {
            return await decide(ticket: ticket, binding: browserBinding, allow: fields["decision"] == "allow")
        }
        let parameters = AuthorizeParameters(fields)
        // Client and callback first: a wrong redirect_uri gets an error page, never a redirect,
        // so a token can never go to a URL the app did not register.
        guard let app = oauth.app(clientID: parameters.clientID) else {
            return .error(code: "invalid_client_id", description: "client identifier invalid")
        }
        guard app.callbackURLs.contains(where: { Self.callback(parameters.redirectURI, matches: $0) }) else {
            return .error(code: "redirect_uri_mismatch", description: "redirect_uri must match configuration")
        }
        guard parameters.responseType == "token" || parameters.responseType == "code" else {
            return redirect(parameters, error: "unsupported_response_type", description: "response type not supported")
        }
        if let method = fields["code_challenge_method"], method != "S256" {
            return redirect(parameters, error: "invalid_request", description: "code_challenge_method must be S256")
        }
        let scopes: [String]
        do {
            scopes = try oauth.grantedScope(requested: parameters.scope, app: app)
        } catch {
            return redirect(parameters, error: error.error, description: error.description)
        }
        // A signed-in browser (frontdoor.jsp, the console's login) skips the login form, never the
        // consent page, and only while its session's access token lives.
        let methods = LoginMethods(
            password: !(app.requiresCertificateLogin || certificates?.isRequired == true), certificate: certificates != nil)
        func loginPage(_ error: String?) -> AuthorizeStep {
            .login(parameters: parameters.formFields, appName: app.name, error: error, methods: methods, siteName: site?.name)
        }
        let user: (id: String, username: String)
        if let browser = await browserUser(session: browserSession), await oauth.mayLogIn(userID: browser.userID, at: site?.networkID) {
            user = (browser.userID, browser.username)
        } else if !methods.password && !methods.certificate {
            return .error(
                code: "invalid_request",
                description:
                    "\(app.name) requires certificate-based login, which this org does not offer: serve it with --tls --client-ca FILE.")
        } else if fields["login_method"] == "certificate", let certificates {
            let presented = await certificates.presented()
            guard case .valid(let names) = presented, let found = await certificateUser(names: names) else {
                return loginPage(Self.certificateRefusal(presented))
            }
            user = found
        } else {
            guard let username = fields["username"], let password = fields["password"] else { return loginPage(nil) }
            guard methods.password else { return loginPage(Self.certificateRequired(app.requiresCertificateLogin ? app.name : "This org")) }
            switch await oauth.authenticate(username: username, password: password) {
            case .user(let id):
                // A site's external user at another site or the internal login: as a wrong password.
                guard await oauth.mayLogIn(userID: id, at: site?.networkID) else { return loginPage(Self.wrongPassword) }
                user = (id, username)
            case .failed:
                return loginPage(Self.wrongPassword)
            case .lockedOut:
                return loginPage(Self.lockedOut(username))
            }
        }
        let login = PendingLogin(
            userID: user.id, username: user.username, app: app, parameters: parameters, scopes: scopes, networkID: site?.networkID)
        let ticket = logins.add(login, lifetime: PendingLogin.lifetime, now: store.clock())
        return .consent(ticket: ticket, appName: app.name, scopes: scopes, username: user.username, browserBinding: login.browserBinding)
    }

    /// A redirect URI matches a registered callback exactly, or, for a loopback callback
    /// (`http://127.0.0.1:1717/path`), on any port: RFC 8252 §7.3, so a CLI can listen on a free port.
    static func callback(_ requested: String, matches registered: String) -> Bool {
        if requested == registered { return true }
        func withoutPort(_ text: String) -> String? {
            for prefix in ["http://127.0.0.1:", "http://[::1]:", "http://localhost:"] where text.hasPrefix(prefix) {
                let rest = text.dropFirst(prefix.count)
                // A port is 1 to 5 ASCII digits from 1 to 65535: not empty, not `½` or `٣٣`, not 20 digits.
                guard let slash = rest.firstIndex(of: "/"), let port = Int(rest[..<slash]),
                    rest[..<slash].allSatisfy({ $0.isASCII && $0.isNumber }),
                    (1...65535).contains(port)
                else { return nil }
                return prefix + String(rest[slash...])
            }
            return nil
        }
        guard let requestedShape = withoutPort(requested) else { return false }
        return requestedShape == withoutPort(registered)
    }

    private func decide(ticket: String, binding: String?, allow: Bool) async -> AuthorizeStep {
        // Taken whatever the binding: a ticket answered from another browser is used up.
        guard let login = logins.take(ticket, now: store.clock()), login.browserBinding == binding else {
            return .error(
                code: "invalid_request", description: "This login has expired or belongs to another browser; start again from the app.")
        }
        let parameters = login.parameters
        guard allow else { return redirect(parameters, error: "access_denied", description: "end-user denied authorization") }
        do {
            if parameters.responseType == "code" {
                let code = try await oauth.makeCode(
                    userID: login.userID, clientID: login.app.consumerKey, redirectURI: parameters.redirectURI,
                    scope: login.scopes, codeChallenge: parameters.codeChallenge, networkID: login.networkID, nonce: parameters.nonce)
                var pairs = [("code", code)]
                if let state = parameters.state { pairs.append(("state", state)) }
                return .redirect(Self.append(pairs, to: parameters.redirectURI, inFragment: false))
            }
            var grant = try await oauth.issue(
                userID: login.userID, clientID: login.app.consumerKey, scope: login.scopes,
                withRefreshToken: login.scopes.contains("refresh_token") || login.scopes.contains("offline_access"),
                networkID: login.networkID)
            grant.nonce = parameters.nonce
            var pairs = try await tokenFields(grant, app: login.app, withIDToken: true).map { ($0.key, $0.value) }.sorted { $0.0 < $1.0 }
            if let state = parameters.state { pairs.append(("state", state)) }
            return .redirect(Self.append(pairs, to: parameters.redirectURI, inFragment: true))
        } catch {
            return redirect(parameters, error: "server_error", description: error.message)
        }
    }

    private func redirect(_ parameters: AuthorizeParameters, error: String, description: String) -> AuthorizeStep {
        var pairs = [("error", error), ("error_description", description)]
        if let state = parameters.state { pairs.append(("state", state)) }
        return .redirect(Self.append(pairs, to: parameters.redirectURI, inFragment: parameters.responseType == "token"))
    }

    private static func append(_ pairs: [(String, String)], to url: String, inFragment: Bool) -> String {
        let encoded = FormEncoding.encode(pairs)
        if inFragment { return url + "#" + encoded }
        return url + (url.contains("?") ? "&" : "?") + encoded
    }
}
