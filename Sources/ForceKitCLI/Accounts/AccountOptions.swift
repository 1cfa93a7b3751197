import ArgumentParser
import Foundation
import SalesforceAuth
import SalesforceCore
import SalesforceREST

/// `--user` (or `--target-org` and `-o`, as `sf` spells it): which signed-in account a command acts for.
struct AccountOptions: ParsableArguments {
    @Option(
        name: [.customLong("user"), .customLong("target-org"), .customShort("o")],
        help: ArgumentHelp(
            "The account to use: an alias, a username, a user id or ORG_ID/USER_ID (see forcekit accounts). Default: the current one.",
            valueName: "USER"))
    var user: String?

    /// The chosen account, the manager that keeps it, and the transport its org needs (one that
    /// trusts the CA saved with the account, for a LocalOrg served with --tls).
    func account() async throws -> (UserAccount, UserAccountManager) {
        // The accounts are read once; the manager's refreshes go where the chosen account needs.
        let refreshes = ChosenTransport()
        let (account, manager) = try await chosenAccount(ForceKitHome.accounts(transport: refreshes))
        refreshes.use(try transport(for: account))
        return (account, manager)
    }

    /// The transport for the account's org.
    func transport(for account: UserAccount) throws -> any HTTPTransport {
        do {
            return try ForceKitHome.transport(trusting: account.customData[ForceKitHome.caFileKey]?.stringValue)
        } catch {
            Console.printFailure("\(error)")
            throw ExitCode(1)
        }
    }

    private func chosenAccount(_ manager: UserAccountManager) async throws -> (UserAccount, UserAccountManager) {
        if let user { return (try await AccountChoice.one(named: user, in: manager), manager) }
        guard let account = await manager.currentAccount else {
            Console.printFailure(
                "no account is signed in. Run forcekit login first (forcekit login --local for the LocalOrg forcekit serve runs).")
            throw ExitCode(1)
        }
        return (account, manager)
    }

    /// A REST client for the chosen account, which refreshes and saves its token through the manager.
    func restClient() async throws -> RestClient {
        // A refresh uses the client id saved with the account, so the manager's default client serves.
        let (account, manager) = try await account()
        return RestClient(account: account, accounts: manager, transport: try transport(for: account))
    }
}

/// A transport whose target is set once the account it serves is known: the account manager
/// needs a transport before its accounts are read, and the account decides which one.
final class ChosenTransport: HTTPTransport {
    private let target = Locked<any HTTPTransport>(URLSessionTransport.shared)

    /// Sends through `transport` from now on.
    func use(_ transport: any HTTPTransport) {
        target.withLock { $0 = transport }
    }

    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        try await target.current.send(request)
    }
}
