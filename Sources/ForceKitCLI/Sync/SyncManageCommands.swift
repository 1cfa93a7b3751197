import ArgumentParser
import Foundation
import MobileSync
import SalesforceCore

/// `forcekit sync clean-ghosts`.
struct SyncCleanGhostsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clean-ghosts",
        abstract: "Remove the records a sync down brought that the server no longer returns; print how many.",
        discussion: "Only clean records of that sync are candidates: local changes and other syncs' records stay."
    )

    @OptionGroup var place: SyncPlace

    @Argument(help: "The sync down's name or id.")
    var sync: String

    func run() async throws {
        try await place.withManager(.change) { manager in
            let state = try await SyncReference.state(sync, manager)
            Console.printJSON(.integer(Int64(try await manager.cleanResyncGhosts(id: state.id))))
        }
    }
}

/// `forcekit sync list`.
struct SyncListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "Print every sync of the store, one state per line (JSON, or text with --text).")

    @OptionGroup var place: SyncPlace
    @OptionGroup var output: SyncOutput

    func run() async throws {
        try await place.withManager(.change) { manager in
            for state in try await manager.allSyncs() { output.print(state) }
        }
    }
}

/// `forcekit sync status`.
struct SyncStatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Print one sync's state (JSON, or a line of text with --text).")

    @OptionGroup var place: SyncPlace
    @OptionGroup var output: SyncOutput

    @Argument(help: "The sync's name or id.")
    var sync: String

    func run() async throws {
        try await place.withManager(.change) { manager in
            output.print(try await SyncReference.state(sync, manager))
        }
    }
}

/// `forcekit sync delete`.
struct SyncDeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Delete a sync's state; the records it synced stay in the soup.")

    @OptionGroup var place: SyncPlace

    @Argument(help: "The sync's name or id.")
    var sync: String

    func run() async throws {
        try await place.withManager(.change) { manager in
            try await manager.deleteSync(id: try await SyncReference.state(sync, manager).id)
        }
    }
}

/// `forcekit sync config`.
struct SyncConfigCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Create the syncs of a usersyncs.json or globalsyncs.json file that do not exist yet; print them.",
        discussion:
            "The syncs are created NEW and not run: run them with forcekit sync resync NAME. Malformed entries are named on standard error and skipped."
    )

    @OptionGroup var place: SyncPlace
    @OptionGroup var output: SyncOutput

    @Argument(help: "The configuration file.")
    var file: String

    func validate() throws { try InputPath.requireFile(file, given: "The configuration file") }

    func run() async throws {
        let config = try SyncsConfig(contentsOf: URL(fileURLWithPath: file))
        for problem in config.problems { Console.printError("skipped \(problem)") }
        try await place.withManager(.create) { manager in
            for entry in config.entries {
                // A tree's soups are all made, children's with their parent field indexed.
                let tree =
                    entry.type == .syncDown
                    ? (try? ParentChildrenSyncDownTarget(json: entry.target))?.tree
                    : (try? ParentChildrenSyncUpTarget(json: entry.target))?.tree
                if let tree, entry.target["parent"] != nil {
                    try await SyncRunner.prepareSoups(of: tree, in: manager.store)
                } else if entry.type == .syncDown {
                    try await SyncRunner.prepareSoup(entry.soupName, in: manager.store)
                }
            }
            for state in try await manager.createSyncs(from: config) { output.print(state) }
        }
    }
}
