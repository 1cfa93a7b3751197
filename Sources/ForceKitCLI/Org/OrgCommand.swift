import ArgumentParser

/// `forcekit org`: the signed-in org, as clients need it and as people see it.
struct OrgCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "org",
        abstract: "Show what a client needs to call the signed-in org, or open it in your browser.",
        subcommands: [OrgDisplayCommand.self, OrgOpenCommand.self]
    )
}
