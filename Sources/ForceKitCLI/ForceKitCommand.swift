public import ArgumentParser
import SalesforceCore

/// `forcekit`: the ForceKit developer tool.
public struct ForceKitCommand: AsyncParsableCommand {
    /// The command's name, help and subcommands.
    public static let configuration = CommandConfiguration(
        commandName: "forcekit",
        abstract:
            "The ForceKit developer tool: LocalOrg (a Salesforce-compatible server), logins and REST calls, SmartStore databases, Mobile Sync, the identity-provider handoff, deep links and app links.",
        discussion: """
            Output is readable text by default and JSON with --json; the store commands always \
            print JSON, and serve prints one JSON line before its request logs. Errors go to \
            standard error with a non-zero exit status.
            """,
        version: ForceKitVersion.current,
        subcommands: [
            ServeCommand.self, LoginCommand.self, AccountsCommand.self, LogoutCommand.self, APICommand.self, QueryCommand.self,
            OrgCommand.self, LinkCommand.self, StoreCommand.self, SyncCommand.self, IdPCommand.self,
        ]
    )

    /// Creates the command; ArgumentParser fills in its options.
    public init() {}
}

extension ForceKitCommand {
    /// Parses the process's arguments, runs the command and exits with its status: the
    /// executable's whole `main`.
    public static func runFromCommandLine() async {
        await main()
    }
}
