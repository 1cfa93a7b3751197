import ForceKitTesting
import Foundation
import LocalOrg
import SalesforceAuth
import SalesforceCore
import Testing

/// What an app's test sees of `withLocalOrg`: the same org either way it is reached, always
/// stopped, and an in-process org that says so when a request misses it.
@Suite("withLocalOrg")
struct WithLocalOrgTests {
    /// The answers a test reads (status, content type, body) to the same requests.
    private func answers(_ setup: TestOrg.Setup) async throws -> [String] {
        try await withLocalOrg(setup, seed: true) { org in
            let token = try await org.passwordToken()
            var seen: [String] = []
            for path in [
                "/services/data", "/services/data/v66.0/query?q=SELECT+COUNT()+FROM+Account",
                "/services/data/v66.0/sobjects/Nothing", "/nowhere",
            ] {
                let reply = try await org.send("GET", path, token: token)
                // The instance URL differs by setup (a port, or the in-process address), so URLs are cut out.
                let body = String(decoding: reply.body, as: UTF8.self).replacingOccurrences(of: org.credentials.instanceURL, with: "")
                seen.append("\(reply.status) \(reply.headers["content-type"] ?? "-") \(body)")
            }
            return seen
        }
    }

    @Test("an in-process org answers what a live one answers, byte for byte")
    func sameAnswers() async throws {
        let live = try await answers(.live)
        let inProcess = try await answers(.inProcess)
        #expect(live == inProcess)
        #expect(live[1].hasPrefix("200 application/json"))
        #expect(live[2].hasPrefix("404 "))
    }

    @Test("the guide's in-process example: a password token and a query")
    func documentationExample() async throws {
        try await withLocalOrg(.inProcess, seed: true) { org in
            let token = try await org.passwordToken()
            let reply = try await org.send("GET", "/services/data/v66.0/query?q=SELECT+Id+FROM+Account", token: token)
            #expect(reply.status == 200)
        }
    }

    @Test("an app logs in through the org's pages in process, and its token reaches the API")
    func logInInProcess() async throws {
        try await withLocalOrg(.inProcess) { org in
            let credentials = try await org.logIn()
            #expect(credentials.refreshToken != nil)
            let limits = try await org.send("GET", "/services/data/v66.0/limits", token: credentials.accessToken)
            #expect(limits.status == 200)
            // Cookies are kept like a browser tab's; a token from the password flow is another session.
            #expect(try await org.send("GET", "/services/oauth2/userinfo", token: try await org.passwordToken()).status == 200)
        }
    }

    @Test("a request for another address is refused, naming the org's address and the live setup")
    func otherAddressRefused() async throws {
        try await withLocalOrg(.inProcess) { org in
            let request = HTTPRequest(method: "GET", url: URL(string: "http://127.0.0.1:8080/services/data")!)
            do {
                _ = try await org.transport.send(request)
                Issue.record("the request reached something")
            } catch {
                #expect("\(error)".contains(org.credentials.instanceURL))
                #expect("\(error)".contains("withLocalOrg(.live)"))
            }
        }
    }

    @Test("the org is stopped and its folder removed when the test throws", arguments: [TestOrg.Setup.live, .inProcess])
    func stoppedOnThrow(setup: TestOrg.Setup) async throws {
        struct Thrown: Error {}
        var folder: URL?
        await #expect(throws: Thrown.self) {
            try await withLocalOrg(setup) { org in
                folder = org.server.dataDirectory
                throw Thrown()
            }
        }
        let path = try #require(folder).path
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("a refused password login comes back as the token endpoint answered it")
    func refusedPassword() async throws {
        try await withLocalOrg(.inProcess) { org in
            let reply = try await org.passwordGrant(["password": "wrong"])
            #expect(reply.status == 400)
            #expect(String(decoding: reply.body, as: UTF8.self).contains(#""error":"invalid_grant""#))
        }
    }
}
