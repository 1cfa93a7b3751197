public import Foundation
import SalesforceCore
import URLEncoding

/// Plays the user at LocalOrg's login and consent pages: what a person does in the browser
/// during an OAuth login, for tests that need a real authorization code or fragment.
public struct LoginPageDriver: Sendable {
    /// The username typed in.
    public var username: String
    /// The password typed in.
    public var password: String
    /// Whether the user allows access on the consent page.
    public var allows: Bool

    /// A user who types these credentials and allows access unless told otherwise.
    public init(username: String, password: String, allows: Bool = true) {
        self.username = username
        self.password = password
        self.allows = allows
    }

    /// Why the pages did not end in a redirect.
    public struct Failure: Error, CustomStringConvertible {
        /// What happened.
        public let description: String
    }

    /// Opens `authorizeURL`, logs in, answers the consent page and returns the `Location` the
    /// server redirected to: the app's callback URL.
    public func approve(authorizeURL: URL) async throws -> String {
        guard var components = URLComponents(url: authorizeURL, resolvingAgainstBaseURL: false), let host = components.host else {
            throw Failure(description: "\(authorizeURL) is not a URL")
        }
        let base = "\(components.scheme ?? "http")://\(host)" + (components.port.map { ":\($0)" } ?? "")
        let client = LoopbackHTTPClient(baseURL: base)
        var fields = Dictionary(FormEncoding.decode(components.percentEncodedQuery ?? ""), uniquingKeysWith: { first, _ in first })
        fields["username"] = username
        fields["password"] = password
        components.query = nil
        let path = components.percentEncodedPath
        let login = try await client.send(
            "POST", path, headers: ["Content-Type": "application/x-www-form-urlencoded"],
            body: LoopbackHTTPClient.formBody(fields))
        if let location = login.header("Location") { return location }
        guard let ticket = Self.hiddenValue("ticket", in: login.text) else {
            throw Failure(description: "the login page answered \(login.status) without a consent page: \(login.text.prefix(300))")
        }
        // The consent page binds its decision to this browser with a cookie, which goes back with it.
        var headers = ["Content-Type": "application/x-www-form-urlencoded"]
        if let cookie = login.header("Set-Cookie")?.split(separator: ";").first { headers["Cookie"] = String(cookie) }
        let consent = try await client.send(
            "POST", path, headers: headers, body: LoopbackHTTPClient.formBody(["ticket": ticket, "decision": allows ? "allow" : "deny"]))
        guard let location = consent.header("Location") else {
            throw Failure(description: "the consent page answered \(consent.status) without a redirect")
        }
        return location
    }

    private static func hiddenValue(_ name: String, in html: String) -> String? {
        guard let range = html.range(of: "name=\"\(name)\" value=\"") else { return nil }
        let rest = html[range.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }
}
