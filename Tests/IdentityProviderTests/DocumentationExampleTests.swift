import ForceKitTestSupport
import ForceKitTesting
import Foundation
import IdentityProvider
import LocalOrg
import SalesforceAuth
import SalesforceCore
import SalesforceKeys
import Testing

/// The DocC article's example, run as written against LocalOrg.
@Suite("IdentityProvider documentation")
struct DocumentationExampleTests {
    @Test("the article's SP-initiated login logs the SP in with its own account")
    func articleExample() async throws {
        try await withLocalOrg { org in
            let loginHost = org.loginHost
            let idpAccounts = try await UserAccountManager(directory: nil, keyStore: InMemoryKeyStore(), oauth: org.oauthClient())
            try await idpAccounts.logIn(at: loginHost, using: org.browser)
            let spAccounts = try await UserAccountManager(
                directory: nil, keyStore: InMemoryKeyStore(),
                oauth: OAuthClient(
                    consumerKey: SampleServiceProviderApp.consumerKey, redirectURI: SampleServiceProviderApp.callbackURL, scopes: ["api"]))

            let device = SimulatedDevice()
            let spApp = AllowedServiceProvider(
                name: "Sample SP", clientID: SampleServiceProviderApp.consumerKey,
                redirectURIs: [SampleServiceProviderApp.callbackURL], bundleIDs: ["com.acme.sp"])
            let idp = IdentityProvider(
                configuration: .init(allowedServiceProviders: [spApp]), accounts: idpAccounts,
                opener: device.opener(for: "com.acme.idp"), browser: SimulatedBrowser(),
                interaction: ScriptedIdPUser())
            let client = IdentityProviderClient(
                configuration: .init(identityProviderScheme: "testsfdc", identityProviderBundleID: "com.acme.idp", loginHost: loginHost),
                accounts: spAccounts, opener: device.opener(for: "com.acme.sp"))
            await device.install(bundleID: "com.acme.idp", schemes: ["testsfdc"]) { await idp.handle($0) }
            await device.install(bundleID: "com.acme.sp", schemes: ["forcekitsp"]) { await client.handle($0) }

            let account = try await client.logIn()  // the SP's own account and tokens

            #expect(account.credentials.clientID == SampleServiceProviderApp.consumerKey && account.identity == org.credentials.user)
        }
    }
}
