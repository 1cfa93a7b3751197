import ForceKitCLI
import ForceKitTestSupport
import ForceKitTesting
import Foundation
import LocalOrg
import SalesforceAuth
import SalesforceCore
import Testing

/// `forcekit org open`: the console in a browser, signed in through a one-time link, as
/// `sf org open` opens an org.
@Suite("forcekit org open")
struct OrgOpenCommandTests {
    @Test("org open starts the browser on a one-time link that signs it in on the page asked for, once")
    func opensSignedIn() async throws {
        try await withLoggedInHome { org, _ in
            let opened = Locked([URL]())
            let open: @Sendable (URL) async -> Void = { url in opened.withLock { $0.append(url) } }
            await CLIEnvironment.$openBrowser.withValue(open) {
                let result = await forcekit("org", "open", "--path", "lightning/o/Account/list")
                #expect(result.exitCode == 0 && result.output.isEmpty, "\(result.error)")
            }
            let link = try #require(opened.current.first?.absoluteString)
            let token = try jsonObject(try #require(await forcekit("org", "display", "--json").outputLines.first))["accessToken"] as? String
            #expect(link.hasPrefix(org.credentials.instanceURL + "/secur/frontdoor.jsp?otp=") && !link.contains(token ?? "-"))
            let browser = RawHTTPClient(baseURL: org.credentials.instanceURL)
            let path = String(link.dropFirst(org.credentials.instanceURL.count))
            let door = try await browser.send("GET", path)
            #expect(door.status == 302 && door.header("Location") == "/lightning/o/Account/list")
            let cookie = try #require(door.header("Set-Cookie")?.split(separator: ";").first.map(String.init))
            let page = try await browser.send("GET", "/lightning/o/Account/list", headers: ["Cookie": cookie])
            #expect(page.status == 200 && page.text.contains("300 records"))
            #expect(try await browser.send("GET", path).status == 401)
        }
    }

    @Test("with --url-only the link is the only output (home page by default); a path off the org is a usage error")
    func urlOnly() async throws {
        try await withLoggedInHome { org, _ in
            let result = await forcekit("org", "open", "--url-only")
            #expect(result.exitCode == 0 && result.outputLines.count == 1, "\(result.error)")
            let door = try await RawHTTPClient(baseURL: org.credentials.instanceURL)
                .send("GET", String(result.output.trimmingCharacters(in: .newlines).dropFirst(org.credentials.instanceURL.count)))
            #expect(door.status == 302 && door.header("Location") == "/")
            for elsewhere in ["//evil.example/x", "https://evil.example/"] {
                #expect(await forcekit("org", "open", "--path", elsewhere, "--url-only").exitCode == 64, "\(elsewhere)")
            }
        }
    }
}

extension OrgOpenCommandTests {
    @Test("an org without the UI Bridge API gets frontdoor.jsp with the session, as sf org open sends it, and that signs in too")
    func withoutTheBridgeAPI() async throws {
        try await withLoggedInHome { org, _ in
            org.server.faults.fail(requestNumber: 1, pathContaining: "/services/oauth2/singleaccess", status: 404)
            let result = await forcekit("org", "open", "--url-only", "--path", "/lightning/query?q=SELECT+Name+FROM+Account")
            #expect(result.exitCode == 0, "\(result.error)")
            let link = result.output.trimmingCharacters(in: .newlines)
            #expect(link.hasPrefix(org.credentials.instanceURL + "/secur/frontdoor.jsp?sid="), "\(link)")
            let door = try await RawHTTPClient(baseURL: org.credentials.instanceURL)
                .send("GET", String(link.dropFirst(org.credentials.instanceURL.count)))
            #expect(door.status == 302 && door.header("Location") == "/lightning/query?q=SELECT+Name+FROM+Account")
        }
    }
}
