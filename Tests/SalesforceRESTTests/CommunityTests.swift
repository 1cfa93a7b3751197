import ForceKitTestSupport
import ForceKitTesting
import Foundation
import LocalOrg
import SalesforceAuth
import SalesforceCore
import SalesforceKeys
import SalesforceREST
import Testing
import URLEncoding

/// Experience Cloud sites (communities) end to end: LocalOrg's Partners site, the SDK's login
/// at its URL, its API and refresh, and what its users cannot reach.
@Suite("Communities: a site's login, token, API and refresh")
struct CommunityTests {
    @Test("a site member logs in at the site: the token names it, the API works there, and the internal org's API refuses the session")
    func siteMember() async throws {
        try await withLocalOrg(seed: true, tokenLifetime: 60) { org in
            let site = try #require(org.server.sites.first { $0.urlPathPrefix == "partners" })
            let member = try await org.server.addUser(username: "pat@partner.test", password: "Partner#Pass1", site: "partners")
            let host = try #require(LoginHost(site.url))
            let browser = SimulatedBrowser(username: "pat@partner.test", password: "Partner#Pass1")
            let credentials = try await org.oauthClient(scopes: ["api", "refresh_token"]).logIn(at: host, using: browser)
            #expect(credentials.identity.userID == member.userID)
            #expect(credentials.identity.communityID?.id18 == site.networkID)
            #expect(credentials.communityURL?.absoluteString == site.url)
            #expect(credentials.apiURL.absoluteString == site.url)

            // The API at the site's URL, through the SDK.
            let client = RestClient(credentials: credentials, refresher: nil)
            let reply = try await client.send(client.requests.query("SELECT Id FROM Account LIMIT 1"))
            #expect(reply.status == 200)

            // The same session at the internal org's URL: refused, as Salesforce refuses it.
            for base in [org.credentials.instanceURL, site.url] {
                let limits = try #require(URL(string: "\(base)/services/data/\(APIVersion.current)/limits"))
                let answer = try await URLSessionTransport.shared.send(
                    HTTPRequest(method: "GET", url: limits, headers: [("Authorization", "Bearer \(credentials.accessToken ?? "")")]))
                #expect(answer.status == (base == site.url ? 200 : 401), "\(base)")
                if base != site.url { #expect(String(decoding: answer.body, as: UTF8.self).contains("INVALID_SESSION_ID")) }
            }

            // Nor does it open the org's own pages: frontdoor.jsp and a one-time link both refuse it.
            let token = credentials.accessToken ?? ""
            let frontdoor = try #require(URL(string: "\(org.credentials.instanceURL)/secur/frontdoor.jsp?sid=\(token)&retURL=%2F"))
            let door = try await URLSessionTransport(followsRedirects: false).send(HTTPRequest(method: "GET", url: frontdoor))
            #expect(door.status == 401 && door.headers["location"] == nil && door.headers["set-cookie"] == nil)
            let single = try #require(URL(string: "\(site.url)/services/oauth2/singleaccess"))
            let link = try await URLSessionTransport.shared.send(
                HTTPRequest(method: "POST", url: single, headers: [("Authorization", "Bearer \(token)")], body: Data()))
            #expect(link.status == 401, "\(String(decoding: link.body, as: UTF8.self))")

            // Refresh goes to the site, and the new token is the site's too.
            org.clock.advance(by: 120)
            let refreshed = try await org.oauthClient().refresh(credentials)
            #expect(refreshed.identity.communityID?.id18 == site.networkID)
            #expect(try await RestClient(credentials: refreshed, refresher: nil).send(client.requests.limits()).status == 200)
        }
    }

    @Test("a site's user cannot log in at the internal org, in the browser or with the password flow")
    func memberStaysOutOfTheInternalOrg() async throws {
        try await withLocalOrg { org in
            _ = try await org.server.addUser(username: "pat@partner.test", password: "Partner#Pass1", site: "partners")
            let browser = SimulatedBrowser(username: "pat@partner.test", password: "Partner#Pass1")
            let pages = await #expect(throws: OAuthError.self) { try await org.oauthClient().logIn(at: org.loginHost, using: browser) }
            #expect(pages?.message.contains("Please check your username and password") == true, "\(String(describing: pages))")
            let password = await #expect(throws: OAuthError.self) {
                try await org.oauthClient().logIn(username: "pat@partner.test", password: "Partner#Pass1", at: org.loginHost)
            }
            #expect(password?.kind == .invalidGrant)
        }
    }

    @Test("an internal user may use the site too; the site's branded page names it; an unknown site is refused by name")
    func internalUserAtTheSite() async throws {
        try await withLocalOrg { org in
            let site = try #require(org.server.sites.first)
            let credentials = try await org.oauthClient().logIn(at: try #require(LoginHost(site.url)), using: org.browser)
            #expect(credentials.identity.communityID?.id18 == site.networkID)
            #expect(credentials.identity.userID == org.credentials.user.userID)
            // The site's login page, and its branded form (the SDK's brand login path), post back under the site's path.
            for path in ["/services/oauth2/authorize", "/services/oauth2/authorize/acme"] {
                var query = URLComponents()
                query.queryItems = [
                    .init(name: "response_type", value: "code"), .init(name: "client_id", value: org.credentials.clientID),
                    .init(name: "redirect_uri", value: org.credentials.redirectURI),
                ]
                let url = try #require(URL(string: site.url + path + "?" + (query.percentEncodedQuery ?? "")))
                let page = try await URLSessionTransport(followsRedirects: false).send(HTTPRequest(method: "GET", url: url))
                let html = String(decoding: page.body, as: UTF8.self)
                #expect(page.status == 200 && html.contains("Log in to Partners"), "\(path)")
                #expect(html.contains("action=\"/partners\(path)\""), "\(path)")
            }
            // The consent page's binding cookie is scoped to the site's path, or a browser would not send it back.
            let form = FormEncoding.encode([
                ("response_type", "code"), ("client_id", org.credentials.clientID), ("redirect_uri", org.credentials.redirectURI),
                ("username", org.credentials.username), ("password", org.credentials.password),
            ])
            let consent = try await URLSessionTransport(followsRedirects: false).send(
                HTTPRequest(
                    method: "POST", url: try #require(URL(string: site.url + "/services/oauth2/authorize")),
                    headers: [("Content-Type", "application/x-www-form-urlencoded"), ("Origin", org.credentials.instanceURL)],
                    body: Data(form.utf8)))
            #expect(consent.headers["set-cookie"]?.contains("Path=/partners/services/oauth2;") == true, "\(consent.headers)")
            // The internal login's tokens name no site.
            #expect(try await org.logIn().identity.communityID == nil)
            let unknown = await #expect(throws: (any Error).self) {
                try await org.server.addUser(username: "x@y.test", password: "Whatever#1", site: "customers")
            }
            #expect("\(String(describing: unknown))".contains("/partners"))
        }
    }
}
