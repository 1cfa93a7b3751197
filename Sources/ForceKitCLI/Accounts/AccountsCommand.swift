import ArgumentParser
import Foundation
import SalesforceApp
import SalesforceAuth
import SalesforceCore

/// `forcekit accounts`: the signed-in accounts.
struct AccountsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "accounts",
        abstract: "List the signed-in accounts; the current one is marked with *.",
        discussion: "Pick another for one command with --user, or make it current with --switch."
    )

    @Option(
        name: .customLong("switch"),
        help: ArgumentHelp("Make this account current (an alias, a username, a user id or ORG_ID/USER_ID).", valueName: "USER"))
    var switchTo: String?

    @Flag(help: "Print one JSON object per account.")
    var json = false

    func run() async throws {
        let manager = try await ForceKitHome.accounts()
        if let switchTo {
            try await manager.switchTo(try await AccountChoice.one(named: switchTo, in: manager).identity)
        }
        await Self.list(manager, json: json)
    }

    /// Prints the signed-in accounts, the current one marked (`accounts`, `org list`).
    static func list(_ manager: UserAccountManager, json: Bool) async {
        let accounts = await manager.accounts
        let current = await manager.currentAccount?.identity
        if accounts.isEmpty && !json { Console.print("No accounts. Log in with forcekit login.") }
        for account in accounts {
            if json {
                Console.print(Self.json(account, current: account.identity == current))
            } else {
                let mark = account.identity == current ? "*" : " "
                let alias = AccountChoice.alias(of: account).map { "  alias \($0)" } ?? ""
                Console.print(
                    "\(mark) \(account.username ?? "?")  \(account.identity.userID)  org \(account.identity.orgID)  \(account.credentials.instanceURL.absoluteString)\(alias)"
                )
            }
        }
    }

    /// An account as one JSON line, without secrets.
    static func json(_ account: UserAccount, current: Bool) -> String {
        JSON.object([
            "username": account.username.map(JSON.string) ?? .null, "userId": .string(account.identity.userID.id18),
            "orgId": .string(account.identity.orgID.id18), "instanceUrl": .string(account.credentials.instanceURL.absoluteString),
            "loginHost": .string(account.credentials.loginHost.baseURL), "current": .bool(current),
            "canRefresh": .bool(account.credentials.refreshToken != nil),
            "alias": AccountChoice.alias(of: account).map(JSON.string) ?? .null,
        ]).serialized()
    }
}

/// `forcekit logout`: signs accounts out, and removes what the SDK's logout removes.
struct LogoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: "Log out the current account (or --target-org, or --all): revoke its token, forget it and remove its data.",
        discussion: """
            As the Mobile SDK's logout does, the user's data under the CLI's home goes too: their stores \
            and store keys (those forcekit bridge and hybrid serve use), sync states, analytics events \
            and their key. --keep-data keeps them. Stores made with --path are files of yours and stay.
            """
    )

    @OptionGroup var account: AccountOptions

    @Flag(help: "Log out every account.")
    var all = false

    @Flag(name: .customLong("keep-data"), help: "Keep the user's stores, keys, sync states and events under the CLI's home.")
    var keepData = false

    func run() async throws {
        let manager = try await ForceKitHome.accounts()
        let current = await manager.currentAccount?.identity
        let chosen = all ? await manager.accounts : [try await account.account().0]
        for user in chosen {
            if keepData {
                await manager.logOut(user.identity)
            } else {
                // The app layer's logout, over the CLI's home: one way to remove a user's data.
                var options = AccountOptions()
                options.user = "\(user.identity.orgID.id18)/\(user.identity.userID.id18)"
                let app = try await BridgeSession.app(account: options, folder: nil, config: nil)
                await app.logOut(user.identity)
            }
        }
        // Choosing whom to log out does not change who is current.
        if let current, !chosen.contains(where: { $0.identity == current }) { try? await ForceKitHome.accounts().switchTo(current) }
        let kept = keepData ? "; their data under the CLI's home is kept" : ", with their stores, keys, sync states and events"
        if all {
            Console.print("Logged out \(chosen.count) account\(chosen.count == 1 ? "" : "s")\(kept).")
        } else if let user = chosen.first {
            Console.print("Logged out \(user.username ?? user.identity.userID.id18)\(kept).")
        }
    }
}
