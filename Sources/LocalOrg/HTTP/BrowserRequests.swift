import Foundation
import Hummingbird
import SalesforceCore

/// What LocalOrg reads from a browser's requests and sets in its cookies: the session cookie, and
/// whether a form was posted from one of this org's pages.
enum BrowserRequests {
    /// The browser session's cookie name: Salesforce's `sid`, with the org's port after it.
    /// Cookies ignore ports, so every LocalOrg on 127.0.0.1 would otherwise share one `sid`, and
    /// logging in to one org would log the browser out of another.
    static func sessionCookieName(baseURL: String) -> String {
        guard let port = URLComponents(string: baseURL)?.port else { return "sid" }
        return "sid_\(port)"
    }

    /// A cookie's value from the `Cookie` header. Pairs split at the separators' scalars, as a
    /// browser writes them: a `;` a combining mark follows is still a separator.
    static func cookie(_ name: String, of request: Request) -> String? {
        for header in request.headers[values: .cookie] {
            for pair in header.split(atScalars: [";"]) {
                let scalars = pair.unicodeScalars
                guard let equals = scalars.firstIndex(of: "=") else { continue }
                guard Substring(scalars[..<equals]).trimmingCharacters(in: .whitespaces) == name else { continue }
                return Substring(scalars[scalars.index(after: equals)...]).trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    /// The browser session's cookie value, if the request has one.
    static func session(of request: Request, baseURL: String) -> String? { cookie(sessionCookieName(baseURL: baseURL), of: request) }

    /// The `Set-Cookie` value of a browser session: script cannot read it, other sites' links
    /// carry it only on top-level navigation, and over TLS it never travels in plain text.
    static func sessionCookie(_ value: String, baseURL: String) -> String {
        "\(sessionCookieName(baseURL: baseURL))=\(value); Path=/; HttpOnly; SameSite=Lax" + (baseURL.hasPrefix("https:") ? "; Secure" : "")
    }

    /// The `Set-Cookie` value that removes the browser session.
    static func sessionCookieRemoved(baseURL: String) -> String {
        "\(sessionCookieName(baseURL: baseURL))=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0"
    }

    /// Whether a post came from a page of the org at `baseURL`, by its `Origin` (browsers send one
    /// with every post; a client without one is no browser another site can drive).
    static func isFromThisOrg(_ request: Request, baseURL: String) -> Bool {
        guard let origin = request.headers[.origin] else { return true }
        return origin.lowercased() == baseURL.lowercased()
    }
}
