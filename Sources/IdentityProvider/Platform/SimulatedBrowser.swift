public import Foundation
public import SalesforceAuth
import URLEncoding

/// The IdP's web view where there is none: loads `frontdoor.jsp`, keeps the session cookie it
/// sets, follows the redirects to the authorize page, answers the consent page as its user
/// decides, and returns the redirect to the SP's callback, which it never follows.
///
/// On Apple platforms the IdP uses a real web view or `WebAuthenticationBrowser` (Apple platforms)
/// instead. It never types a password: a login page means the IdP's session was not accepted.
public struct SimulatedBrowser: BrowserSession {
    private let transport: any HTTPTransport
    private let allowsAccess: Bool

    /// A browser whose user allows access on consent pages (or denies it), over `transport`,
    /// which must return redirects instead of following them.
    public init(allowsAccess: Bool = true, transport: any HTTPTransport = URLSessionTransport(followsRedirects: false)) {
        self.allowsAccess = allowsAccess
        self.transport = transport
    }

    /// Loads `url` and returns the first redirect to `redirectURI`.
    /// - Throws: `OAuthError` `browserLaunchFailed` when a page is not what a
    ///   logged-in browser gets (a login form, an error page, a redirect elsewhere), naming it.
    public func authenticate(url: URL, redirectURI: String) async throws(OAuthError) -> String {
        var cookies: [String: String] = [:]
        var next = HTTPRequest(method: "GET", url: url)
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
            if let cookie = response.headers["set-cookie"], let pair = cookie.split(separator: ";").first {
                let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
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
            guard response.isSuccess, let ticket = Self.hiddenValue("ticket", in: page) else {
                let what = page.contains("name=\"password\"") ? "a login page" : "a page with status \(response.status)"
                throw OAuthError(.browserLaunchFailed, "The authorize step showed \(what) instead of the consent page.")
            }
            let form = FormEncoding.encode([("ticket", ticket), ("decision", allowsAccess ? "allow" : "deny")])
            guard let action = Self.sameOrigin("/services/oauth2/authorize", as: next.url) else {
                throw OAuthError(.browserLaunchFailed, "The consent page's form has no address.")
            }
            next = HTTPRequest(
                method: "POST", url: action, headers: [("Content-Type", "application/x-www-form-urlencoded")], body: Data(form.utf8))
        }
        throw OAuthError(.browserLaunchFailed, "The pages redirected more than ten times.")
    }

    /// `location` resolved against `base`, when it stays on the same scheme, host and port.
    private static func sameOrigin(_ location: String, as base: URL) -> URL? {
        guard let target = URL(string: location, relativeTo: base)?.absoluteURL,
            target.scheme == base.scheme, target.host == base.host, target.port == base.port
        else { return nil }
        return target
    }

    private static func hiddenValue(_ name: String, in html: String) -> String? {
        guard let range = html.range(of: "name=\"\(name)\" value=\"") else { return nil }
        let rest = html[range.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }
}
