import ArgumentParser
import MobileSync
import SalesforceCore

/// `forcekit sync conflicts`.
struct SyncConflictsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conflicts",
        abstract: "Print the soup's records that changed on both sides, field by field.",
        discussion: """
            One JSON object per record: soupEntryId, id, local, server, base, and fields (each field \
            that differs, with its base, local and server values). With --text, each record's \
            fields in a column, as the quickstart shows them. Settle each with forcekit sync \
            resolve.
            """
    )

    @OptionGroup var place: SyncPlace
    @OptionGroup var output: SyncOutput

    @Argument(help: "The soup.")
    var soup: String

    func run() async throws {
        try await place.withManager(.change) { manager in
            let conflicts = try await manager.conflicts(inSoup: soup)
            for (index, conflict) in conflicts.enumerated() {
                if output.text {
                    if index > 0 { Console.print("") }
                    for line in ConflictText.lines(conflict) { Console.print(line) }
                } else {
                    Console.print(Self.json(conflict).serialized())
                }
            }
            if output.text && conflicts.isEmpty { Console.print("no record of \(soup) is in conflict") }
            if !conflicts.isEmpty {
                Console.printError(
                    "settle each with forcekit sync resolve \(soup) ID --keep mine|theirs|merge \(place.store.arguments)")
            }
        }
    }

    static func json(_ conflict: SyncConflict) -> JSON {
        var fields: [String: JSON] = [:]
        for field in conflict.fields {
            fields[field.name] = ["base": field.base ?? .null, "local": field.local ?? .null, "server": field.server ?? .null]
        }
        return [
            "soupEntryId": .integer(conflict.soupEntryId), "id": conflict.id.map(JSON.string) ?? .null, "local": conflict.local,
            "server": conflict.server ?? .null, "base": conflict.base ?? .null, "fields": .object(fields),
        ]
    }
}

/// `forcekit sync resolve`.
struct SyncResolveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve",
        abstract: "Settle a conflict: keep mine, take theirs, or merge the two field by field.",
        discussion: """
            mine: the next sync up writes the device's version over the server's. theirs: the \
            server's version replaces the device's. merge: the server's version with the \
            device's changes on top, so the changes of both sides are kept; where both changed \
            a field the device's value wins, unless the field is named in --theirs-for. Then \
            run the sync up again.

            Examples:
              forcekit sync resolve accounts 001Lo07hyHGXfSzIQL --path app.sqlite \\
                --keep merge
              forcekit sync resolve accounts 12 --path app.sqlite --keep merge \\
                --theirs-for Phone
            """
    )

    @OptionGroup var place: SyncPlace

    @Argument(help: "The soup.")
    var soup: String

    @Argument(help: "The record: its Salesforce Id or its soup entry id (forcekit sync conflicts lists both).")
    var record: String

    @Option(help: "The device's version, the server's, or a merge of both sides' edits.")
    var keep: Side

    @Option(
        name: .customLong("theirs-for"),
        help: ArgumentHelp("With --keep merge: fields where the server's value wins though the device changed them.", valueName: "FIELDS"))
    var theirsFor: String?

    enum Side: String, ExpressibleByArgument, CaseIterable {
        case mine, theirs, merge
    }

    func validate() throws {
        if theirsFor != nil && keep != .merge {
            throw ValidationError("--theirs-for chooses fields of a merge; give it with --keep merge.")
        }
    }

    func run() async throws {
        try await place.withManager(.change) { manager in
            let conflict = try await find(in: manager)
            let resolution: ConflictResolution
            switch keep {
            case .mine: resolution = .keepMine
            case .theirs: resolution = .takeTheirs
            case .merge:
                var changes = conflict.localChanges
                let theirs = fieldList(theirsFor) ?? []
                let unknown = theirs.filter { name in !conflict.fields.contains { $0.name == name } }
                guard unknown.isEmpty else {
                    throw CLIInputError(
                        "\(unknown.joined(separator: ", ")) is not a field that differs in this conflict; forcekit sync conflicts \(soup) --text shows those that do"
                    )
                }
                for name in theirs { changes[name] = nil }
                resolution = .merged(changes)
            }
            try await manager.resolveConflict(soupEntryId: conflict.soupEntryId, inSoup: soup, resolution)
            let name = conflict.id ?? "entry \(conflict.soupEntryId)"
            switch keep {
            case .mine:
                Console.print(
                    "Kept the device's version of \(name): the next sync up writes it over the server's (\(place.store.arguments)).")
            case .theirs:
                Console.print("Took the server's version of \(name): the device's changes to it are gone and it is clean.")
            case .merge:
                let theirs = fieldList(theirsFor) ?? []
                let kept = conflict.localChanges.keys.filter { !theirs.contains($0) }.sorted()
                Console.print(
                    "Merged \(name): the server's version with the device's \(kept.isEmpty ? "no changes" : kept.joined(separator: ", "))"
                        + (theirs.isEmpty ? "" : ", the server's \(theirs.joined(separator: ", "))")
                        + "; the next sync up sends the merge.")
            }
        }
    }

    /// The conflict `record` names: by soup entry id, or by the record's Salesforce Id (15 or
    /// 18 characters).
    private func find(in manager: SyncManager) async throws -> SyncConflict {
        let conflicts = try await manager.conflicts(inSoup: soup)
        let match: SyncConflict?
        if let soupEntryId = Int64(record) {
            match = conflicts.first { $0.soupEntryId == soupEntryId }
        } else if let wanted = try? SalesforceID(record) {
            match = conflicts.first { conflict in conflict.id.flatMap { try? SalesforceID($0) } == wanted }
        } else {
            throw CLIInputError("\(record) is neither a Salesforce Id nor a soup entry id; forcekit sync conflicts \(soup) lists both")
        }
        guard let match else {
            throw CLIInputError("\(record) is not a record in conflict in \(soup); forcekit sync conflicts \(soup) lists those that are")
        }
        return match
    }
}
