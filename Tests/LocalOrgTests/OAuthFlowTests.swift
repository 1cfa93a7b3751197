import ForceKitTestSupport
import ForceKitTesting
import Foundation
import LocalOrg
import SalesforceAuth
import SalesforceCore
import Testing
import URLEncoding

@Suite("LocalOrg OAuth server")
struct OAuthFlowTests {
    /// RFC 7636 appendix B.
    let verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
    let challenge = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"

    @Test("the authorize page is an HTML login form that carries the request through")
    func loginPage() async throws {
        try await withTestOrg(seed: false) { org throws in
            let page = try await org.send(
                "GET",
                "/services/oauth2/authorize?response_type=code&client_id=\(org.credentials.clientID)&redirect_uri=\(FormValue.encode(org.credentials.redirectURI))&state=s1"
            )
            #expect(page.status == 200)
            #expect(page.header("Content-Type")?.hasPrefix("text/html") == true)
            #expect(page.text.contains(#"<input type="password" id="password" name="password""#))
            #expect(page.text.contains(#"<input type="hidden" name="state" value="s1">"#))
        }
    }

    @Test("an app that requires certificate login (localorg.json) stops at an error page naming the fix when the org offers none")
    func appRequiresCertificate() async throws {
        try await withTemporaryDirectory { folder in
            var configuration = LocalOrgConfiguration()
            configuration.dataDirectory = folder
            // The first start writes localorg.json; the app is then edited as a developer would.
            try await withTestOrg(seed: false, configuration: configuration) { org throws in
                let page = try await org.send("GET", authorizePath(org))
                #expect(page.text.contains(#"name="password""#))
                #expect(!page.text.contains("Certificate-Based Login"))
            }
            let file = folder.appendingPathComponent("localorg.json")
            let edited = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(
                of: #""name":"ForceKit","#, with: #""name":"ForceKit","requireCertificateLogin":true,"#)
            #expect(edited.contains("requireCertificateLogin"))
            try Data(edited.utf8).write(to: file)
            try await withTestOrg(seed: false, configuration: configuration) { org throws in
                let page = try await org.send("GET", authorizePath(org))
                #expect(page.status == 400)
                #expect(page.text.contains("ForceKit requires certificate-based login, which this org does not offer"), "\(page.text)")
                // A password posted anyway gets the same answer, never a session.
                let posted = try await org.authorize(["response_type": "code"])
                #expect(posted.status == 400 && posted.header("Location") == nil)
            }
        }
    }

    private func authorizePath(_ org: APITestOrg) -> String {
        "/services/oauth2/authorize?response_type=code&client_id=\(org.credentials.clientID)&redirect_uri=\(FormValue.encode(org.credentials.redirectURI))"
    }

    @Test("web-server flow: PKCE S256 is enforced, state is echoed, and a code works once")
    func webServerFlowWithPKCE() async throws {
        try await withTestOrg(seed: false) { org throws in
            let reply = try await org.authorize(
                ["response_type": "code", "state": "xyz 1", "code_challenge": challenge, "scope": "api refresh_token"])
            #expect(reply.status == 302)
            let location = try #require(reply.header("Location"))
            #expect(location.hasPrefix(org.credentials.redirectURI + "?code="))
            let callback = redirectParameters(of: location, in: "query")
            #expect(callback["state"] == "xyz 1")
            let code = try #require(callback["code"])
            let exchange = [
                "grant_type": "authorization_code", "code": code, "client_id": org.credentials.clientID,
                "redirect_uri": org.credentials.redirectURI, "code_verifier": verifier,
            ]
            let tokens = try await org.send("POST", "/services/oauth2/token", form: exchange)
            #expect(tokens.status == 200)
            #expect(tokens.json["access_token"]?.stringValue?.hasPrefix(org.credentials.user.orgID.id15 + "!") == true)
            #expect(tokens.json["refresh_token"]?.stringValue != nil)
            #expect(tokens.json["instance_url"]?.stringValue == org.credentials.instanceURL)
            #expect(tokens.json["scope"] == "api refresh_token")
            #expect(tokens.json["token_type"] == "Bearer")
            let reused = try await org.send("POST", "/services/oauth2/token", form: exchange)
            #expect(reused.status == 400)
            #expect(reused.json == ["error": "invalid_grant", "error_description": "invalid authorization code"])

            let second = redirectParameters(
                of: try #require(try await org.authorize(["response_type": "code", "code_challenge": challenge]).header("Location")),
                in: "query")
            var wrong = exchange
            wrong["code"] = second["code"]
            wrong["code_verifier"] = "not-the-verifier"
            let refused = try await org.send("POST", "/services/oauth2/token", form: wrong)
            #expect(refused.json == ["error": "invalid_grant", "error_description": "invalid code verifier"])

            let third = redirectParameters(
                of: try #require(try await org.authorize(["response_type": "code", "code_challenge": challenge]).header("Location")),
                in: "query")
            var missing = exchange
            missing["code"] = third["code"]
            missing["code_verifier"] = nil
            #expect(
                try await org.send("POST", "/services/oauth2/token", form: missing).json["error_description"]
                    == "invalid code verifier")
        }
    }

    @Test("user-agent flow: tokens come back in the fragment with state")
    func userAgentFlow() async throws {
        try await withTestOrg(seed: false) { org throws in
            let reply = try await org.authorize(["response_type": "token", "state": "abc"])
            let location = try #require(reply.header("Location"))
            #expect(location.hasPrefix(org.credentials.redirectURI + "#"))
            let fields = redirectParameters(of: location, in: "fragment")
            #expect(fields["state"] == "abc")
            #expect(fields["refresh_token"] != nil)
            #expect(fields["id"]?.hasPrefix("\(org.credentials.loginURL)/id/\(org.credentials.user.orgID.id18)/005") == true)
            #expect(fields["issued_at"].flatMap { Int64($0) } != nil)
            let token = try #require(fields["access_token"])
            #expect(try await org.send("GET", "\(org.dataPath)/sobjects", token: token).status == 200)
        }
    }

    @Test("a redirect_uri that is not the app's callback gets an error page, never a redirect")
    func redirectMismatch() async throws {
        try await withTestOrg(seed: false) { org throws in
            for response in ["code", "token"] {
                let reply = try await org.authorize(["response_type": response, "redirect_uri": "https://evil.example/callback"])
                #expect(reply.status == 400)
                #expect(reply.header("Location") == nil)
                #expect(reply.text.contains("error=redirect_uri_mismatch"))
            }
            let unknown = try await org.send("GET", "/services/oauth2/authorize?response_type=code&client_id=nope&redirect_uri=x")
            #expect(unknown.status == 400)
            #expect(unknown.text.contains("error=invalid_client_id"))
        }
    }

    @Test("a wrong password shows the login page again; a denial redirects with access_denied")
    func wrongPasswordAndDenial() async throws {
        try await withTestOrg(seed: false) { org throws in
            let wrong = try await org.authorize(["response_type": "code"], password: "wrong")
            #expect(wrong.status == 401)
            #expect(wrong.text.contains("Please check your username and password."))
            let denied = try await org.authorize(["response_type": "code", "state": "s"], allow: false)
            let fields = redirectParameters(of: try #require(denied.header("Location")), in: "query")
            #expect(fields["error"] == "access_denied")
            #expect(fields["state"] == "s")
        }
    }

    @Test("refresh gives a new access token; revoking the refresh token ends every token it made")
    func refreshAndRevoke() async throws {
        try await withTestOrg(seed: false) { org throws in
            let fields = redirectParameters(
                of: try #require(try await org.authorize(["response_type": "token"]).header("Location")), in: "fragment")
            let refresh = try #require(fields["refresh_token"])
            let refreshed = try await org.send(
                "POST", "/services/oauth2/token",
                form: [
                    "grant_type": "refresh_token", "refresh_token": refresh, "client_id": org.credentials.clientID,
                ])
            #expect(refreshed.status == 200)
            #expect(refreshed.json["refresh_token"] == nil)
            let newToken = try #require(refreshed.json["access_token"]?.stringValue)
            #expect(newToken != fields["access_token"])
            #expect(try await org.send("GET", "\(org.dataPath)/sobjects", token: newToken).status == 200)

            #expect(try await org.send("POST", "/services/oauth2/revoke", form: ["token": refresh]).status == 200)
            for token in [newToken, try #require(fields["access_token"])] {
                let reply = try await org.send("GET", "\(org.dataPath)/sobjects", token: token)
                #expect(reply.status == 401)
                #expect(reply.text == #"[{"message":"Session expired or invalid","errorCode":"INVALID_SESSION_ID"}]"#)
            }
            let again = try await org.send(
                "POST", "/services/oauth2/token",
                form: [
                    "grant_type": "refresh_token", "refresh_token": refresh, "client_id": org.credentials.clientID,
                ])
            #expect(again.status == 400)
            #expect(again.json == ["error": "invalid_grant", "error_description": "expired access/refresh token"])
        }
    }

    @Test("access tokens expire after the token lifetime")
    func expiry() async throws {
        try await withTestOrg(seed: false, tokenLifetime: 60) { org throws in
            let token = try await org.passwordToken()
            #expect(try await org.send("GET", "\(org.dataPath)/sobjects", token: token).status == 200)
            org.clock.advance(by: 61)
            let expired = try await org.send("GET", "\(org.dataPath)/sobjects", token: token)
            #expect(expired.status == 401)
            #expect(expired.json[0]?["errorCode"] == "INVALID_SESSION_ID")
        }
    }

    @Test("the token endpoint answers errors as objects")
    func tokenErrors() async throws {
        try await withTestOrg(seed: false) { org throws in
            let cases: [([String: String], JSON)] = [
                (
                    ["grant_type": "password", "client_id": "nope", "username": "a", "password": "b"],
                    ["error": "invalid_client_id", "error_description": "client identifier invalid"]
                ),
                (
                    [
                        "grant_type": "password", "client_id": org.credentials.clientID, "username": org.credentials.username,
                        "password": "bad",
                    ],
                    ["error": "invalid_grant", "error_description": "authentication failure"]
                ),
                (
                    ["grant_type": "client_magic", "client_id": org.credentials.clientID],
                    ["error": "unsupported_grant_type", "error_description": "grant type not supported"]
                ),
            ]
            for (form, expected) in cases {
                let reply = try await org.send("POST", "/services/oauth2/token", form: form)
                #expect(reply.status == 400)
                #expect(reply.json == expected)
            }
        }
    }

    @Test("identity URL and userinfo describe the user, with the app's mobile policy")
    func identity() async throws {
        try await withTestOrg(seed: false) { org throws in
            let grant = try await org.send(
                "POST", "/services/oauth2/token",
                form: [
                    "grant_type": "password", "client_id": org.credentials.clientID,
                    "username": org.credentials.username, "password": org.credentials.password,
                ])
            let token = try #require(grant.json["access_token"]?.stringValue)
            let identityURL = try #require(grant.json["id"]?.stringValue)
            let identity = try await org.send("GET", identityURL, token: token)
            #expect(identity.status == 200)
            #expect(identity.json["username"] == .string(org.credentials.username))
            #expect(identity.json["organization_id"] == .string(org.credentials.user.orgID.id18))
            #expect(identity.json["asserted_user"] == true)
            #expect(identity.json["mobile_policy"] == ["screen_lock": 10, "pin_length": 4])
            #expect(identity.json["urls"]?["rest"] == .string("\(org.credentials.instanceURL)/services/data/v{version}/"))
            #expect(identity.json["utcOffset"] == -28_800_000)
            let missing = try await org.send("GET", identityURL)
            #expect(missing.status == 403)
            #expect(missing.text == "Missing_OAuth_Token")
            #expect(try await org.send("GET", identityURL, token: "bogus").text == "Bad_OAuth_Token")
            let userInfo = try await org.send("GET", "/services/oauth2/userinfo", token: token)
            #expect(userInfo.json["preferred_username"] == .string(org.credentials.username))
            #expect(userInfo.json["sub"] == .string(identityURL))
        }
    }
}

/// Percent-encodes a query value.
enum FormValue {
    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(
            withAllowedCharacters: CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")) ?? text
    }
}

@Suite("LocalOrg OAuth server, credentials in URLs")
struct OAuthCredentialsInURLTests {
    @Test("a GET with a username and password in the URL only shows the login page")
    func getNeverLogsIn() async throws {
        try await withTestOrg(seed: false) { org throws in
            let query =
                "response_type=token&client_id=\(org.credentials.clientID)&redirect_uri=\(FormValue.encode(org.credentials.redirectURI))"
                + "&username=\(FormValue.encode(org.credentials.username))&password=\(FormValue.encode(org.credentials.password))"
            let reply = try await org.send("GET", "/services/oauth2/authorize?" + query)
            #expect(reply.status == 200)
            #expect(reply.text.contains("Log in to LocalOrg"))
            #expect(!reply.text.contains("name=\"ticket\""))
        }
    }
}
