import ForceKitTestSupport
import ForceKitTesting
import Foundation
import IdentityProvider
import LocalOrg
import SalesforceApp
import SalesforceAuth
import SalesforceCore
import SalesforceKeys
import Testing

@Suite("The app layer: login through an identity provider")
struct IdentityProviderLoginTests {
    @Test("an app logs its user in through the IdP app with its own code and tokens; without an IdP it says to use the browser")
    func loginThroughTheIdP() async throws {
        try await withLocalOrg { org in
            try await withTemporaryDirectory { folder in
                // The IdP app, with the org's default user signed in.
                let idpAccounts = try await UserAccountManager(directory: nil, keyStore: InMemoryKeyStore(), oauth: org.oauthClient())
                try await idpAccounts.logIn(at: org.loginHost, using: org.browser)
                let device = SimulatedDevice()
                let allowed = AllowedServiceProvider(
                    name: "Field", clientID: SampleServiceProviderApp.consumerKey, redirectURIs: [SampleServiceProviderApp.callbackURL],
                    bundleIDs: ["com.acme.field"])
                let idp = IdentityProvider(
                    configuration: .init(allowedServiceProviders: [allowed]), accounts: idpAccounts,
                    opener: device.opener(for: "com.acme.idp"), browser: SimulatedBrowser(), interaction: ScriptedIdPUser())

                // The service-provider app: a SalesforceApp with its own connected app.
                let config = folder.appendingPathComponent("config")
                try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
                let boot = """
                    {"remoteAccessConsumerKey": "\(SampleServiceProviderApp.consumerKey)",
                     "oauthRedirectURI": "\(SampleServiceProviderApp.callbackURL)", "oauthScopes": ["api", "refresh_token"]}
                    """
                try Data(boot.utf8).write(to: config.appendingPathComponent("bootconfig.json"))
                let app = try await SalesforceApp(
                    configuration: try AppConfiguration(contentsOf: config), directory: folder.appendingPathComponent("app"))
                await #expect(throws: AppError.self) { try await app.logInThroughIdentityProvider() }

                await app.useIdentityProvider(
                    .init(identityProviderScheme: "testsfdc", identityProviderBundleID: "com.acme.idp", loginHost: org.loginHost),
                    opener: device.opener(for: "com.acme.field"))
                await device.install(bundleID: "com.acme.idp", schemes: ["testsfdc"]) { await idp.handle($0) }
                await device.install(bundleID: "com.acme.field", schemes: ["forcekitsp"]) { _ = await app.handle($0) }

                let account = try await app.logInThroughIdentityProvider()
                // Without a login host of its own, the handoff names the app's selected host
                // (here the one device management pushed), as a browser login does; it named
                // production before, whatever the list said.
                let managedApp = try await SalesforceApp(
                    configuration: try AppConfiguration(contentsOf: config), directory: folder.appendingPathComponent("managed"),
                    managed: ManagedConfiguration(values: ["AppServiceHosts": .string(org.credentials.loginURL)]))
                await managedApp.useIdentityProvider(
                    .init(identityProviderScheme: "testsfdc", identityProviderBundleID: "com.acme.idp"),
                    opener: device.opener(for: "com.acme.field"))
                await device.install(bundleID: "com.acme.field", schemes: ["forcekitsp"]) { _ = await managedApp.handle($0) }
                let managedAccount = try await managedApp.logInThroughIdentityProvider()
                #expect(managedAccount.credentials.instanceURL.absoluteString.hasPrefix(org.credentials.instanceURL))
                await device.install(bundleID: "com.acme.field", schemes: ["forcekitsp"]) { _ = await app.handle($0) }
                #expect(account.credentials.clientID == SampleServiceProviderApp.consumerKey)
                #expect(account.identity == org.credentials.user)
                #expect(await app.currentUser?.identity == org.credentials.user)
                let idpToken = await idpAccounts.currentAccount?.credentials.accessToken
                #expect(account.credentials.accessToken != idpToken)
                let info = await app.developerSupportInfo()
                #expect(info["IDP Enabled"] == "YES" && info["Identity Provider"] == "testsfdc://")
            }
        }
    }
}
