import ForceKitTestSupport
import ForceKitTesting
import Foundation
import GRDB
import LocalOrg
import SalesforceAuth
import SalesforceCore
import Testing

@testable import LocalOrgEngine

/// What an attacker tries against the authorization server: a stolen code, a framed consent
/// page, a copied database, a guessed password.
@Suite("LocalOrg OAuth hardening")
struct OAuthHardeningTests {
    /// The default user's code for the web-server flow, with the redirect URI it was issued for.
    private func code(_ org: APITestOrg) async throws -> String {
        try await code(org.client, org.credentials)
    }

    private func code(_ client: HTTPTestClient, _ credentials: LocalOrgCredentials) async throws -> String {
        let form = [
            "response_type": "code", "client_id": credentials.clientID, "redirect_uri": credentials.redirectURI,
            "username": credentials.username, "password": credentials.password, "scope": "api refresh_token",
        ]
        let login = try await client.send("POST", "/services/oauth2/authorize", form: form)
        let range = try #require(login.text.range(of: #"name="ticket" value="([A-Za-z0-9]+)""#, options: .regularExpression))
        let ticket = String(login.text[range].split(separator: "\"")[3])
        let consent = try await client.send("POST", "/services/oauth2/authorize", form: ["ticket": ticket, "decision": "allow"])
        let location = try #require(consent.header("Location"))
        let query = try #require(URLComponents(string: location)?.queryItems)
        return try #require(query.first { $0.name == "code" }?.value)
    }

    private func exchange(_ org: APITestOrg, _ code: String, redirectURI: String?) async throws -> HTTPResponse {
        try await exchange(org.client, org.credentials, code, redirectURI: redirectURI)
    }

    private func exchange(_ client: HTTPTestClient, _ credentials: LocalOrgCredentials, _ code: String, redirectURI: String?) async throws
        -> HTTPResponse
    {
        var form = ["grant_type": "authorization_code", "code": code, "client_id": credentials.clientID]
        form["redirect_uri"] = redirectURI
        return try await client.send("POST", "/services/oauth2/token", form: form)
    }

    @Test("under rotation a spent refresh token presented again revokes its family: the new refresh token and its access token die")
    func replayedRefreshTokenRevokesFamily() async throws {
        var configuration = LocalOrgConfiguration()
        configuration.rotatesRefreshTokens = true
        try await withTestOrg(seed: false, configuration: configuration) { org throws in
            let first = try await exchange(org, try await code(org), redirectURI: org.credentials.redirectURI)
            let spent = try #require(first.json["refresh_token"]?.stringValue)
            func refresh(_ token: String) async throws -> HTTPResponse {
                try await org.send(
                    "POST", "/services/oauth2/token",
                    form: ["grant_type": "refresh_token", "refresh_token": token, "client_id": org.credentials.clientID])
            }
            let rotated = try await refresh(spent)
            let next = try #require(rotated.json["refresh_token"]?.stringValue, "\(rotated.text)")
            let access = try #require(rotated.json["access_token"]?.stringValue)
            #expect(next != spent)
            #expect(try await org.send("GET", "\(org.dataPath)/limits", token: access).status == 200)

            // The spent token again: two parties hold it, so the whole family goes (RFC 9700 §4.14.2).
            let replay = try await refresh(spent)
            #expect(replay.status == 400 && replay.json["error"] == "invalid_grant")
            let afterReplay = try await refresh(next)
            #expect(afterReplay.status == 400 && afterReplay.json["error"] == "invalid_grant")
            #expect(try await org.send("GET", "\(org.dataPath)/limits", token: access).status == 401)
        }
    }

    @Test("a code is exchanged only with the redirect_uri it was issued for")
    func codeNeedsItsRedirectURI() async throws {
        try await withTestOrg(seed: false) { org throws in
            for redirectURI in [nil, "http://127.0.0.1:9/elsewhere"] {
                let refused = try await exchange(org, try await code(org), redirectURI: redirectURI)
                #expect(refused.status == 400)
                #expect(refused.json["error"] == "redirect_uri_mismatch")
            }
            let accepted = try await exchange(org, try await code(org), redirectURI: org.credentials.redirectURI)
            #expect(accepted.status == 200)
        }
    }

    @Test("a code used twice revokes the tokens its first use gave (RFC 6749 §4.1.2)")
    func reusedCodeRevokes() async throws {
        try await withTestOrg(seed: false) { org throws in
            let code = try await code(org)
            let first = try await exchange(org, code, redirectURI: org.credentials.redirectURI)
            let access = try #require(first.json["access_token"]?.stringValue)
            let refresh = try #require(first.json["refresh_token"]?.stringValue)
            let before = try await org.send("GET", "\(org.dataPath)/limits", token: access)
            #expect(before.status == 200)

            let second = try await exchange(org, code, redirectURI: org.credentials.redirectURI)
            #expect(second.status == 400)
            #expect(second.json["error"] == "invalid_grant")
            let after = try await org.send("GET", "\(org.dataPath)/limits", token: access)
            #expect(after.status == 401)
            let refreshed = try await org.send(
                "POST", "/services/oauth2/token",
                form: ["grant_type": "refresh_token", "refresh_token": refresh, "client_id": org.credentials.clientID])
            #expect(refreshed.status == 400)
            #expect(refreshed.json["error"] == "invalid_grant")
        }
    }

    @Test("token answers are never cached; login and consent pages are never framed or cached")
    func headers() async throws {
        try await withTestOrg(seed: false) { org throws in
            let token = try await org.send(
                "POST", "/services/oauth2/token",
                form: [
                    "grant_type": "password", "client_id": org.credentials.clientID, "username": org.credentials.username,
                    "password": org.credentials.password,
                ])
            #expect(token.status == 200)
            #expect(token.header("Cache-Control") == "no-store")
            #expect(token.header("Pragma") == "no-cache")
            let page = try await org.send(
                "GET",
                "/services/oauth2/authorize?response_type=code&client_id=\(org.credentials.clientID)&redirect_uri="
                    + (org.credentials.redirectURI.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""))
            #expect(page.status == 200)
            #expect(page.header("X-Frame-Options") == "DENY")
            // No frame, and no script of any kind: an escaping mistake must not become an attacker's script.
            let policy = Set(
                (page.header("Content-Security-Policy") ?? "").split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) })
            #expect(policy.contains("frame-ancestors 'none'") && policy.contains("default-src 'none'"), "\(policy)")
            #expect(
                !policy.contains { $0.hasPrefix("script-src") || $0.hasPrefix("default-src") && $0 != "default-src 'none'" }, "\(policy)")
            #expect(page.header("Cache-Control") == "no-store")
        }
    }

    @Test("the org's files hold no token it issued, only digests; old plain tokens go on working after an upgrade")
    func tokensAtRest() async throws {
        try await withTemporaryDirectory { directory throws in
            var configuration = LocalOrgConfiguration()
            configuration.dataDirectory = directory
            configuration.seedsSampleData = false
            let (access, refresh) = try await LocalOrgServer.withRunning(configuration) { server throws in
                let client = HTTPTestClient(baseURL: server.credentials.instanceURL)
                let tokens = try await exchange(
                    client, server.credentials, try await code(client, server.credentials), redirectURI: server.credentials.redirectURI)
                return (try #require(tokens.json["access_token"]?.stringValue), try #require(tokens.json["refresh_token"]?.stringValue))
            }
            for file in try FileManager.default.contentsOfDirectory(atPath: directory.path) where file.hasPrefix("org.sqlite") {
                let bytes = try Data(contentsOf: directory.appendingPathComponent(file))
                #expect(bytes.range(of: Data(access.utf8)) == nil, "\(file) holds the access token")
                #expect(bytes.range(of: Data(refresh.utf8)) == nil, "\(file) holds the refresh token")
            }
            let path = "/services/data/\(APIVersion.current)/limits"
            // A token as a data directory made before digests holds it: as issued, with no marker.
            let planted = "00DLo0000000001!planted-before-digests"
            try await LocalOrgServer.withRunning(configuration) { server throws in
                let client = HTTPTestClient(baseURL: server.credentials.instanceURL)
                #expect(try await client.send("GET", path, token: access).status == 200)
                try server.store.pool.write { db in
                    try db.execute(sql: "UPDATE lo_access_token SET token = ?, refresh_token = NULL", arguments: [planted])
                    try db.execute(sql: "DELETE FROM lo_refresh_token")
                    try db.execute(sql: "DELETE FROM lo_meta")
                }
            }
            try await LocalOrgServer.withRunning(configuration) { server throws in
                let client = HTTPTestClient(baseURL: server.credentials.instanceURL)
                #expect(try await client.send("GET", path, token: planted).status == 200)
                #expect(try await client.send("GET", path, token: access).status == 401)
            }
        }
    }

    @Test("ten wrong passwords in a row lock the user out for 15 minutes, even with the right one")
    func lockout() async throws {
        try await withTestOrg(seed: false) { org throws in
            func passwordGrant(_ password: String) async throws -> HTTPResponse {
                try await org.send(
                    "POST", "/services/oauth2/token",
                    form: [
                        "grant_type": "password", "client_id": org.credentials.clientID, "username": org.credentials.username,
                        "password": password,
                    ])
            }
            for _ in 0..<9 { #expect(try await passwordGrant("wrong").status == 400) }
            // Nine wrong ones and then the right one: not locked, and the count starts again.
            #expect(try await passwordGrant(org.credentials.password).status == 200)
            for _ in 0..<10 { #expect(try await passwordGrant("wrong").status == 400) }
            let locked = try await passwordGrant(org.credentials.password)
            #expect(locked.status == 400)
            #expect(locked.json["error"] == "invalid_grant")
            let page = try await org.send(
                "POST", "/services/oauth2/authorize",
                form: [
                    "response_type": "code", "client_id": org.credentials.clientID, "redirect_uri": org.credentials.redirectURI,
                    "username": org.credentials.username, "password": org.credentials.password,
                ])
            #expect(page.text.contains("locked out for 15 minutes"))
            org.clock.advance(by: 15 * 60)
            #expect(try await passwordGrant(org.credentials.password).status == 200)
        }
    }
}
