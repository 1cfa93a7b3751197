import ArgumentParser
import SalesforceAuth

/// `forcekit org switch NAME`: makes a signed-in account current without logging in again.
struct OrgSwitchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "switch",
        abstract: "Make a signed-in account the current one, which commands use without -o.",
        discussion: """
            NAME is an alias, a username, a user id or ORG_ID/USER_ID, as forcekit org list shows them. \
            One command can use another account without switching: -o NAME (--target-org).

            Example:
              forcekit org switch qa
            """
    )

    @Argument(help: ArgumentHelp("The account to make current.", valueName: "NAME"))
    var name: String

    func run() async throws {
        let manager = try await ForceKitHome.accounts()
        let account = try await AccountChoice.one(named: name, in: manager)
        try await manager.switchTo(account.identity)
        Console.print("The current account is now \(AccountChoice.describe(account)).")
    }
}
