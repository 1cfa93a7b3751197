import Foundation
import Hummingbird

/// The cookies LocalOrg sets in browsers: reading them from a request, and the browser session's.
enum BrowserCookies {
    /// The browser session's cookie name, as Salesforce's.
    static let session = "sid"

    /// A cookie's value from the `Cookie` header.
    static func value(_ name: String, of request: Request) -> String? {
        for header in request.headers[values: .cookie] {
            for pair in header.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                if parts.count == 2, parts[0] == name { return parts[1] }
            }
        }
        return nil
    }

    /// The `Set-Cookie` value of a browser session: script cannot read it, other sites' links
    /// carry it only on top-level navigation, and over TLS it never travels in plain text.
    static func session(_ value: String, secure: Bool) -> String {
        "\(session)=\(value); Path=/; HttpOnly; SameSite=Lax" + (secure ? "; Secure" : "")
    }

    /// The `Set-Cookie` value that removes the browser session.
    static let sessionRemoved = "\(session)=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0"
}
