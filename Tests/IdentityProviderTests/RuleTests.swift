import Foundation
import IdentityProvider
import SalesforceAuth
import SalesforceCore
import Testing

/// The IdP's decisions that need no server: which account (T-IDP-16…20), which callers
/// (T-IDP-21/22), the frontdoor URL (T-IDP-23), the callback (T-IDP-24/25) and pairing (T-IDP-27).
@Suite("Identity-provider rules")
struct RuleTests {
    let u1 = try! UserIdentity(orgID: "00Dx0000001T0zk", userID: "005x0000001S2b9")
    let u2 = try! UserIdentity(orgID: "00Dx0000001T0zk", userID: "005x0000001S2c1")

    func candidate(_ identity: UserIdentity, host: String = "login.salesforce.com", signedIn: Bool = true) -> IdPAccountChoice.Candidate {
        IdPAccountChoice.Candidate(identity: identity, loginHost: host, isSignedIn: signedIn)
    }

    @Test("a hinted signed-in account is used; no accounts or none on the host means login; otherwise the user picks")
    func accountChoice() {
        let host = "login.salesforce.com"
        #expect(
            IdPAccountChoice.choose(hint: UserHint(u1), accounts: [candidate(u1), candidate(u2)], requestLoginHost: host) == .useAccount(u1)
        )
        #expect(IdPAccountChoice.choose(hint: UserHint(u1), accounts: [], requestLoginHost: host) == .login)
        #expect(
            IdPAccountChoice.choose(hint: nil, accounts: [candidate(u1), candidate(u2)], requestLoginHost: host) == .selectUser([u1, u2]))
        #expect(IdPAccountChoice.choose(hint: UserHint(u1), accounts: [candidate(u2)], requestLoginHost: host) == .selectUser([u2]))
        #expect(
            IdPAccountChoice.choose(hint: nil, accounts: [candidate(u2, host: "test.salesforce.com")], requestLoginHost: host) == .login)
        // A hinted account with no session is not used silently.
        #expect(
            IdPAccountChoice.choose(hint: UserHint(u1), accounts: [candidate(u1, signedIn: false), candidate(u2)], requestLoginHost: nil)
                == .selectUser([u1, u2]))
    }

    @Test("the frontdoor URL logs the browser in with the IdP's session and asks for a code for the SP")
    func frontdoor() throws {
        let request = IdPAuthRequest(
            clientID: "SPKEY", codeChallenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM", redirectURI: "sampleidpclientapp://oauth/done",
            scopes: ["api", "web"], state: "st1")
        let instance = try #require(URL(string: "https://na1.salesforce.com"))
        let authorize = try FrontdoorURL.authorizeRequest(for: request, loginHost: .production)
        let url = try #require(FrontdoorURL.make(authorizing: authorize, instanceURL: instance, accessToken: "IDPAT"))
        let components = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false))
        #expect(components.host == "na1.salesforce.com" && components.path == "/secur/frontdoor.jsp")
        #expect(components.queryItems?.first { $0.name == "sid" }?.value == "IDPAT")
        let ret = try #require(components.queryItems?.first { $0.name == "retURL" }?.value.flatMap { URLComponents(string: $0) })
        #expect(ret.host == "login.salesforce.com" && ret.path == "/services/oauth2/authorize")
        let query = Dictionary(uniqueKeysWithValues: (ret.queryItems ?? []).map { ($0.name, $0.value ?? "") })
        #expect(query["client_id"] == "SPKEY" && query["redirect_uri"] == "sampleidpclientapp://oauth/done")
        #expect(query["display"] == "touch" && query["response_type"] == "code" && query["scope"] == "api refresh_token web")
        #expect(query["code_challenge"] == request.codeChallenge && query["code_challenge_method"] == "S256")
        // The browser leg has a state of the IdP's own, and no PKCE pair of its own.
        #expect(query["state"] == authorize.state && authorize.pkce == nil)
    }

    @Test("paired apps need their own consumer keys, callbacks and callback schemes; an IdP without web is warned about")
    func pairing() throws {
        let idp = try BootConfig(consumerKey: "IDP", redirectURI: "sampleidpapp://oauth/done", scopes: ["api", "web"])
        let sp = try BootConfig(consumerKey: "SP", redirectURI: "sampleidpclientapp://oauth/done", scopes: ["api"])
        #expect(try IdPPairing.validate(identityProvider: idp, serviceProvider: sp).isEmpty)
        func code(_ sp: BootConfig) -> IdPError.Code? {
            do {
                try IdPPairing.validate(identityProvider: idp, serviceProvider: sp)
                return nil
            } catch {
                return error.code
            }
        }
        #expect(code(try BootConfig(consumerKey: "IDP", redirectURI: "x://y", scopes: ["api"])) == .sameConsumerKey)
        #expect(code(try BootConfig(consumerKey: "SP", redirectURI: "sampleidpapp://oauth/done", scopes: ["api"])) == .sameCallbackURL)
        #expect(code(try BootConfig(consumerKey: "SP", redirectURI: "SampleIdpApp://other/path", scopes: ["api"])) == .sameCallbackScheme)
        let withoutWeb = try BootConfig(consumerKey: "IDP", redirectURI: "sampleidpapp://oauth/done", scopes: ["api"])
        #expect(try IdPPairing.validate(identityProvider: withoutWeb, serviceProvider: sp).count == 1)
    }
}

/// The IdP's web view stops at the SP's callback and reads the code, or why there is none (T-IDP-24/25).
@Suite("Identity-provider callbacks")
struct CallbackTests {
    @Test(
        "a code in the query or fragment is read with the IdP's state; ec=301/302, an error, a wrong state or nothing is a failure"
    )
    func callbacks() throws {
        let request = IdPAuthRequest(clientID: "SPKEY", codeChallenge: "c", redirectURI: "sampleidpclientapp://oauth/done", state: "st1")
        let authorize = try FrontdoorURL.authorizeRequest(for: request, loginHost: .production)
        let state = authorize.state
        #expect(try FrontdoorURL.code(in: "sampleidpclientapp://oauth/done?code=XYZ&state=\(state)", for: authorize) == "XYZ")
        #expect(try FrontdoorURL.code(in: "sampleidpclientapp://oauth/done#code=a%2Bb%3D&state=\(state)", for: authorize) == "a+b=")
        for failing in [
            "sampleidpclientapp://oauth/done?ec=302&startURL=%2F", "sampleidpclientapp://oauth/done?error=access_denied&state=\(state)",
            "sampleidpclientapp://oauth/done?code=XYZ&state=other", "sampleidpclientapp://oauth/done?code=XYZ",
            "sampleidpclientapp://oauth/done",
        ] {
            #expect(throws: IdPError.self, "\(failing)") { try FrontdoorURL.code(in: failing, for: authorize) }
        }
    }
}
