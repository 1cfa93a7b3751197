import ArgumentParser

/// `forcekit store`: inspect and edit a SmartStore database.
struct StoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store",
        abstract: "Inspect and edit a SmartStore database: soups, entries, queries and Smart SQL.",
        discussion: """
            Every subcommand takes --path DB, a database file that is created if missing. Results \
            print as JSON; errors print on standard error with exit status 1.
            """,
        subcommands: [
            StoreRegisterCommand.self, StoreSoupsCommand.self, StoreIndexesCommand.self, StoreUpsertCommand.self,
            StoreQueryCommand.self, StoreCountCommand.self, StoreRemoveCommand.self, StoreClearCommand.self,
            StoreDropCommand.self, StoreAlterCommand.self,
        ]
    )
}
