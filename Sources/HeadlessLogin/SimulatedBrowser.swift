public import Foundation
public import SalesforceAuth
import SalesforceCore
import URLEncoding

/// A browser where there is none (the IdP's web view, a tool's login): loads a page such as
/// `frontdoor.jsp` or the authorize URL, keeps the session cookie it sets, follows the redirects,
/// answers the login and consent pages as its user decides, and returns the redirect to the
/// app's callback, which it never follows.
///
/// ForceKit's one login-page player: the `forcekit` CLI (`login --local`, the quickstart, the
/// identity-provider demo) and tests (through ForceKitTesting, which re-exports it) log in with it.
/// On Apple platforms apps use a real web view or `WebAuthenticationBrowser` instead.
///
/// An IdP's browser has no credentials: a login page then means the IdP's session was not
/// accepted. One made with a user's credentials types them at the login page, as that person
/// would.
public struct SimulatedBrowser: BrowserSession {
    private let transport: any HTTPTransport
    private let allowsAccess: Bool
    private let credentials: (username: String, password: String)?
    private let logsInWithCertificate: Bool

    /// A browser whose user allows access on consent pages (or denies it), over `transport`,
    /// which must return redirects instead of following them.
    public init(allowsAccess: Bool = true, transport: any HTTPTransport = URLSessionTransport(followsRedirects: false)) {
        self.allowsAccess = allowsAccess
        self.transport = transport
        credentials = nil
        logsInWithCertificate = false
    }

    /// A browser whose user types `username` and `password` at the login page, then allows
    /// access on the consent page (or denies it), over `transport`, which must return redirects
    /// instead of following them.
    public init(
        username: String, password: String, allowsAccess: Bool = true,
        transport: any HTTPTransport = URLSessionTransport(followsRedirects: false)
    ) {
        self.allowsAccess = allowsAccess
        self.transport = transport
        credentials = (username, password)
        logsInWithCertificate = false
    }

    /// A browser whose user chooses Certificate-Based Login at the login page, then allows access
    /// on the consent page (or denies it). `transport` presents the user's certificate in its TLS
    /// handshakes (as the CLI's does for `forcekit login --cert`) and must return redirects
    /// instead of following them.
    public init(certificateLoginOver transport: any HTTPTransport, allowsAccess: Bool = true) {
        self.allowsAccess = allowsAccess
        self.transport = transport
        credentials = nil
        logsInWithCertificate = true
    }

    /// Loads `url` and returns the first redirect to `redirectURI`.
    /// - Throws: `OAuthError` `browserLaunchFailed` when a page is not what the browser's user
    ///   expects (a login form without credentials or after refusing them, an error page, a
    ///   redirect elsewhere), naming it.
    public func authenticate(url: URL, redirectURI: String) async throws(OAuthError) -> String {
        var cookies: [String: String] = [:]
        var next = HTTPRequest(method: "GET", url: url)
        var typedCredentials = false
        for _ in 0..<10 {
            if !cookies.isEmpty {
                next.headers.append(("Cookie", cookies.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: "; ")))
            }
            let response: HTTPResponse
            do {
                response = try await transport.send(next)
            } catch {
                throw OAuthError(.browserLaunchFailed, "The page \(next.url.path) did not load: \(error.description)")
            }
            if let cookie = response.headers["set-cookie"], let pair = cookie.split(atScalars: [";"]).first {
                let parts = pair.split(atScalars: ["="], maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                if parts.count == 2 { cookies[parts[0]] = parts[1] }
            }
            if let location = response.headers["location"] {
                if location.lowercased().hasPrefix(redirectURI.lowercased()) { return location }
                guard let target = Self.sameOrigin(location, as: next.url) else {
                    throw OAuthError(.browserLaunchFailed, "The server redirected to \(location), which is not this org.")
                }
                next = HTTPRequest(method: "GET", url: target)
                continue
            }
            let page = String(decoding: response.body, as: UTF8.self)
            let offersCertificate = page.contains("name=\"login_method\" value=\"certificate\"")
            let isLoginPage = page.contains("name=\"password\"") || offersCertificate
            // The form posts where the page says (a site's pages post under its path).
            guard let action = Self.sameOrigin(HTMLPage(page).formAction ?? "/services/oauth2/authorize", as: next.url) else {
                throw OAuthError(.browserLaunchFailed, "The page's form has no address.")
            }
            let form: String
            if isLoginPage, typedCredentials {
                let reason = HTMLPage(page).alert ?? "no reason shown"
                if let credentials {
                    throw OAuthError(
                        .browserLaunchFailed, "The login page refused the username and password of \(credentials.username): \(reason)")
                }
                throw OAuthError(.browserLaunchFailed, "The login page refused the certificate: \(reason)")
            }
            if response.isSuccess, isLoginPage, logsInWithCertificate {
                guard offersCertificate else {
                    throw OAuthError(
                        .browserLaunchFailed, "The login page offers no certificate-based login (serve LocalOrg with --client-ca).")
                }
                typedCredentials = true
                let typed = HTMLPage(page).hiddenFields.filter { $0.name != "login_method" }
                form = FormEncoding.encode(typed + [("login_method", "certificate")])
            } else if response.isSuccess, isLoginPage, let credentials {
                typedCredentials = true
                // What a person's browser posts: the form's hidden fields and what they typed.
                let typed = HTMLPage(page).hiddenFields.filter { $0.name != "username" && $0.name != "password" }
                form = FormEncoding.encode(typed + [("username", credentials.username), ("password", credentials.password)])
            } else if response.isSuccess, let ticket = HTMLPage(page).hiddenField(named: "ticket") {
                form = FormEncoding.encode([("ticket", ticket), ("decision", allowsAccess ? "allow" : "deny")])
            } else {
                let what = isLoginPage ? "a login page" : "a page with status \(response.status)"
                throw OAuthError(.browserLaunchFailed, "The authorize step showed \(what) instead of the consent page.")
            }
            next = HTTPRequest(
                method: "POST", url: action, headers: [("Content-Type", "application/x-www-form-urlencoded")], body: Data(form.utf8))
        }
        throw OAuthError(.browserLaunchFailed, "The pages redirected more than ten times.")
    }

    /// Opens `authorizeURL`, logs in, answers the consent page and returns the redirect to the
    /// app's callback: the authorize URL's `redirect_uri`, with the code or the tokens.
    /// - Throws: `OAuthError` `browserLaunchFailed` when the URL names no `redirect_uri`, or as
    ///   ``authenticate(url:redirectURI:)`` does.
    public func approve(authorizeURL: URL) async throws(OAuthError) -> String {
        let query = URLComponents(url: authorizeURL, resolvingAgainstBaseURL: false)?.percentEncodedQuery ?? ""
        guard let redirectURI = FormEncoding.decode(query).first(where: { $0.0 == "redirect_uri" })?.1 else {
            throw OAuthError(.browserLaunchFailed, "\(authorizeURL) names no redirect_uri.")
        }
        return try await authenticate(url: authorizeURL, redirectURI: redirectURI)
    }

    /// `location` resolved against `base`, when it stays on the same scheme, host and port.
    private static func sameOrigin(_ location: String, as base: URL) -> URL? {
        guard let target = URL(string: location, relativeTo: base)?.absoluteURL,
            target.scheme == base.scheme, target.host == base.host, target.port == base.port
        else { return nil }
        return target
    }
}
