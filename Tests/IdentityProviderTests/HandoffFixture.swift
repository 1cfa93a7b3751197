import ForceKitTestSupport
import ForceKitTesting
import Foundation
import IdentityProvider
import LocalOrg
import SalesforceAuth
import SalesforceCore
import SalesforceKeys
import URLEncoding

/// An IdP app and an SP app on a simulated device, against one LocalOrg: the IdP is the org's
/// default connected app (callback scheme `testsfdc`), the SP the sample service provider
/// (`forcekitsp`), each with its own accounts.
struct Handoff {
    static let idpBundle = "com.forcekit.idp"
    static let spBundle = "com.forcekit.sp"

    let org: TestOrg
    let device: SimulatedDevice
    let idp: IdentityProvider
    let idpAccounts: UserAccountManager
    let client: IdentityProviderClient
    let spAccounts: UserAccountManager
    let serviceProvider: AllowedServiceProvider
    /// Every URL handed between apps, in order.
    let deliveries: Locked<[SimulatedDevice.Delivery]>
    /// Token requests the SP sent (code exchanges and refreshes).
    let spTokenRequests: Locked<Int>
    /// Their form bodies, decoded.
    let spTokenForms: Locked<[[String: String]]>

    /// Sets up both apps with the IdP's default user logged in; `user` scripts the IdP's screens.
    static func start(
        _ org: TestOrg, user: ScriptedIdPUser = ScriptedIdPUser(), trusted: Bool = false,
        clock: @escaping @Sendable () -> Date = { Date() },
        requestLifetime: TimeInterval = 300
    ) async throws -> Handoff {
        let device = SimulatedDevice()
        let deliveries = Locked<[SimulatedDevice.Delivery]>([])
        await device.observe { delivery in deliveries.withLock { $0.append(delivery) } }
        let idpAccounts = try await UserAccountManager(directory: nil, keyStore: InMemoryKeyStore(), oauth: org.oauthClient())
        try await idpAccounts.logIn(at: org.loginHost, using: org.browser)
        let serviceProvider = AllowedServiceProvider(
            name: "Sample SP", clientID: SampleServiceProviderApp.consumerKey, redirectURIs: [SampleServiceProviderApp.callbackURL],
            bundleIDs: [spBundle], isTrusted: trusted)
        let idp = IdentityProvider(
            configuration: .init(allowedServiceProviders: [serviceProvider]), accounts: idpAccounts, opener: device.opener(for: idpBundle),
            browser: SimulatedBrowser(), interaction: user)
        let counter = Locked(0)
        let forms = Locked<[[String: String]]>([])
        let spOAuth = OAuthClient(
            consumerKey: SampleServiceProviderApp.consumerKey, redirectURI: SampleServiceProviderApp.callbackURL, scopes: ["api", "web"],
            transport: CountingTransport(tokenRequests: counter, forms: forms))
        let spAccounts = try await UserAccountManager(directory: nil, keyStore: InMemoryKeyStore(), oauth: spOAuth)
        let client = IdentityProviderClient(
            configuration: .init(
                identityProviderScheme: "testsfdc", identityProviderBundleID: idpBundle, loginHost: org.loginHost, appName: "Sample SP",
                requestLifetime: requestLifetime),
            accounts: spAccounts, opener: device.opener(for: spBundle), clock: clock)
        await device.install(bundleID: idpBundle, schemes: ["testsfdc"]) { await idp.handle($0) }
        await device.install(bundleID: spBundle, schemes: ["forcekitsp"]) { await client.handle($0) }
        return Handoff(
            org: org, device: device, idp: idp, idpAccounts: idpAccounts, client: client, spAccounts: spAccounts,
            serviceProvider: serviceProvider, deliveries: deliveries, spTokenRequests: counter, spTokenForms: forms)
    }

    /// Sends the SP's own request (its client id and callback) to the IdP from `sender`, with a
    /// challenge and state of the test's choosing, as an attacker who copies it would.
    func sendSPRequest(challenge: String, state: String, from sender: String) async {
        let request = IdPAuthRequest(
            clientID: SampleServiceProviderApp.consumerKey, codeChallenge: challenge, redirectURI: SampleServiceProviderApp.callbackURL,
            state: state)
        _ = await device.open(IdPMessage.authRequest(request).url(scheme: "testsfdc"), from: sender)
    }

    /// The commands delivered, as `sender→receiver command`.
    var steps: [String] {
        deliveries.current.map { delivery in
            let command = delivery.url.path.split(separator: "/").last.map(String.init) ?? ""
            return "\(delivery.from)→\(delivery.to ?? "nobody") \(command)"
        }
    }
}

/// URLSession, counting the requests to the token endpoint and keeping their forms.
struct CountingTransport: HTTPTransport {
    let tokenRequests: Locked<Int>
    let forms: Locked<[[String: String]]>

    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        if request.url.path.hasSuffix("/services/oauth2/token") {
            tokenRequests.withLock { $0 += 1 }
            let form = Dictionary(FormEncoding.decode(String(decoding: request.body ?? Data(), as: UTF8.self)), uniquingKeysWith: { $1 })
            forms.withLock { $0.append(form) }
        }
        return try await URLSessionTransport.shared.send(request)
    }
}
