import Crypto
import ForceKitTestSupport
import Foundation
import SalesforceAuth
import SalesforceCore
import Testing

@Suite("OAuth requests and callbacks")
struct OAuthRequestTests {
    let host = LoginHost("login.salesforce.com")!

    @Test("Scopes always include refresh_token, once, sorted in byte order")
    func scopes() {
        #expect(OAuthScopes(["web", "api"]).parameter == "api refresh_token web")
        #expect(OAuthScopes(["api", " api ", "refresh_token", ""]).values == ["api", "refresh_token"])
        #expect(OAuthScopes([]).parameter == "refresh_token")
        #expect(OAuthScopes(["web", "api", "Full"]).commaSeparated == "Full,api,refresh_token,web")
    }

    @Test("PKCE: RFC 7636's test vector, and random verifiers of base64url characters")
    func pkce() {
        #expect(PKCE(verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk").challenge == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        for _ in 0..<50 {
            let pair = PKCE()
            #expect(pair.verifier.allSatisfy(allowed.contains) && (43...128).contains(pair.verifier.count))
            #expect(PKCE(verifier: pair.verifier) == pair)
        }
        #expect(PKCE().verifier != PKCE().verifier)
    }

    @Test("The web-server authorize URL carries every parameter, form-encoded, on https, and states the PKCE method")
    func webServerURL() throws {
        let request = try AuthorizationRequest(
            flow: .webServer, loginHost: host, consumerKey: "3MVG9.key+1", redirectURI: "myapp://oauth/done",
            scopes: OAuthScopes(["web", "api"]), state: "s1", pkce: PKCE(verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"))
        #expect(
            request.url.absoluteString
                == "https://login.salesforce.com/services/oauth2/authorize?response_type=code&client_id=3MVG9.key%2B1"
                + "&redirect_uri=myapp%3A%2F%2Foauth%2Fdone&scope=api%20refresh_token%20web&display=touch&state=s1"
                + "&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256")
    }

    @Test("A community host with a path and a brand build the branded authorize URL")
    func communityBrand() throws {
        let community = try #require(LoginHost("https://mycommunity-developer-edition.na15.force.com/fineapps/"))
        #expect(community.host == "mycommunity-developer-edition.na15.force.com/fineapps")
        let request = try AuthorizationRequest(
            flow: .userAgent, loginHost: community, consumerKey: "k", redirectURI: "x://y",
            scopes: OAuthScopes(["api"]), brand: "/summer/", state: "s")
        #expect(
            request.url.absoluteString.hasPrefix(
                "https://mycommunity-developer-edition.na15.force.com/fineapps/services/oauth2/authorize/summer?response_type=token&"))
        #expect(request.pkce == nil)
        #expect(!request.url.absoluteString.contains("code_challenge"))
    }

    @Test("A user-agent callback's fragment becomes tokens; + is a space and the state is checked")
    func userAgentCallback() throws {
        let request = try AuthorizationRequest(
            flow: .userAgent, loginHost: host, consumerKey: "k", redirectURI: "MyApp://oauth/done",
            scopes: OAuthScopes(["api"]), state: "abc")
        let callback =
            "myapp://oauth/done#access_token=00D%21AQ&refresh_token=5Aep&instance_url=https%3A%2F%2Fna1.salesforce.com"
            + "&id=https%3A%2F%2Flogin.salesforce.com%2Fid%2F00DD0000000FH54MAG%2F005D0000001GZXmIAO&issued_at=1309481030001"
            + "&signature=sig&scope=api+refresh_token&token_type=Bearer&sfdc_community_id=0DB000000000001&sfdc_community_url=https%3A%2F%2Fc.force.com%2Ffine"
            + "&custom_field=x&state=abc"
        guard case .tokens(let tokens) = try request.parseCallback(callback) else {
            Issue.record("expected tokens")
            return
        }
        #expect(tokens.accessToken == "00D!AQ")
        #expect(tokens.refreshToken == "5Aep")
        #expect(
            tokens.identity
                == (try UserIdentity(orgID: "00DD0000000FH54", userID: "005D0000001GZXm", communityID: "0DB000000000001")))
        #expect(tokens.scopes == ["api", "refresh_token"])
        #expect(tokens.issuedAt == Date(timeIntervalSince1970: 1_309_481_030.001))
        #expect(tokens.communityURL?.absoluteString == "https://c.force.com/fine")
        #expect(tokens.additionalFields == ["custom_field": "x"])
        #expect(throws: OAuthError(.stateMismatch, "The callback's state does not match this login.")) {
            try request.parseCallback(callback.replacingOccurrences(of: "state=abc", with: "state=evil"))
        }
        #expect(throws: OAuthError(.stateMismatch, "The callback's state does not match this login.")) {
            try request.parseCallback(callback.replacingOccurrences(of: "&state=abc", with: ""))
        }
    }

    @Test("A web-server callback's query gives the code; errors and foreign URLs are refused")
    func webServerCallback() throws {
        let request = try AuthorizationRequest(
            flow: .webServer, loginHost: host, consumerKey: "k", redirectURI: "myapp://oauth/done",
            scopes: OAuthScopes(["api"]), state: "st")
        guard case .code(let code) = try request.parseCallback("myapp://oauth/done?code=aPrx%3D%3D&state=st") else {
            Issue.record("expected a code")
            return
        }
        #expect(code == "aPrx==")
        let denied = #expect(throws: OAuthError.self) {
            try request.parseCallback("myapp://oauth/done?error=access_denied&error_description=end-user+denied+authorization&state=st")
        }
        #expect(denied?.kind == .accessDenied && denied?.errorDescription == "end-user denied authorization")
        #expect(throws: OAuthError.self) { try request.parseCallback("otherapp://oauth/done?code=x&state=st") }
        #expect(throws: OAuthError.self) { try request.parseCallback("myapp://oauth/done") }
        #expect(throws: OAuthError.self) { try request.parseCallback("myapp://oauth/done?state=st") }
    }

    @Test("Callback parsing never crashes on arbitrary text, and yields tokens only from a well-formed callback")
    func callbackFuzz() throws {
        let request = try AuthorizationRequest(
            flow: .userAgent, loginHost: host, consumerKey: "k", redirectURI: "x://y", scopes: OAuthScopes([]), state: "s")
        // The pieces of a real callback (a Salesforce identity URL among them) and of broken ones.
        let id = "id=https%3A%2F%2Fh%2Fid%2F00DD0000000FH54MAG%2F005D0000001GZXmIAO"
        let pieces = [
            "x://y", "#", "?", "&", "=", "%", "%zz", "+", "state=s", "access_token=a", id, "instance_url=https%3A%2F%2Fi", "é", "\u{0}",
            "error", "==", "&&",
        ]
        let seed = UInt64.random(in: 1...UInt64.max)
        var generator = SeededGenerator(seed: seed)
        var tokensSeen = 0
        for _ in 0..<3000 {
            // Half the texts start as a well-formed callback does, so the success path is exercised too.
            var parts =
                Bool.random(using: &generator)
                ? ["x://y", "#", "state=s", "&", "access_token=a", "&", id, "&", "instance_url=https%3A%2F%2Fi", "&"] : []
            parts += (0..<Int.random(in: 0...5, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }
            let text = parts.joined()
            // Whatever the text, tokens come back only from this login's callback, with its state,
            // an access token and an identity URL in it; everything else is an OAuthError, never a crash.
            if case .tokens(let tokens)? = try? request.parseCallback(text) {
                tokensSeen += 1
                #expect(
                    text.hasPrefix("x://y") && text.contains("state=s") && text.contains("access_token=a") && text.contains(id),
                    "seed \(seed): \(text)")
                #expect(tokens.accessToken.hasPrefix("a"), "seed \(seed): \(text)")
                #expect(tokens.identity.userID.id18 == "005D0000001GZXmIAO", "seed \(seed): \(text)")
            }
        }
        #expect(tokensSeen > 100, "seed \(seed): the well-formed callbacks gave tokens \(tokensSeen) times")
    }

    @Test("Token responses: JSON numbers and strings, errors, and the signature under the secret")
    func tokenResponses() throws {
        let issued = "1309481030001"
        let id = "https://login.salesforce.com/id/00DD0000000FH54MAG/005D0000001GZXmIAO"
        let signature = Data(HMAC<SHA256>.authenticationCode(for: Data((id + issued).utf8), using: SymmetricKey(data: Data("secret".utf8))))
            .base64EncodedString()
        let tokens = try TokenResponse(
            json: Data(
                """
                {"id":"\(id)","issued_at":"\(issued)","instance_url":"https://na1.salesforce.com","signature":"\(signature)",
                 "access_token":"00DD0000000FH84!AQwAQKS7","token_type":"Bearer","scope":"api web"}
                """.utf8))
        #expect(tokens.hasValidSignature(secret: "secret"))
        #expect(!tokens.hasValidSignature(secret: "wrong"))
        #expect(tokens.refreshToken == nil)
        let error = #expect(throws: OAuthError.self) {
            try TokenResponse(json: Data(#"{"error":"invalid_grant","error_description":"expired access/refresh token"}"#.utf8))
        }
        #expect(error?.kind == .invalidGrant && error?.isRefreshTokenInvalid == true)
        #expect(error?.description == "OAuth error invalid_grant: expired access/refresh token Log in again.")
        #expect(throws: OAuthError.self) { try TokenResponse(json: Data("<html>".utf8)) }
        #expect(throws: OAuthError.self) { try TokenResponse(json: Data(#"{"access_token":"a","instance_url":"https://i"}"#.utf8)) }
    }
}
