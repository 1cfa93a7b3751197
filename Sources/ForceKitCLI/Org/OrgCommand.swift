import ArgumentParser

/// `forcekit org`: the signed-in org, as clients need it and as people see it; `org logout` is
/// `forcekit logout`, as `sf org logout` is.
struct OrgCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "org",
        abstract:
            "The signed-in orgs: what a client needs to call one, open it in your browser, list them, switch the current one, log out.",
        subcommands: [OrgDisplayCommand.self, OrgOpenCommand.self, OrgListCommand.self, OrgSwitchCommand.self, LogoutCommand.self]
    )
}
