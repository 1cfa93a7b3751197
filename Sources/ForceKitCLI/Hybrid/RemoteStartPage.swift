import Foundation
import SalesforceApp
import SalesforceAuth
import SalesforceCore
import SalesforceREST
import URLEncoding

/// A remote start page (`"isLocal": false`, `"startPage": "apex/ContactsPage"`) as the SDK's
/// container opens one, for `forcekit hybrid serve`: the org's pages are fetched for the browser
/// under the served origin, so that their plugin calls reach the bridge as a web view's do.
///
/// - The first page opens a web session through `frontdoor.jsp` with the user's access token.
/// - When the org sends the page to its login page (`ec=301` or `ec=302`, the session gone), the
///   token is renewed, a fresh `frontdoor.jsp` opens a new session, and the same page (its query
///   too: the user's place) is fetched again, as the guide says the container does on a reload.
/// - With `attemptOfflineLoad`, the last copy of each page fetched is kept, and served when the
///   org cannot be reached; otherwise the boot config's error page is shown.
actor RemoteStartPage {
    private let app: SalesforceApp
    private let keepsOfflineCopies: Bool
    /// The org's web session, as the `Cookie` header carries it.
    private var sessionCookie: String?
    private var copies: [String: Page] = [:]
    /// The kept copies' paths, the oldest first: at most ``keptCopies`` are kept.
    private var copyOrder: [String] = []
    /// How many pages' copies are kept, and how large one may be.
    static let keptCopies = 64
    static let largestCopy = 8 << 20
    private let transport = URLSessionTransport(timeout: 30, followsRedirects: false)

    /// A page as the browser gets it.
    struct Page: Sendable {
        var status: Int
        var contentType: String
        var body: Data
        /// Where the browser goes instead (a login the user must do), for a redirect.
        var location: String?
        /// True for a copy kept from an earlier load, served while the org cannot be reached.
        var isOfflineCopy = false
    }

    init(app: SalesforceApp, keepsOfflineCopies: Bool) {
        self.app = app
        self.keepsOfflineCopies = keepsOfflineCopies
    }

    /// The org's answer for `pathAndQuery` (`/apex/ContactsPage?view=2`); nil when the org cannot
    /// be reached and no copy is kept, so the caller shows the error page.
    func page(_ pathAndQuery: String) async -> Page? {
        do {
            var answer = try await fetch(pathAndQuery, renewing: false)
            if Self.isLoginRedirect(answer) { answer = try await fetch(pathAndQuery, renewing: true) }
            if keepsOfflineCopies, answer.status == 200, answer.body.count <= Self.largestCopy { keep(answer, for: pathAndQuery) }
            return answer
        } catch {
            guard var copy = copies[pathAndQuery] else { return nil }
            copy.isOfflineCopy = true
            return copy
        }
    }

    /// Keeps `page` as the copy of `pathAndQuery`, letting go of the oldest past the limit.
    private func keep(_ page: Page, for pathAndQuery: String) {
        if copies.updateValue(page, forKey: pathAndQuery) == nil { copyOrder.append(pathAndQuery) }
        while copyOrder.count > Self.keptCopies { copies[copyOrder.removeFirst()] = nil }
    }

    /// One fetch with the web session, opened first when there is none (or `renewing`, after the
    /// org dropped it: the token is renewed on the way when it was revoked or expired).
    private func fetch(_ pathAndQuery: String, renewing: Bool) async throws -> Page {
        let client = try await app.restClient()
        if renewing {
            sessionCookie = nil
            // An authenticated call renews the access token when the org refuses it.
            _ = try await client.send(client.requests.limits())
        }
        guard let credentials = await client.credentials, let token = credentials.accessToken else {
            throw CLIInputError("nobody is signed in: log in first (forcekit login)")
        }
        var instance = credentials.instanceURL.absoluteString
        while instance.hasSuffix("/") { instance.removeLast() }
        if sessionCookie == nil {
            let query = FormEncoding.encode([("sid", token), ("retURL", pathAndQuery)])
            guard let frontdoor = URL(string: instance + "/secur/frontdoor.jsp?" + query) else {
                throw CLIInputError("the org's URL is not valid")
            }
            let opened = try await transport.send(HTTPRequest(method: "GET", url: frontdoor))
            sessionCookie = Self.cookie(in: opened)
        }
        guard let url = URL(string: instance + pathAndQuery) else { throw CLIInputError("\(pathAndQuery) is not a path of the org") }
        var request = HTTPRequest(method: "GET", url: url)
        if let sessionCookie { request.headers.append((name: "Cookie", value: sessionCookie)) }
        let response = try await transport.send(request)
        return Page(
            status: response.status, contentType: Self.header("Content-Type", of: response) ?? "application/octet-stream",
            body: response.body, location: Self.header("Location", of: response))
    }

    /// Whether the org sent the browser to its login page because the session is gone: a
    /// redirect whose query has `ec=301` or `ec=302`, the codes a real org puts there.
    static func isLoginRedirect(_ page: Page) -> Bool {
        guard (300..<400).contains(page.status), let location = page.location, let components = URLComponents(string: location) else {
            return false
        }
        return components.queryItems?.contains { $0.name == "ec" && ($0.value == "301" || $0.value == "302") } ?? false
    }

    /// The `name=value` of the session cookie the org set.
    private static func cookie(in response: HTTPResponse) -> String? {
        guard let header = header("Set-Cookie", of: response) else { return nil }
        return header.split(atScalars: [";"]).first.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    private static func header(_ name: String, of response: HTTPResponse) -> String? {
        response.headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }
}
