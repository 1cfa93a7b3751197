import ForceKitTestSupport
import Foundation
import IdentityProvider
import SalesforceAuth
import SalesforceCore
import Testing

/// The wire protocol of the guides (spec §7.3, scenarios T-IDP-01…13): messages built and read.
@Suite("Identity-provider messages")
struct MessageTests {
    let hint = UserHint(parsing: "00Dx0000001T0zk:005x0000001S2b9")
    let challenge = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"

    func url(_ text: String) throws -> URL { try #require(URL(string: text)) }

    @Test("an authrequest is written with every documented parameter, encoded, and reads back the same")
    func authRequestRoundTrip() throws {
        let request = IdPAuthRequest(
            clientID: "SPKEY", codeChallenge: challenge, redirectURI: "sampleidpclientapp://oauth/done", scopes: ["api", "web"],
            userHint: hint, loginHost: "login.salesforce.com", state: "st1")
        let url = IdPMessage.authRequest(request).url(scheme: "sampleidpapp")
        #expect(url.scheme == "sampleidpapp" && url.host == "oauth2" && url.path == "/v1.0/authrequest")
        #expect(url.absoluteString.contains("oauth_redirect_uri=sampleidpclientapp%3A%2F%2Foauth%2Fdone"))
        #expect(url.absoluteString.contains("user_hint=00Dx0000001T0zk%3A005x0000001S2b9"))
        #expect(url.absoluteString.contains("code_challenge_method=S256"))
        let parameters = Dictionary(uniqueKeysWithValues: IdPMessage.authRequest(request).parameters.map { ($0.name, $0.value) })
        #expect(parameters["scopes"] == "api,refresh_token,web" && parameters["state"] == "st1" && parameters["oauth_client_id"] == "SPKEY")
        let read = try IdPMessage(url: url)
        #expect(read == .authRequest(request))
        guard case .authRequest(let back) = read else { return }
        #expect(back.userHint?.orgID.id15 == "00Dx0000001T0zk" && back.userHint?.userID.id15 == "005x0000001S2b9")
    }

    @Test("scopes split at every comma and space, also one a combining mark follows (a fuzz finding)")
    func scopesSplitAtScalars() throws {
        // U+033E after the comma makes ",\u{33E}" one Swift Character, which never equals ",".
        let text =
            "sampleidpapp://oauth2/v1.0/authrequest?oauth_client_id=SPKEY&code_challenge=c&oauth_redirect_uri=x%3A%2F%2Fy&state=st1"
            + "&scopes=api%2C%CC%BEweb%20id"
        guard case .authRequest(let request) = try IdPMessage(url: url(text)) else {
            Issue.record("not an authrequest")
            return
        }
        #expect(request.scopes == ["api", "id", "refresh_token", "\u{33E}web"])
        let written = IdPMessage.authRequest(request).url(scheme: "fuzz")
        #expect(try IdPMessage(url: written) == .authRequest(request))
    }

    @Test("the command matches without case; scopes default to refresh_token; hint and host are optional")
    func authRequestMinimal() throws {
        let read = try IdPMessage(
            url: url(
                "sampleidpapp://oauth2/v1.0/AuthRequest?oauth_client_id=SPKEY&code_challenge=c&oauth_redirect_uri=sampleidpclientapp%3A%2F%2Foauth%2Fdone&state=st1"
            ))
        guard case .authRequest(let request) = read else {
            Issue.record("not an authrequest: \(read)")
            return
        }
        #expect(request.scopes == ["refresh_token"] && request.userHint == nil && request.loginHost == nil)
        #expect(request.redirectURI == "sampleidpclientapp://oauth/done")
    }

    @Test("an authresponse keeps an encoded code intact, with or without login_host")
    func authResponse() throws {
        let full = try IdPMessage(
            url: url("sampleidpclientapp://oauth2/v1.0/authresponse?code=aPrx%3D%3D&state=st1&login_host=login.salesforce.com"))
        #expect(full == .authResponse(IdPAuthResponse(code: "aPrx==", state: "st1", loginHost: "login.salesforce.com")))
        let bare = try IdPMessage(url: url("sampleidpclientapp://oauth2/v1.0/authresponse?code=a%2Bb&state=st1"))
        #expect(bare == .authResponse(IdPAuthResponse(code: "a+b", state: "st1")))
    }

    @Test("errors are written with the documented names and read in either spelling")
    func errors() throws {
        let documented = try IdPMessage(
            url: url("sampleidpclientapp://oauth2/v1.0/error?error_code=1&error_desc=Bad&error_reason=User%20cancelled&state=st1"))
        #expect(documented == .error(IdPErrorResponse(code: "1", description: "Bad", reason: "User cancelled", state: "st1")))
        let sdk = try IdPMessage(
            url: url("sampleidpclientapp://oauth2/v1.0/error?errorCode=-999&errorDescription=&errorReason=Denied&state=st1"))
        #expect(sdk == .error(IdPErrorResponse(code: "-999", description: "", reason: "Denied", state: "st1")))
        let built = IdPMessage.error(IdPErrorResponse(code: "1", description: "Bad", reason: "User cancelled", state: "st1"))
        #expect(built.parameters.map(\.name) == ["error_code", "error_desc", "error_reason", "state"])
    }

    @Test("idpinit, a hint in the iOS SDK's order, and hints that are not two ids")
    func idpInitAndHints() throws {
        let read = try IdPMessage(
            url: url(
                "sampleidpclientapp://oauth2/v1.0/idpinit?user_hint=00Dx0000001T0zk%3A005x0000001S2b9&login_host=login.salesforce.com&start_url=https%3A%2F%2Fna1.salesforce.com%2F001%2Fo"
            ))
        #expect(
            read == .idpInit(IdPInitiation(userHint: hint, loginHost: "login.salesforce.com", startURL: "https://na1.salesforce.com/001/o"))
        )
        #expect(UserHint(parsing: "005x0000001S2b9:00Dx0000001T0zk") == hint)
        #expect(UserHint(parsing: "abc") == nil && UserHint(parsing: "a:b:c") == nil)
    }

    @Test("other versions, hosts and commands are told apart")
    func notMessages() throws {
        func code(_ text: String) throws -> IdPError.Code? {
            do {
                _ = try IdPMessage(url: try url(text))
                return nil
            } catch {
                return (error as? IdPError)?.code
            }
        }
        #expect(try code("sampleidpapp://oauth2/v2.0/authrequest?state=1") == .unsupportedVersion)
        #expect(try code("sampleidpapp://other/v1.0/authrequest") == .notAnIdPMessage)
        #expect(try code("sampleidpapp://oauth2/v1.0/foo") == .unknownCommand)
        #expect(try code("sampleidpapp://oauth2/v1.0/authrequest?oauth_client_id=x") == .missingParameter)
    }

    @Test("Any URL reads as a message or a clear error, and every message reads back as written")
    func fuzzedURLs() throws {
        var random = SeededGenerator(seed: 17)
        let pieces = [
            "oauth2", "v1.0", "authrequest", "authresponse", "error", "idpinit", "state=", "code=", "%", "%zz", "&", "=", "?", "#", "/",
            ":", "+", "é", "user_hint=00D:005",
        ]
        for _ in 0..<3_000 {
            let text = "s://" + (0..<Int.random(in: 0...8, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            guard let url = URL(string: text) else { continue }
            do {
                let message = try IdPMessage(url: url)
                #expect(try IdPMessage(url: message.url(scheme: "s")) == message, "\(text)")
            } catch {
                #expect(!error.message.isEmpty)
            }
        }
    }
}
