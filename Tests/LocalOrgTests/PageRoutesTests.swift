import ForceKitTestSupport
import ForceKitTesting
import Foundation
import LocalOrg
import SalesforceAuth
import SalesforceCore
import Testing
import URLEncoding

/// `forcekit serve --pages DIR`: `/apex/NAME` as a real org serves a Visualforce page, behind
/// its web session.
@Suite("LocalOrg pages at /apex/NAME")
struct PageRoutesTests {
    @Test(
        "without a session a page goes to the login page with ec=302 and startURL; through frontdoor it is served, until its token is revoked"
    )
    func pageBehindSession() async throws {
        try await withTemporaryDirectory { folder in
            try Data("<!doctype html><title>Contacts</title><p>Contacts page</p>".utf8)
                .write(to: folder.appendingPathComponent("ContactsPage.html"))
            var configuration = LocalOrgConfiguration()
            configuration.pagesDirectory = folder
            try await withTestOrg(seed: false, configuration: configuration) { org in
                // What a real org answers a browser without a session: its login page, the page to come back to.
                let anonymous = try await org.send("GET", "/apex/ContactsPage?view=2")
                #expect(anonymous.status == 302)
                let login = try #require(anonymous.header("Location").flatMap(URLComponents.init(string:)))
                #expect(login.path == "/login")
                #expect(login.queryItems?.first { $0.name == "ec" }?.value == "302")
                #expect(login.queryItems?.first { $0.name == "startURL" }?.value == "/apex/ContactsPage?view=2")
                // Whether a page exists is not told before the login either.
                #expect(try await org.send("GET", "/apex/NoSuchPage").status == 302)

                let token = try await org.passwordToken()
                let door = try await org.send(
                    "GET", "/secur/frontdoor.jsp?" + FormEncoding.encode([("sid", token), ("retURL", "/apex/ContactsPage?view=2")]))
                #expect(door.status == 302 && door.header("Location") == "/apex/ContactsPage?view=2")
                let cookie = try #require(door.header("Set-Cookie")?.split(separator: ";").first.map(String.init))
                let page = try await org.send("GET", "/apex/ContactsPage?view=2", headers: ["Cookie": cookie])
                #expect(page.status == 200 && page.text.contains("Contacts page"))
                #expect(page.header("Content-Type")?.hasPrefix("text/html") == true)
                // A page runs its own scripts, as a Visualforce page does, and reaches only its org.
                #expect(page.header("Content-Security-Policy")?.contains("script-src 'self' 'unsafe-inline'") == true)

                for name in [
                    "NoSuchPage", "..%2FContactsPage", "Contacts__Page", "_Contacts", "1Contacts", "Contacts%2Ehtml", "Cont%C3%A4cts",
                ] {
                    #expect(try await org.send("GET", "/apex/" + name, headers: ["Cookie": cookie]).status == 404, "\(name)")
                }

                _ = try await org.send("POST", "/services/oauth2/revoke", form: ["token": token])
                let ended = try await org.send("GET", "/apex/ContactsPage", headers: ["Cookie": cookie])
                #expect(ended.status == 302 && ended.header("Location")?.contains("ec=302") == true)
            }
        }
    }

    @Test("an org served without --pages has no /apex pages")
    func noPagesFolder() async throws {
        try await withTestOrg(seed: false) { org in
            let token = try await org.passwordToken()
            let door = try await org.send("GET", "/secur/frontdoor.jsp?" + FormEncoding.encode([("sid", token), ("retURL", "/")]))
            let cookie = try #require(door.header("Set-Cookie")?.split(separator: ";").first.map(String.init))
            #expect(try await org.send("GET", "/apex/ContactsPage", headers: ["Cookie": cookie]).status == 404)
        }
    }
}
