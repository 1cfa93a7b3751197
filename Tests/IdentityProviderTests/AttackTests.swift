import ForceKitTestSupport
import ForceKitTesting
import Foundation
import IdentityProvider
import LocalOrg
import SalesforceAuth
import SalesforceCore
import Testing
import URLEncoding

/// What upstream's handoff lets through and ForceKit refuses, each refused before any token
/// request (spec upstream-lessons §3.3, §3.4). Under upstream's behaviour (no state, no caller
/// check, the current user instead of the chosen one) each of these tests fails.
@Suite("Identity-provider attacks")
struct AttackTests {
    /// The SP-initiated login's authresponse URL, from a successful run.
    func answeredResponse(_ handoff: Handoff) async throws -> URL {
        _ = try await handoff.client.logIn()
        return try #require(handoff.deliveries.current.last { $0.url.path.hasSuffix("authresponse") }?.url)
    }

    @Test("An unsolicited response (wrong state) is refused unread: no code is exchanged")
    func wrongState() async throws {
        try await withLocalOrg { org in
            let handoff = try await Handoff.start(org)
            let forged = IdPMessage.authResponse(IdPAuthResponse(code: "attacker-code", state: "guessed")).url(scheme: "forcekitsp")
            let outcome = await handoff.client.handle(IncomingURL(url: forged, sourceApplication: Handoff.idpBundle))
            if case .refused(let error) = outcome {
                #expect(error.code == .stateMismatch)
            } else {
                Issue.record("a forged response was not refused: \(outcome)")
            }
            // The SDK's IdP sends no state at all: that is refused the same way.
            let stateless = try #require(URL(string: "forcekitsp://oauth2/v1.0/authresponse?code=abc"))
            if case .refused(let error) = await handoff.client.handle(IncomingURL(url: stateless, sourceApplication: Handoff.idpBundle)) {
                #expect(error.code == .stateMismatch)
            } else {
                Issue.record("a response without state was not refused")
            }
            let accounts = await handoff.spAccounts.accounts
            #expect(handoff.spTokenRequests.current == 0 && accounts.isEmpty)
        }
    }

    @Test("A replayed response is refused as a replay, and its code is refused by the server if exchanged again")
    func replay() async throws {
        try await withLocalOrg { org in
            let handoff = try await Handoff.start(org)
            let response = try await answeredResponse(handoff)
            #expect(handoff.spTokenRequests.current == 1)
            if case .refused(let error) = await handoff.client.handle(IncomingURL(url: response, sourceApplication: Handoff.idpBundle)) {
                #expect(error.code == .replayed)
            } else {
                Issue.record("a replayed response was not refused")
            }
            #expect(handoff.spTokenRequests.current == 1)
            guard case .authResponse(let answer) = try IdPMessage(url: response) else { return }
            let oauth = OAuthClient(
                consumerKey: SampleServiceProviderApp.consumerKey, redirectURI: SampleServiceProviderApp.callbackURL, scopes: ["api"])
            await #expect(throws: OAuthError.self) {
                try await oauth.exchange(code: answer.code, verifier: PKCE().verifier, loginHost: org.loginHost)
            }
        }
    }

    @Test("A request from an app that may not speak for the SP (rogue caller) gets an error and no code")
    func rogueCaller() async throws {
        try await withLocalOrg { org in
            let handoff = try await Handoff.start(org)
            let pkce = PKCE()
            await handoff.sendSPRequest(challenge: pkce.challenge, state: "rogue-state", from: "com.evil.app")
            let answer = try #require(handoff.deliveries.current.last)
            #expect(answer.from == Handoff.idpBundle && answer.url.path.hasSuffix("/error"))
            guard case .error(let error) = try IdPMessage(url: answer.url) else { return }
            #expect(error.code == "rogue_sp" && error.state == "rogue-state")
            #expect(!IdPMessage.error(error).parameters.contains { $0.name == "code" })
            // T-IDP-22: the default rule admits a caller whose bundle id is the redirect's scheme.
            let own = AllowedServiceProvider(name: "Acme", clientID: "K", redirectURIs: ["com.acme.spapp://oauth/done"])
            #expect(own.admits(caller: "com.acme.spapp", redirectURI: "com.acme.spapp://oauth/done"))
            #expect(!own.admits(caller: "com.evil.app", redirectURI: "com.acme.spapp://oauth/done"))
        }
    }

    @Test("A redirect URI or client id off the allowlist is refused before any account is used")
    func notAllowed() async throws {
        try await withLocalOrg { org in
            let handoff = try await Handoff.start(org)
            for (clientID, redirect) in [
                (SampleServiceProviderApp.consumerKey, "forcekitsp://elsewhere"), ("UNKNOWN", SampleServiceProviderApp.callbackURL),
            ] {
                let request = IdPAuthRequest(clientID: clientID, codeChallenge: PKCE().challenge, redirectURI: redirect, state: "s")
                let outcome = await handoff.idp.handle(
                    IncomingURL(url: IdPMessage.authRequest(request).url(scheme: "testsfdc"), sourceApplication: Handoff.spBundle))
                guard case .refused(let error) = outcome else {
                    Issue.record("\(clientID) \(redirect) was answered")
                    continue
                }
                #expect(error.code == .notAllowed)
            }
        }
    }

    @Test("A code is worthless without its verifier: a wrong one is refused and the code is spent")
    func wrongVerifier() async throws {
        try await withLocalOrg { org in
            let handoff = try await Handoff.start(org)
            let pkce = PKCE()
            await handoff.sendSPRequest(challenge: pkce.challenge, state: "intercepted", from: Handoff.spBundle)
            guard let response = handoff.deliveries.current.last, case .authResponse(let answer) = try IdPMessage(url: response.url) else {
                Issue.record("no code was sent")
                return
            }
            let oauth = OAuthClient(
                consumerKey: SampleServiceProviderApp.consumerKey, redirectURI: SampleServiceProviderApp.callbackURL, scopes: ["api"])
            await #expect(throws: OAuthError.self) {
                try await oauth.exchange(code: answer.code, verifier: PKCE().verifier, loginHost: org.loginHost)
            }
            // A code tried with a wrong verifier is dead, also for its verifier: an intercepted code gets one guess.
            await #expect(throws: OAuthError.self) {
                try await oauth.exchange(code: answer.code, verifier: pkce.verifier, loginHost: org.loginHost)
            }
            // The check can pass: the SP's own login, with its verifier, ends with tokens.
            let account = try await handoff.client.logIn()
            #expect(account.credentials.accessToken != nil)
        }
    }

    @Test("An answer after the request's lifetime is refused as expired, unexchanged")
    func expired() async throws {
        try await withLocalOrg { org in
            let clock = MovableClock()
            // The user leaves the IdP's consent screen open for ten minutes.
            let user = ScriptedIdPUser(onConsent: { _ in clock.advance(by: 600) })
            let handoff = try await Handoff.start(org, user: user, clock: { clock.now }, requestLifetime: 300)
            do throws(IdPError) {
                _ = try await handoff.client.logIn()
                Issue.record("an expired request was answered")
            } catch {
                #expect(error.code == .requestExpired)
            }
            #expect(handoff.spTokenRequests.current == 0)
        }
    }

    @Test("An IdP that never answers: a cancelled login ends at once as expired, and its late answer is refused")
    func unanswered() async throws {
        try await withLocalOrg { org in
            let handoff = try await Handoff.start(org)
            // The IdP app is replaced by one that keeps what it gets and answers nothing.
            let requests = Locked<[URL]>([])
            await handoff.device.install(bundleID: Handoff.idpBundle, schemes: ["testsfdc"]) { incoming in
                requests.withLock { $0.append(incoming.url) }
            }
            let outcome = await withTaskGroup(of: IdPError.Code?.self) { group in
                group.addTask {
                    do throws(IdPError) {
                        _ = try await handoff.client.logIn()
                        return nil
                    } catch {
                        return error.code
                    }
                }
                while requests.current.isEmpty { await Task.yield() }
                group.cancelAll()
                return await group.next() ?? nil
            }
            #expect(outcome == .requestExpired)
            guard let sent = requests.current.first, case .authRequest(let request) = try IdPMessage(url: sent) else { return }
            let late = IdPMessage.authResponse(IdPAuthResponse(code: "late", state: request.state)).url(scheme: "forcekitsp")
            if case .refused(let error) = await handoff.client.handle(IncomingURL(url: late, sourceApplication: Handoff.idpBundle)) {
                #expect(error.code == .replayed)
            } else {
                Issue.record("a late answer was used")
            }
            #expect(handoff.spTokenRequests.current == 0)
        }
    }

    @Test("The hinted user, or the one picked, is the one the SP gets, not the IdP's current user")
    func chosenUser() async throws {
        try await withLocalOrg { org in
            let second = try await org.server.addUser(username: "second@localorg.test", password: "Second-Password-1")
            let handoff = try await Handoff.start(org)
            let browser = SimulatedBrowser(username: "second@localorg.test", password: "Second-Password-1")
            try await handoff.idpAccounts.logIn(at: org.loginHost, using: browser)
            #expect(await handoff.idpAccounts.currentAccount?.identity == second)
            let hinted = try await handoff.client.logIn(userHint: UserHint(org.credentials.user))
            #expect(hinted.identity == org.credentials.user)
            let picking = try await Handoff.start(org, user: ScriptedIdPUser(picks: second))
            try await picking.idpAccounts.logIn(at: org.loginHost, using: browser)
            try await picking.idpAccounts.switchTo(org.credentials.user)
            #expect(try await picking.client.logIn().identity == second)
        }
    }

    @Test("LocalOrg takes the SDK's PKCE: a 171-character verifier with no code_challenge_method")
    func upstreamStylePKCE() async throws {
        try await withLocalOrg { org in
            var generator = SeededGenerator(seed: 3)
            let verifier = String((0..<171).map { _ in "abcdefghijklmnopqrstuvwxyz0123456789-_".randomElement(using: &generator)! })
            let pkce = PKCE(verifier: verifier)
            let query = FormEncoding.encode([
                ("response_type", "code"), ("client_id", org.credentials.clientID), ("redirect_uri", org.credentials.redirectURI),
                ("code_challenge", pkce.challenge),
            ])
            let url = try #require(URL(string: "\(org.credentials.loginURL)/services/oauth2/authorize?\(query)"))
            let callback = try await org.browser.approve(authorizeURL: url)
            let code = try #require(URLComponents(string: callback)?.queryItems?.first { $0.name == "code" }?.value)
            // Another code, redeemed with a verifier one character off, is refused: the challenge was checked.
            let second = try await org.browser.approve(authorizeURL: url)
            let secondCode = try #require(URLComponents(string: second)?.queryItems?.first { $0.name == "code" }?.value)
            let wrong = String(verifier.dropLast()) + (verifier.hasSuffix("a") ? "b" : "a")
            await #expect(throws: OAuthError.self) {
                try await org.oauthClient().exchange(code: secondCode, verifier: wrong, loginHost: org.loginHost)
            }
            let tokens = try await org.oauthClient().exchange(code: code, verifier: verifier, loginHost: org.loginHost)
            #expect(tokens.identity == org.credentials.user)
            let credentials = OAuthCredentials(
                tokens: tokens, clientID: org.credentials.clientID, redirectURI: org.credentials.redirectURI, loginHost: org.loginHost)
            #expect(try await org.oauthClient().identity(for: credentials).username == org.credentials.username)
        }
    }
}
