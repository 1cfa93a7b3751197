import ForceKitTestSupport
import ForceKitTesting
import Foundation
import LocalOrg
import SalesforceAuth
import SalesforceCore
import Testing

/// OpenID Connect as OpenID Connect Core and Salesforce's guide describe it: discovery, the
/// org's keys, an ID token with the `openid` scope, and introspection. The ID token's signature
/// is checked by openssl against the key `/id/keys` publishes, not by LocalOrg's own code.
@Suite("OpenID Connect")
struct OpenIDConnectTests {
    static func base64URLDecoded(_ text: some StringProtocol) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64)
    }

    static func hex(_ data: Data) -> String { data.map { String(format: "%02X", $0) }.joined() }

    @Test("discovery names the org's endpoints; the ID token's claims are the grant's, and openssl verifies it with /id/keys")
    func idToken() async throws {
        try await withTestOrg(seed: false) { org throws in
            let base = org.credentials.instanceURL
            let discovery = try await org.send("GET", "/.well-known/openid-configuration").json
            #expect(discovery["issuer"]?.stringValue == base && discovery["jwks_uri"]?.stringValue == base + "/id/keys")
            #expect(discovery["token_endpoint"]?.stringValue == base + "/services/oauth2/token")
            #expect(discovery["id_token_signing_alg_values_supported"] == ["RS256"])

            // An ID token comes with a code's exchange (not with a password login or a refresh).
            // The nonce the app sent comes back in the token, through the login page and the code.
            let nonce = "n-0S6_WzA2Mj \u{0301}\"<>"
            let callback = try await org.authorize(["response_type": "code", "scope": "api openid refresh_token", "nonce": nonce])
            let code = try #require(redirectParameters(of: callback.header("Location") ?? "", in: "query")["code"])
            let grant = try await org.send(
                "POST", "/services/oauth2/token",
                form: [
                    "grant_type": "authorization_code", "code": code, "client_id": org.credentials.clientID,
                    "redirect_uri": org.credentials.redirectURI,
                ]
            ).json
            let idToken = try #require(grant["id_token"]?.stringValue)
            let parts = idToken.split(separator: ".")
            #expect(parts.count == 3)
            let header = try JSON(parsing: Array(try #require(Self.base64URLDecoded(parts[0]))))
            let claims = try JSON(parsing: Array(try #require(Self.base64URLDecoded(parts[1]))))
            #expect(header["alg"] == "RS256")
            #expect(claims["nonce"]?.stringValue == nonce)
            #expect(
                claims["sub"] == grant["id"] && claims["aud"]?.stringValue == org.credentials.clientID && claims["iss"]?.stringValue == base
            )
            let issued = try #require(claims["iat"]?.integerValue)
            #expect(claims["exp"]?.integerValue == issued + 120)
            #expect(abs(Double(issued) - org.clock.now.timeIntervalSince1970) < 5)
            // at_hash: the left half of the access token's SHA-256, base64url (OpenID Connect Core §3.1.3.6).
            let digest = try ChildProcess.run(
                "/bin/sh",
                ["-ec", "printf %s \"$0\" | openssl dgst -sha256 -binary | head -c 16 | base64", grant["access_token"]?.stringValue ?? ""])
            let expectedHash = digest.text.trimmingCharacters(in: .whitespacesAndNewlines)
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
            #expect(claims["at_hash"]?.stringValue == expectedHash)

            let keys = try await org.send("GET", "/id/keys").json
            let key = try #require(keys["keys"]?.arrayValue?.first { $0["kid"] == header["kid"] })
            #expect(key["kty"] == "RSA" && key["alg"] == "RS256" && key["use"] == "sig")
            let modulus = try #require(Self.base64URLDecoded(key["n"]?.stringValue ?? ""))
            let exponent = try #require(Self.base64URLDecoded(key["e"]?.stringValue ?? ""))
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("oidc-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            // The JWK as an RSA public key, built by openssl's own ASN.1 generator.
            try """
            asn1=SEQUENCE:pubkeyinfo
            [pubkeyinfo]
            algorithm=SEQUENCE:rsa_alg
            pubkey=BITWRAP,SEQUENCE:rsapubkey
            [rsa_alg]
            algorithm=OID:rsaEncryption
            parameter=NULL
            [rsapubkey]
            n=INTEGER:0x\(Self.hex(modulus))
            e=INTEGER:0x\(Self.hex(exponent))
            """.write(to: folder.appendingPathComponent("key.cnf"), atomically: true, encoding: .utf8)
            try Data("\(parts[0]).\(parts[1])".utf8).write(to: folder.appendingPathComponent("input"))
            try #require(Self.base64URLDecoded(parts[2])).write(to: folder.appendingPathComponent("signature"))
            let verified = try ChildProcess.run(
                "/bin/sh",
                [
                    "-ec",
                    "cd \"$0\"; openssl asn1parse -genconf key.cnf -out key.der -noout; openssl pkey -pubin -inform DER -in key.der -out key.pem; openssl dgst -sha256 -verify key.pem -signature signature input",
                    folder.path,
                ], errors: .merged)
            #expect(verified.text.contains("Verified OK"), "\(verified.text)")

            #expect((Int(key["kid"]?.stringValue ?? "") ?? 0) >= 100)
            // A refresh and a password login carry none, as real orgs' answers do.
            let refreshed = try await org.send(
                "POST", "/services/oauth2/token",
                form: [
                    "grant_type": "refresh_token", "refresh_token": grant["refresh_token"]?.stringValue ?? "",
                    "client_id": org.credentials.clientID,
                ]
            ).json
            #expect(refreshed["access_token"] != nil && refreshed["id_token"] == nil)
            let password = try await org.passwordGrant(["scope": "api openid"]).json
            #expect(password["access_token"] != nil && password["id_token"] == nil)
        }
    }

    @Test(
        "introspection: a live token is active with its scope, user and times; a revoked or unknown one is not; a wrong secret is refused")
    func introspection() async throws {
        try await withTestOrg(seed: false) { org throws in
            let token = try await org.passwordToken()
            let client = org.credentials.clientID
            let live = try await org.send(
                "POST", "/services/oauth2/introspect", form: ["token": token, "token_type_hint": "access_token", "client_id": client]
            ).json
            #expect(live["active"] == true && live["client_id"]?.stringValue == client && live["token_type"] == "access_token")
            #expect(live["username"]?.stringValue == org.credentials.username && live["scope"]?.stringValue?.contains("api") == true)
            #expect((live["exp"]?.integerValue ?? 0) > (live["iat"]?.integerValue ?? 0))
            _ = try await org.send("POST", "/services/oauth2/revoke", form: ["token": token])
            let revoked = try await org.send("POST", "/services/oauth2/introspect", form: ["token": token, "client_id": client]).json
            #expect(revoked == ["active": false])
            let unknown = try await org.send("POST", "/services/oauth2/introspect", form: ["token": "nope", "client_id": "nobody"])
            #expect(unknown.status >= 400 && unknown.json["error"] == "invalid_client", "\(unknown.text)")
        }
    }

    @Test("the identity URL has the keys a recent org sends: Lightning Login, custom domain, feed elements, the Tooling API")
    func identityKeys() async throws {
        try await withTestOrg(seed: false) { org throws in
            let grant = try await org.passwordGrant().json
            let identityPath = String((grant["id"]?.stringValue ?? "").dropFirst(org.credentials.instanceURL.count))
            let identity = try await org.send("GET", identityPath, token: grant["access_token"]?.stringValue).json
            #expect(identity["is_lightning_login_user"] == false)
            let urls = identity["urls"]
            #expect(urls?["custom_domain"]?.stringValue == org.credentials.instanceURL)
            #expect(urls?["feed_elements"]?.stringValue?.hasSuffix("/services/data/v{version}/chatter/feed-elements") == true)
            #expect(urls?["tooling_rest"]?.stringValue?.hasSuffix("/services/data/v{version}/tooling/") == true)
            #expect(urls?["tooling_soap"]?.stringValue?.contains("/services/Soap/T/{version}/") == true)
        }
    }

    @Test("auth-configuration answers without a session as the Postman collection's saved answer does, for the org and for a site")
    func authConfiguration() async throws {
        try await withTestOrg(seed: false) { org throws in
            let grant = try await org.passwordGrant().json
            let orgID = try #require(grant["id"]?.stringValue?.split(separator: "/").dropLast().last.map(String.init))
            let answer = try await org.send("GET", "/.well-known/auth-configuration")
            #expect(answer.status == 200)
            #expect(
                answer.json
                    == [
                        "OrgId": .string(String(orgID.prefix(15))), "Url": .string(org.credentials.instanceURL),
                        "MobileSDK": [
                            "UseiOSNativeBrowserForAuthentication": false, "UseAndroidNativeBrowserForAuthentication": false,
                            "shareBrowserSessionIOS": false, "shareBrowserSessionAndroid": false,
                        ],
                        "LoginPage": .null, "SamlProviders": [], "AuthProviders": [], "CertificateLogin": .null,
                        "LoginPageType": "standard", "LoginPageTypeConfigs": [:],
                    ])
            let site = try await org.send("GET", "/partners/.well-known/auth-configuration").json
            #expect(site["Url"]?.stringValue == org.credentials.instanceURL + "/partners")
        }
    }

    @Test("the org's key outlives a restart of an org kept in a data folder, so its tokens still verify")
    func keyKept() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("oidc-org-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var configuration = LocalOrgConfiguration()
        configuration.dataDirectory = folder
        var published: [JSON] = []
        for _ in 0..<2 {
            try await withTestOrg(seed: false, configuration: configuration) { org throws in
                published.append(try await org.send("GET", "/id/keys").json)
            }
        }
        #expect(published.count == 2 && published[0] == published[1] && published[0]["keys"]?.arrayValue?.count == 1)
    }
}
