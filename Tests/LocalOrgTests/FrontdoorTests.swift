import ForceKitTestSupport
import ForceKitTesting
import Foundation
import LocalOrg
import SalesforceAuth
import SalesforceCore
import Testing
import URLEncoding

/// `frontdoor.jsp`: an API session becomes a browser session, which the authorize endpoint
/// takes as logged in (consent still asked), and nothing else gets through.
@Suite("LocalOrg frontdoor.jsp")
struct FrontdoorTests {
    func authorizePath(_ org: APITestOrg, clientID: String = SampleServiceProviderApp.consumerKey) -> String {
        "/services/oauth2/authorize?"
            + FormEncoding.encode([
                ("response_type", "code"), ("client_id", clientID), ("redirect_uri", SampleServiceProviderApp.callbackURL),
                ("code_challenge", "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"), ("state", "s1"),
            ])
    }

    @Test("a valid session id sets a browser session; the authorize page then asks for consent, not a password, and the code is the SP's")
    func browserSession() async throws {
        try await withTestOrg(seed: false) { org throws in
            let token = try await org.passwordToken()
            let door = try await org.send(
                "GET", "/secur/frontdoor.jsp?" + FormEncoding.encode([("sid", token), ("retURL", authorizePath(org))]))
            #expect(door.status == 302 && door.header("Location") == authorizePath(org))
            let cookie = try #require(door.header("Set-Cookie")?.split(separator: ";").first.map(String.init))
            // Salesforce's `sid`, named for the org's port: cookies ignore ports, and another LocalOrg on this host has its own.
            let port = try #require(URLComponents(string: org.credentials.instanceURL)?.port)
            #expect(cookie.hasPrefix("sid_\(port)=") && door.header("Set-Cookie")?.contains("HttpOnly") == true)
            let page = try await org.send("GET", authorizePath(org), headers: ["Cookie": cookie])
            #expect(page.status == 200 && page.text.contains("name=\"ticket\"") && !page.text.contains("name=\"password\""))
            // Without the cookie (another browser), the same page asks for a password.
            let anonymous = try await org.newClient().send("GET", authorizePath(org))
            #expect(anonymous.text.contains("name=\"password\""))
        }
    }

    @Test("a bad session id, or a return URL off this server, is refused with no session")
    func refusals() async throws {
        try await withTestOrg(seed: false) { org throws in
            let bad = try await org.send("GET", "/secur/frontdoor.jsp?sid=nope&retURL=%2F")
            #expect(bad.status == 401 && bad.header("Set-Cookie") == nil)
            let token = try await org.passwordToken()
            for elsewhere in [
                "https://evil.example/", "//evil.example/x", "/\\evil.example/x", "javascript:alert(1)", "/a\r\nSet-Cookie: x=y",
            ] {
                let reply = try await org.send(
                    "GET", "/secur/frontdoor.jsp?" + FormEncoding.encode([("sid", token), ("retURL", elsewhere)]))
                #expect(reply.status == 401 && reply.header("Location") == nil && reply.header("Set-Cookie") == nil, "\(elsewhere)")
            }
            let absolute = try await org.send(
                "GET", "/secur/frontdoor.jsp?" + FormEncoding.encode([("sid", token), ("retURL", org.credentials.instanceURL + "/home")]))
            #expect(absolute.status == 302 && absolute.header("Location") == "/home")
        }
    }
}
