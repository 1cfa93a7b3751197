import ArgumentParser

/// `forcekit store`: inspect and edit a SmartStore database.
struct StoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store",
        abstract: "Inspect and edit a SmartStore database: soups, entries, queries and Smart SQL; migrate a Mobile SDK store.",
        discussion: """
            Every subcommand takes --path DB, the database file. register and migrate create it when missing; \
            the others need it, and soups, indexes, query and count only read it, leaving its files \
            as they were. Results print as JSON; errors print on standard error with exit status 1.
            """,
        subcommands: [
            StoreRegisterCommand.self, StoreSoupsCommand.self, StoreIndexesCommand.self, StoreUpsertCommand.self,
            StoreQueryCommand.self, StoreCountCommand.self, StoreRemoveCommand.self, StoreClearCommand.self,
            StoreDropCommand.self, StoreAlterCommand.self, StoreMigrateCommand.self,
        ]
    )
}
