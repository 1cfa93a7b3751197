import Foundation
import Hummingbird

/// What LocalOrg reads from a browser's requests and sets in its cookies: the session cookie, and
/// whether a form was posted from one of this org's pages.
enum BrowserRequests {
    /// The browser session's cookie name, as Salesforce's.
    private static let sessionCookieName = "sid"

    /// A cookie's value from the `Cookie` header.
    static func cookie(_ name: String, of request: Request) -> String? {
        for header in request.headers[values: .cookie] {
            for pair in header.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                if parts.count == 2, parts[0] == name { return parts[1] }
            }
        }
        return nil
    }

    /// The browser session's cookie value, if the request has one.
    static func session(of request: Request) -> String? { cookie(sessionCookieName, of: request) }

    /// The `Set-Cookie` value of a browser session: script cannot read it, other sites' links
    /// carry it only on top-level navigation, and over TLS it never travels in plain text.
    static func sessionCookie(_ value: String, secure: Bool) -> String {
        "\(sessionCookieName)=\(value); Path=/; HttpOnly; SameSite=Lax" + (secure ? "; Secure" : "")
    }

    /// The `Set-Cookie` value that removes the browser session.
    static let sessionCookieRemoved = "\(sessionCookieName)=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0"

    /// Whether a post came from a page of the org at `baseURL`, by its `Origin` (browsers send one
    /// with every post; a client without one is no browser another site can drive).
    static func isFromThisOrg(_ request: Request, baseURL: String) -> Bool {
        guard let origin = request.headers[.origin] else { return true }
        return origin.lowercased() == baseURL.lowercased()
    }
}
