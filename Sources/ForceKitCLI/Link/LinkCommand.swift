import ArgumentParser

/// `forcekit link`: route and parse deep links.
struct LinkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "link",
        abstract: "Route deep links with a MobileDeepLinkingConfig.json, and parse or build Salesforce app links.",
        subcommands: [LinkRouteCommand.self, LinkParseCommand.self, LinkBuildCommand.self]
    )
}
