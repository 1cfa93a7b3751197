import ForceKitTestSupport
import ForceKitTesting
import Foundation
import IdentityProvider
import LocalOrg
import SalesforceAuth
import SalesforceCore
import SalesforceKeys
import Testing
import URLEncoding

/// Both flows end to end on a simulated device against LocalOrg (§7.4, §7.5, T-IDP-14/15,
/// 26, 28, 29), and the SP ending with its own tokens, no token ever in a URL between apps.
@Suite("Identity-provider handoff")
struct HandoffTests {
    @Test("SP-initiated: the SP asks, the IdP obtains a code with its session, the SP exchanges it for tokens of its own")
    func spInitiated() async throws {
        try await withLocalOrg { org in
            let handoff = try await Handoff.start(org)
            let account = try await handoff.client.logIn()
            #expect(account.identity == org.credentials.user)
            #expect(account.credentials.clientID == SampleServiceProviderApp.consumerKey)
            let idpAccount = try #require(await handoff.idpAccounts.currentAccount)
            #expect(account.credentials.accessToken != idpAccount.credentials.accessToken && account.credentials.refreshToken != nil)
            #expect(handoff.steps == ["com.forcekit.sp→com.forcekit.idp authrequest", "com.forcekit.idp→com.forcekit.sp authresponse"])
            // No token or password crosses apps: only the challenge, the state and the code do.
            let secrets = [
                account.credentials.accessToken, account.credentials.refreshToken, idpAccount.credentials.accessToken,
                idpAccount.credentials.refreshToken, org.credentials.password,
            ].compactMap { $0 }
            for delivery in handoff.deliveries.current {
                let text = PercentEncoding.decode(delivery.url.absoluteString) ?? delivery.url.absoluteString
                #expect(!secrets.contains { text.contains($0) }, "\(delivery.url)")
            }
            // T-IDP-26: the code goes to the token endpoint with the SP's verifier, client id and redirect URI.
            let form = try #require(handoff.spTokenForms.current.first)
            #expect(form["grant_type"] == "authorization_code" && form["format"] == "json")
            #expect(
                form["client_id"] == SampleServiceProviderApp.consumerKey && form["redirect_uri"] == SampleServiceProviderApp.callbackURL)
            #expect(form["code_verifier"]?.count == 86 && form["code"] != nil)
            #expect(handoff.spTokenRequests.current == 1)
            #expect(await handoff.spAccounts.currentAccount == account)
        }
    }

    @Test("IdP-initiated: a new SP gets a code for the IdP's user by loop-back; a second start only switches the SP's user")
    func idpInitiated() async throws {
        try await withLocalOrg { org in
            let handoff = try await Handoff.start(org)
            let user = org.credentials.user
            try await handoff.idp.launch(handoff.serviceProvider, as: user, startURL: "/001/o")
            #expect(
                handoff.steps == [
                    "com.forcekit.idp→com.forcekit.sp idpinit", "com.forcekit.sp→com.forcekit.idp authrequest",
                    "com.forcekit.idp→com.forcekit.sp authresponse",
                ])
            let request = try #require(handoff.deliveries.current.dropFirst().first.map { try IdPMessage(url: $0.url) })
            guard case .authRequest(let authRequest) = request else {
                Issue.record("the SP did not ask for a code: \(request)")
                return
            }
            #expect(authRequest.userHint == UserHint(user))
            #expect(await handoff.spAccounts.currentAccount?.identity == user)
            // T-IDP-14: the SP has the account now, so the next start is a switch with no round trip.
            let outcome = await handoff.client.handle(
                IncomingURL(
                    url: IdPMessage.idpInit(IdPInitiation(userHint: UserHint(user), startURL: "/003/o")).url(scheme: "forcekitsp"),
                    sourceApplication: Handoff.idpBundle))
            guard case .loggedIn(let account, let startURL) = outcome else {
                Issue.record("the second start did not switch: \(outcome)")
                return
            }
            #expect(account.identity == user && startURL == "/003/o" && handoff.deliveries.current.count == 3)
        }
    }

    @Test("a refreshable session needs no IdP; no IdP configured or installed is said so the app can use the browser")
    func fallbacks() async throws {
        try await withLocalOrg { org in
            let handoff = try await Handoff.start(org)
            let first = try await handoff.client.logIn()
            let again = try await handoff.client.signIn()
            #expect(again.identity == first.identity && handoff.deliveries.current.count == 2)
            let withoutIdP = IdentityProviderClient(
                configuration: .init(identityProviderScheme: nil), accounts: handoff.spAccounts, opener: handoff.device.opener(for: "x"))
            await #expect(throws: IdPError.self) { try await withoutIdP.logIn() }
            let notInstalled = IdentityProviderClient(
                configuration: .init(identityProviderScheme: "missingidp"), accounts: handoff.spAccounts,
                opener: handoff.device.opener(for: "x"))
            do throws(IdPError) {
                _ = try await notInstalled.logIn()
                Issue.record("a missing IdP app was not reported")
            } catch {
                #expect(error.code == .identityProviderUnavailable)
            }
        }
    }

    @Test("Consent: an untrusted SP is let in only when the user allows, and the SP hears a denial; a trusted SP is not asked about")
    func consent() async throws {
        try await withLocalOrg { org in
            let asked = Locked(0)
            let denying = try await Handoff.start(
                org, user: ScriptedIdPUser(allowsAccess: false, onConsent: { _ in asked.withLock { $0 += 1 } }))
            do throws(IdPError) {
                _ = try await denying.client.logIn()
                Issue.record("a denied login succeeded")
            } catch {
                #expect(error.code == .remoteError && error.message.contains(IdPError.Code.accessDenied.rawValue))
            }
            #expect(asked.current == 1 && denying.spTokenRequests.current == 0)
            let trusting = try await Handoff.start(
                org, user: ScriptedIdPUser(allowsAccess: false, onConsent: { _ in asked.withLock { $0 += 1 } }), trusted: true)
            _ = try await trusting.client.logIn()
            #expect(asked.current == 1)
        }
    }
}
