import ArgumentParser

/// `forcekit org`: the signed-in org, as clients need it.
struct OrgCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "org",
        abstract: "Show what a client needs to call the signed-in org: instance URL, access token, CA file.",
        subcommands: [OrgDisplayCommand.self]
    )
}
