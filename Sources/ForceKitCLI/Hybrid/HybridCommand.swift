import ArgumentParser

/// `forcekit hybrid`: hybrid apps on the desktop.
struct HybridCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hybrid",
        abstract: "Run a hybrid (Cordova) app's www folder in a desktop browser against ForceKit's native side.",
        subcommands: [HybridServeCommand.self]
    )
}
