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

/// `forcekit org logout`: as `sf org logout`, the same as `forcekit logout`.
struct OrgLogoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: "Log out the current account (or --target-org, or --all): revoke its token and forget it (as forcekit logout)."
    )

    @OptionGroup var account: AccountOptions

    @Flag(help: "Log out every account.")
    var all = false

    func run() async throws {
        try await LogoutCommand.logOut(account, all: all)
    }
}
