import ArgumentParser

/// `forcekit sync`: Mobile Sync between a SmartStore file and the signed-in account's org.
struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Sync records between a SmartStore database and the org: down, up, re-sync, ghosts, conflicts, metadata and layouts.",
        discussion: """
            Every subcommand takes --path DB (encrypted as forcekit store does) and acts as the \
            signed-in account (--user picks one). Runs print their final sync state as JSON on \
            standard output (a line of text with --text) and progress on standard error, and \
            exit 0 when the sync ended DONE with no failed or conflicted record, 1 otherwise. \
            Records changed on both sides are shown field by field with forcekit sync conflicts \
            SOUP --text and settled with forcekit sync resolve (mine, theirs or a merge).

            Examples:
              forcekit sync down accounts --path app.sqlite --name accounts \\
                --query "SELECT Name, Industry FROM Account"
              forcekit store upsert accounts edits.json --path app.sqlite \\
                --external-id Id --local
              forcekit sync up accounts --path app.sqlite --fields Name,Industry \\
                --merge leave-if-changed
              forcekit sync resync accounts --path app.sqlite
              forcekit sync down accounts --path app.sqlite --name tree \\
                --parent-children Examples/Sync/accounts-contacts.json
              forcekit sync down accounts --path app.sqlite --bulk \\
                --query "SELECT Name FROM Account"
              forcekit sync metadata Account --path app.sqlite --mode cache-first
            """,
        subcommands: [
            SyncDownCommand.self, SyncUpCommand.self, SyncResyncCommand.self, SyncCleanGhostsCommand.self, SyncListCommand.self,
            SyncStatusCommand.self, SyncDeleteCommand.self, SyncConfigCommand.self, SyncConflictsCommand.self, SyncResolveCommand.self,
            SyncMetadataCommand.self, SyncLayoutCommand.self,
        ]
    )
}
