import ArgumentParser
import Foundation
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

/// `forcekit logout`: signs accounts out.
struct LogoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: "Log out the current account (or --target-org, or --all): revoke its token and forget it."
    )

    @OptionGroup var account: AccountOptions

    @Flag(help: "Log out every account.")
    var all = false

    func run() async throws {
        if all {
            let manager = try await ForceKitHome.accounts()
            let count = await manager.accounts.count
            await manager.logOutAll()
            Console.print("Logged out \(count) account\(count == 1 ? "" : "s").")
            return
        }
        let (chosen, manager) = try await account.account()
        await manager.logOut(chosen.identity)
        Console.print("Logged out \(chosen.username ?? chosen.identity.userID.id18).")
    }
}
