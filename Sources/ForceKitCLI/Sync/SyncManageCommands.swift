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
        commandName: "list", abstract: "Print every sync of the store, one JSON state per line.")

    @OptionGroup var place: SyncPlace

    func run() async throws {
        try await place.withManager(.change) { manager in
            for state in try await manager.allSyncs() { Console.print(state.json.serialized()) }
        }
    }
}

/// `forcekit sync status`.
struct SyncStatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "status", abstract: "Print one sync's state as JSON.")

    @OptionGroup var place: SyncPlace

    @Argument(help: "The sync's name or id.")
    var sync: String

    func run() async throws {
        try await place.withManager(.change) { manager in
            Console.print(try await SyncReference.state(sync, manager).json.serialized())
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

    @Argument(help: "The configuration file.")
    var file: String

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
            for state in try await manager.createSyncs(from: config) { Console.print(state.json.serialized()) }
        }
    }
}

/// `forcekit sync conflicts`.
struct SyncConflictsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conflicts",
        abstract: "Print the soup's records that changed on both sides, one JSON object per line: soupEntryId, id, local, server, base."
    )

    @OptionGroup var place: SyncPlace

    @Argument(help: "The soup.")
    var soup: String

    func run() async throws {
        try await place.withManager(.change) { manager in
            for conflict in try await manager.conflicts(inSoup: soup) {
                var line: [String: JSON] = [
                    "soupEntryId": .integer(conflict.soupEntryId), "local": conflict.local, "server": conflict.server ?? .null,
                    "base": conflict.base ?? .null,
                ]
                line["id"] = conflict.id.map(JSON.string) ?? .null
                Console.print(JSON.object(line).serialized())
            }
        }
    }
}

/// `forcekit sync resolve`.
struct SyncResolveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve",
        abstract: "Settle a conflict: keep mine (the next sync up writes it) or take theirs (the server's version replaces the local one)."
    )

    @OptionGroup var place: SyncPlace

    @Argument(help: "The soup.")
    var soup: String

    @Argument(help: "The record: its Salesforce Id or its soup entry id (forcekit sync conflicts lists both).")
    var record: String

    @Option(help: "mine or theirs.")
    var keep: Side

    enum Side: String, ExpressibleByArgument, CaseIterable {
        case mine, theirs
    }

    func run() async throws {
        try await place.withManager(.change) { manager in
            let soupEntryId = try await entryId(in: manager)
            try await manager.resolveConflict(soupEntryId: soupEntryId, inSoup: soup, keep == .mine ? .keepMine : .takeTheirs)
        }
    }

    /// The soup entry id `record` names: given as it is, or found among the conflicts by the
    /// record's Salesforce Id (15 or 18 characters).
    private func entryId(in manager: SyncManager) async throws -> Int64 {
        if let soupEntryId = Int64(record) { return soupEntryId }
        guard let wanted = try? SalesforceID(record) else {
            throw CLIInputError("\(record) is neither a Salesforce Id nor a soup entry id; forcekit sync conflicts \(soup) lists both")
        }
        let conflicts = try await manager.conflicts(inSoup: soup)
        guard let match = conflicts.first(where: { conflict in conflict.id.flatMap { try? SalesforceID($0) } == wanted }) else {
            throw CLIInputError("\(record) is not a record in conflict in \(soup); forcekit sync conflicts \(soup) lists those that are")
        }
        return match.soupEntryId
    }
}
