import ArgumentParser

/// `forcekit idp`: the identity-provider handoff.
struct IdPCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "idp",
        abstract: "Show the identity-provider handoff: one app logging users into another over app URLs.",
        subcommands: [IdPDemoCommand.self]
    )
}
