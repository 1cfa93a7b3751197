import ArgumentParser

/// `forcekit org list`: the signed-in orgs, as `sf org list` lists them (`forcekit accounts` too).
struct OrgListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the signed-in accounts with their orgs and aliases; the current one is marked with * (as forcekit accounts).",
        discussion: "Pick one for a command with --target-org (or --user), or make it current with forcekit accounts --switch."
    )

    @Flag(help: "Print one JSON object per account.")
    var json = false

    func run() async throws {
        await AccountsCommand.list(try await ForceKitHome.accounts(), json: json)
    }
}
