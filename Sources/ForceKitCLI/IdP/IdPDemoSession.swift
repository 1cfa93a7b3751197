import ArgumentParser
import Foundation
import HeadlessLogin
import IdentityProvider
import LocalOrg
import SalesforceAuth
import SalesforceCore
import SalesforceKeys

/// The two apps of `forcekit idp demo` and the device between them.
struct IdPDemoSession {
    static let idpBundle = "com.forcekit.idp"
    static let spBundle = "com.forcekit.sp"

    /// How a run ended.
    struct Outcome {
        var isLogin: Bool
        var detail: String
        var user: String?
    }

    let device: SimulatedDevice
    let idp: IdentityProvider
    let client: IdentityProviderClient
    let serviceProvider: AllowedServiceProvider
    let spAccounts: UserAccountManager
    let idpAccounts: UserAccountManager
    let names: [UserIdentity: String]

    /// LocalOrg with a second user; the IdP with both logged in, the SP with none.
    static func start(_ server: LocalOrgServer, json: Bool) async throws -> IdPDemoSession {
        let credentials = server.credentials
        guard let loginHost = LoginHost(credentials.loginURL) else {
            throw ValidationError("LocalOrg's URL \(credentials.loginURL) is not a login host.")
        }
        let secondPassword = "Second-" + UUID().uuidString
        let second = try await server.addUser(username: "second@localorg.test", password: secondPassword)
        let idpOAuth = OAuthClient(consumerKey: credentials.clientID, redirectURI: credentials.redirectURI, scopes: ["api", "web"])
        let idpAccounts = try await UserAccountManager(directory: nil, keyStore: InMemoryKeyStore(), oauth: idpOAuth)
        // The IdP's users logged in to it before: here with the password flow, for the demo only.
        for (username, password) in [(credentials.username, credentials.password), ("second@localorg.test", secondPassword)] {
            _ = try await idpAccounts.add(try await idpOAuth.logIn(username: username, password: password, at: loginHost))
        }
        try await idpAccounts.switchTo(credentials.user)
        let names = [credentials.user: credentials.username, second: "second@localorg.test"]

        let device = SimulatedDevice()
        await device.observe { delivery in Console.print(Self.describe(delivery, json: json)) }
        let serviceProvider = AllowedServiceProvider(
            name: "ForceKit Sample SP", clientID: SampleServiceProviderApp.consumerKey,
            redirectURIs: [SampleServiceProviderApp.callbackURL],
            bundleIDs: [spBundle])
        let idp = IdentityProvider(
            configuration: .init(allowedServiceProviders: [serviceProvider]), accounts: idpAccounts, opener: device.opener(for: idpBundle),
            browser: SimulatedBrowser(), interaction: ScriptedIdPUser())
        let spOAuth = OAuthClient(
            consumerKey: SampleServiceProviderApp.consumerKey, redirectURI: SampleServiceProviderApp.callbackURL, scopes: ["api", "web"])
        let spAccounts = try await UserAccountManager(directory: nil, keyStore: InMemoryKeyStore(), oauth: spOAuth)
        let client = IdentityProviderClient(
            configuration: .init(
                identityProviderScheme: "testsfdc", identityProviderBundleID: idpBundle, loginHost: loginHost, appName: "ForceKit Sample SP"
            ),
            accounts: spAccounts, opener: device.opener(for: spBundle))
        await device.install(bundleID: idpBundle, schemes: ["testsfdc"]) { await idp.handle($0) }
        await device.install(bundleID: spBundle, schemes: ["forcekitsp"]) { await client.handle($0) }
        if !json {
            Console.print("LocalOrg: \(credentials.instanceURL) (temporary)")
            Console.print("IdP app \(idpBundle) (testsfdc://), logged in:")
            for (identity, name) in names.sorted(by: { $0.value < $1.value }) {
                Console.print("    \(name)  --user-hint \(UserHint(identity))")
            }
            Console.print("SP app  \(spBundle) (forcekitsp://), logged in: nobody")
            Console.print("")
        }
        return IdPDemoSession(
            device: device, idp: idp, client: client, serviceProvider: serviceProvider, spAccounts: spAccounts, idpAccounts: idpAccounts,
            names: names)
    }

    func spInitiated(hint: UserHint?) async -> Outcome {
        do {
            return loggedIn(try await client.logIn(userHint: hint))
        } catch {
            return Outcome(isLogin: false, detail: "the SP's login failed: \(error)", user: nil)
        }
    }

    func idpInitiated(hint: UserHint?) async -> Outcome {
        guard let user = await hintedOrCurrent(hint) else {
            return Outcome(isLogin: false, detail: "the IdP has no account for \(hint?.description ?? "its current user")", user: nil)
        }
        do {
            try await idp.launch(serviceProvider, as: user, startURL: "/lightning/o/Account/home")
        } catch {
            return Outcome(isLogin: false, detail: "the IdP could not start the SP: \(error)", user: nil)
        }
        guard let account = await spAccounts.currentAccount else {
            return Outcome(isLogin: false, detail: "the SP did not log the user in", user: nil)
        }
        return loggedIn(account)
    }

    func rogueRequest() async -> Outcome {
        let request = IdPAuthRequest(
            clientID: SampleServiceProviderApp.consumerKey, codeChallenge: PKCE().challenge,
            redirectURI: SampleServiceProviderApp.callbackURL,
            state: "rogue-" + UUID().uuidString.prefix(8))
        _ = await device.open(IdPMessage.authRequest(request).url(scheme: "testsfdc"), from: "com.evil.app")
        if let account = await spAccounts.currentAccount { return loggedIn(account) }
        return Outcome(isLogin: false, detail: "the IdP refused com.evil.app's request (rogue_sp); no code was issued", user: nil)
    }

    private func hintedOrCurrent(_ hint: UserHint?) async -> UserIdentity? {
        guard let hint else { return await idpAccounts.currentAccount?.identity }
        return await idpAccounts.accounts.first { hint.matches($0.identity) }?.identity
    }

    private func loggedIn(_ account: UserAccount) -> Outcome {
        let name = names[account.identity] ?? account.identity.userID.id18
        return Outcome(
            isLogin: true,
            detail:
                "the SP is logged in as \(name) with tokens of its own (client \(account.credentials.clientID.prefix(12))…); no token crossed apps",
            user: account.identity.description)
    }

    /// A message as a line: direction, command and parameters, secrets shortened.
    static func describe(_ delivery: SimulatedDevice.Delivery, json: Bool) -> String {
        let message = try? IdPMessage(url: delivery.url)
        let command = message?.command ?? delivery.url.absoluteString
        let parameters = (message?.parameters ?? []).map { ($0.name, masked($0.name, $0.value)) }
        if json {
            var line = JSONLine()
            line.add("from", delivery.from)
            line.add("to", delivery.to)
            line.add("command", command)
            line.add("parameters", Dictionary(parameters, uniquingKeysWith: { first, _ in first }))
            return line.text
        }
        let arrow = "\(delivery.from) → \(delivery.to ?? "no app has this scheme")"
        return (["\(arrow): \(command)"] + parameters.map { "    \($0.0)=\($0.1)" }).joined(separator: "\n")
    }

    /// One-time values shown by their start and length only.
    static func masked(_ name: String, _ value: String) -> String {
        guard ["code", "code_challenge", "state"].contains(name), value.count > 8 else { return value }
        return "\(value.prefix(6))…(\(value.count) characters)"
    }
}
