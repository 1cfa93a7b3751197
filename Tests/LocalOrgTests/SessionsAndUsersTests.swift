import ForceKitTestSupport
import ForceKitTesting
import Foundation
import LocalOrg
import SalesforceAuth
import SalesforceCore
import Testing
import URLEncoding

/// Sessions end with what they came from, only administrators manage users, nobody deletes one,
/// and a user's Bulk API jobs are theirs.
@Suite("LocalOrg sessions, users and their jobs")
struct SessionsAndUsersTests {
    private func token(_ org: APITestOrg, username: String, password: String) async throws -> String {
        let reply = try await org.send(
            "POST", "/services/oauth2/token",
            form: ["grant_type": "password", "client_id": org.credentials.clientID, "username": username, "password": password])
        return try #require(reply.json["access_token"]?.stringValue, "\(reply.text)")
    }

    private func userID(_ org: APITestOrg, _ token: String) async throws -> String {
        let info = try await org.send("GET", "/services/oauth2/userinfo", token: token)
        return try #require(info.json["user_id"]?.stringValue)
    }

    @Test("a deactivated user's access and refresh tokens stop working at once")
    func deactivatedUser() async throws {
        try await withTestOrg(seed: false) { org throws in
            _ = try await org.server.addUser(username: "second@localorg.test", password: "Second-Pa55word")
            let second = try await token(org, username: "second@localorg.test", password: "Second-Pa55word")
            #expect(try await org.send("GET", "\(org.dataPath)/limits", token: second).status == 200)
            // A refresh token through the web-server flow, as an app holds one.
            let driver = org.browser(username: "second@localorg.test", password: "Second-Pa55word")
            let authorize = try #require(
                URL(
                    string: org.credentials.instanceURL + "/services/oauth2/authorize?"
                        + FormEncoding.encode([
                            ("response_type", "code"), ("client_id", org.credentials.clientID),
                            ("redirect_uri", org.credentials.redirectURI),
                            ("scope", "api refresh_token"),
                        ])))
            let callback = try await driver.approve(authorizeURL: authorize)
            let code = try #require(URLComponents(string: callback)?.queryItems?.first { $0.name == "code" }?.value)
            let grant = try await org.send(
                "POST", "/services/oauth2/token",
                form: [
                    "grant_type": "authorization_code", "code": code, "client_id": org.credentials.clientID,
                    "redirect_uri": org.credentials.redirectURI,
                ])
            let refresh = try #require(grant.json["refresh_token"]?.stringValue)
            let admin = try await org.passwordToken()
            let id = try await userID(org, second)
            let deactivate = try await org.send(
                "PATCH", "\(org.dataPath)/sobjects/User/\(id)", token: admin, json: ["IsActive": false])
            #expect(deactivate.status == 204, "\(deactivate.text)")
            #expect(try await org.send("GET", "\(org.dataPath)/limits", token: second).status == 401)
            let refreshed = try await org.send(
                "POST", "/services/oauth2/token",
                form: ["grant_type": "refresh_token", "refresh_token": refresh, "client_id": org.credentials.clientID])
            #expect(refreshed.status == 400 && refreshed.json["error"] == "invalid_grant", "\(refreshed.text)")
        }
    }

    @Test("a frontdoor browser session ends when the token that opened it is revoked: the authorize page asks for a password again")
    func frontdoorSessionEndsWithItsToken() async throws {
        try await withTestOrg(seed: false) { org throws in
            let token = try await org.passwordToken()
            let authorize =
                "/services/oauth2/authorize?"
                + FormEncoding.encode([
                    ("response_type", "code"), ("client_id", org.credentials.clientID), ("redirect_uri", org.credentials.redirectURI),
                ])
            let door = try await org.send(
                "GET", "/secur/frontdoor.jsp?" + FormEncoding.encode([("sid", token), ("retURL", authorize)]))
            let cookie = try #require(door.header("Set-Cookie")?.split(separator: ";").first.map(String.init))
            let before = try await org.send("GET", authorize, headers: ["Cookie": cookie])
            #expect(before.text.contains("name=\"ticket\""), "the session skips the login while its token lives")
            _ = try await org.send("POST", "/services/oauth2/revoke", form: ["token": token])
            // Before, the browser session went on minting codes for two hours.
            let after = try await org.send("GET", authorize, headers: ["Cookie": cookie])
            #expect(after.text.contains("name=\"password\"") && !after.text.contains("name=\"ticket\""))
        }
    }

    @Test("only a System Administrator manages users; a user changes only their own ordinary fields; nobody deletes a user")
    func userManagement() async throws {
        try await withTestOrg(seed: false) { org throws in
            _ = try await org.server.addUser(username: "second@localorg.test", password: "Second-Pa55word")
            let second = try await token(org, username: "second@localorg.test", password: "Second-Pa55word")
            let admin = try await org.passwordToken()
            let adminID = try await userID(org, admin)
            let secondID = try await userID(org, second)
            let profiles = try await org.send(
                "GET",
                "\(org.dataPath)/query?q="
                    + ("SELECT Id, Profile.Name FROM User ORDER BY Id".addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""),
                token: admin)
            #expect(profiles.json["records"]?.arrayValue?.map { $0["Profile"]?["Name"] } == ["System Administrator", "Standard User"])
            for (path, body) in [
                ("sobjects/User/\(adminID)", ["Username": "taken@localorg.test"] as JSON),
                ("sobjects/User/\(adminID)", ["IsActive": false]),
                ("sobjects/User/\(secondID)", ["IsActive": false]), ("sobjects/User/\(secondID)", ["ProfileId": "00e000000000001"]),
            ] {
                let refused = try await org.send("PATCH", "\(org.dataPath)/\(path)", token: second, json: body)
                #expect(
                    refused.status == 400 && refused.json[0]?["errorCode"] == "INSUFFICIENT_ACCESS_OR_READONLY", "\(body): \(refused.text)")
            }
            let created = try await org.send(
                "POST", "\(org.dataPath)/sobjects/User", token: second,
                json: ["Username": "third@localorg.test", "LastName": "Third", "Alias": "third", "Email": "third@localorg.test"])
            #expect(created.status == 400 && created.json[0]?["errorCode"] == "INSUFFICIENT_ACCESS_OR_READONLY")
            let own = try await org.send(
                "PATCH", "\(org.dataPath)/sobjects/User/\(secondID)", token: second, json: ["Title": "Engineer"])
            #expect(own.status == 204, "\(own.text)")
            for token in [second, admin] {
                let deleted = try await org.send("DELETE", "\(org.dataPath)/sobjects/User/\(adminID)", token: token)
                #expect(deleted.status == 400 && deleted.json[0]?["errorCode"] == "INVALID_TYPE_FOR_OPERATION", "\(deleted.text)")
            }
            let byAdmin = try await org.send(
                "PATCH", "\(org.dataPath)/sobjects/User/\(secondID)", token: admin, json: ["Title": "Lead"])
            #expect(byAdmin.status == 204)
        }
    }

    @Test("the default user renamed and deactivated by the API is whole again after a restart, so `login --local` works")
    func defaultUserRecovers() async throws {
        try await withTemporaryDirectory { directory throws in
            var configuration = LocalOrgConfiguration()
            configuration.dataDirectory = directory
            configuration.seedsSampleData = false
            let first = try await LocalOrgServer.start(configuration)
            let credentials = first.credentials
            do {
                let client = HTTPTestClient(baseURL: credentials.instanceURL)
                let grant = try await client.send(
                    "POST", "/services/oauth2/token",
                    form: [
                        "grant_type": "password", "client_id": credentials.clientID, "username": credentials.username,
                        "password": credentials.password,
                    ])
                let token = try #require(grant.json["access_token"]?.stringValue)
                let path = "/services/data/\(APIVersion.current)/sobjects/User/\(credentials.user.userID.id18)"
                #expect(try await client.send("PATCH", path, token: token, json: ["Username": "renamed@localorg.test"]).status == 204)
                #expect(try await client.send("PATCH", path, token: token, json: ["IsActive": false]).status == 204)
            }
            await first.stop()
            let second = try await LocalOrgServer.start(configuration)
            do {
                let client = HTTPTestClient(baseURL: second.credentials.instanceURL)
                let grant = try await client.send(
                    "POST", "/services/oauth2/token",
                    form: [
                        "grant_type": "password", "client_id": credentials.clientID, "username": credentials.username,
                        "password": credentials.password,
                    ])
                #expect(grant.status == 200 && grant.json["access_token"] != nil, "\(grant.text)")
                #expect(second.credentials.user == credentials.user)
            }
            await second.stop()
        }
    }

    @Test("a user's Bulk API jobs are theirs (an administrator sees all), and a job being read is never pushed out by newer ones")
    func bulkJobs() async throws {
        try await withTestOrg { org throws in
            _ = try await org.server.addUser(username: "second@localorg.test", password: "Second-Pa55word")
            let second = try await token(org, username: "second@localorg.test", password: "Second-Pa55word")
            let admin = try await org.passwordToken()
            func createJob(_ token: String) async throws -> String {
                let reply = try await org.send(
                    "POST", "\(org.dataPath)/jobs/query", token: token, json: ["operation": "query", "query": "SELECT Id FROM Account"])
                return try #require(reply.json["id"]?.stringValue, "\(reply.text)")
            }
            let mine = try await createJob(second)
            let adminJob = try await createJob(admin)
            let listed = try await org.send("GET", "\(org.dataPath)/jobs/query", token: second)
            #expect(listed.json["records"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == [mine])
            for (method, suffix) in [("GET", ""), ("GET", "/results"), ("PATCH", ""), ("DELETE", "")] {
                let reply = try await org.send(
                    method, "\(org.dataPath)/jobs/query/\(adminJob)\(suffix)", token: second,
                    json: method == "PATCH" ? ["state": "Aborted"] : nil)
                #expect(reply.status == 404, "\(method) \(suffix): \(reply.text.prefix(200))")
            }
            let all = try await org.send("GET", "\(org.dataPath)/jobs/query", token: admin)
            #expect(Set(all.json["records"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []) == [mine, adminJob])
            // Sixty newer jobs, and the first is still there to read (before, the 51st pushed it out).
            for _ in 0..<60 { _ = try await createJob(second) }
            let results = try await org.send("GET", "\(org.dataPath)/jobs/query/\(mine)/results", token: second)
            #expect(results.status == 200 && results.text.hasPrefix("\"Id\""))
        }
    }

    @Test(
        "OAuth: a verifier for a code issued without a challenge, a malformed loopback port, and a consent posted from elsewhere are refused"
    )
    func oauthEdges() async throws {
        try await withTestOrg(seed: false) { org throws in
            let driver = org.browser
            let authorize = try #require(
                URL(
                    string: org.credentials.instanceURL + "/services/oauth2/authorize?"
                        + FormEncoding.encode([
                            ("response_type", "code"), ("client_id", org.credentials.clientID),
                            ("redirect_uri", org.credentials.redirectURI),
                        ])))
            let callback = try await driver.approve(authorizeURL: authorize)
            let code = try #require(URLComponents(string: callback)?.queryItems?.first { $0.name == "code" }?.value)
            let exchanged = try await org.send(
                "POST", "/services/oauth2/token",
                form: [
                    "grant_type": "authorization_code", "code": code, "client_id": org.credentials.clientID,
                    "redirect_uri": org.credentials.redirectURI, "code_verifier": "any-verifier-at-all-0123456789-0123456789-abc",
                ])
            #expect(exchanged.status == 400 && exchanged.json["error"] == "invalid_grant", "\(exchanged.text)")
            for port in [":", ":½", ":٣٣", ":99999999999999999999", ":0", ":+80"] {
                let page = try await org.send(
                    "GET",
                    "/services/oauth2/authorize?"
                        + FormEncoding.encode([
                            ("response_type", "code"), ("client_id", org.credentials.clientID),
                            ("redirect_uri", "http://127.0.0.1\(port)/oauth/callback"),
                        ]))
                #expect(page.status == 400 && page.text.contains("redirect_uri_mismatch"), "\(port): \(page.status)")
            }
            let foreign = try await org.send(
                "POST", "/services/oauth2/authorize", form: ["ticket": "anything", "decision": "allow"],
                headers: ["Origin": "https://evil.example"])
            #expect(foreign.status == 403 && foreign.text.contains("posted from another site"))
            // A ticket shown to one browser, decided by another (no consent cookie): refused.
            let login = try await org.send(
                "POST", "/services/oauth2/authorize",
                form: [
                    "response_type": "code", "client_id": org.credentials.clientID, "redirect_uri": org.credentials.redirectURI,
                    "username": org.credentials.username, "password": org.credentials.password,
                ])
            let range = try #require(login.text.range(of: #"name="ticket" value="([A-Za-z0-9]+)""#, options: .regularExpression))
            let ticket = String(login.text[range].split(separator: "\"")[3])
            let elsewhere = try await org.newClient().send(
                "POST", "/services/oauth2/authorize", form: ["ticket": ticket, "decision": "allow"])
            #expect(
                elsewhere.header("Location") == nil && elsewhere.text.contains("belongs to another browser"),
                "\(elsewhere.text.prefix(300))")
        }
    }
}
