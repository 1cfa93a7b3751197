import ArgumentParser
import Foundation
import SalesforceAuth
import SalesforceCore

/// Which signed-in accounts a name on the command line means (`--user`, `--target-org`,
/// `accounts --switch`): an alias given at login (`--alias`), a username, a user id, or
/// `ORG_ID/USER_ID`. Two LocalOrgs both have an `admin@localorg.test`, so a name may mean several
/// accounts: then nothing is done, and the error lists them with how to name each.
enum AccountChoice {
    /// The key under which an account keeps its alias.
    static let aliasKey = "alias"

    /// The alias an account was given at login, if any.
    static func alias(of account: UserAccount) -> String? { account.customData[aliasKey]?.stringValue }

    /// The accounts `name` means: those with that alias, else those with that username, user id
    /// or `ORG_ID/USER_ID`.
    static func accounts(named name: String, in manager: UserAccountManager) async -> [UserAccount] {
        let aliased = await manager.accounts.filter { alias(of: $0) == name }
        return aliased.isEmpty ? await manager.accounts(named: name) : aliased
    }

    /// The one account `name` means; none, or several, is an error that says what to type instead.
    static func one(named name: String, in manager: UserAccountManager) async throws -> UserAccount {
        let found = await accounts(named: name, in: manager)
        guard found.count == 1, let account = found.first else {
            if found.isEmpty {
                Console.printFailure("no signed-in account matches \"\(name)\". Run forcekit accounts to list them.")
            } else {
                let list = found.map { "  \(describe($0))" }.joined(separator: "\n")
                Console.printError(
                    """
                    Error: "\(name)" matches \(found.count) signed-in accounts:
                    \(list)
                    Name one by ORG_ID/USER_ID, or give it an alias: forcekit login … --alias NAME.
                    """)
            }
            throw ExitCode(1)
        }
        return account
    }

    /// How an account is named unambiguously, with where it is.
    static func describe(_ account: UserAccount) -> String {
        let alias = alias(of: account).map { " (alias \($0))" } ?? ""
        return "\(account.identity.orgID.id18)/\(account.identity.userID.id18)\(alias): \(account.username ?? "?") at "
            + account.credentials.instanceURL.absoluteString
    }
}
