import ArgumentParser
import Foundation
import MobileSync
import SalesforceCore
import SmartStore

/// `forcekit store upsert`.
struct StoreUpsertCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "upsert",
        abstract: "Insert or update entries read as a JSON array or one JSON object per line; print them as stored.",
        discussion: "Entries update the stored entry with the same _soupEntryId, or with --external-id, the same value at that path."
    )

    @OptionGroup var store: StoreOptions

    @Argument(help: "The soup's name.")
    var soup: String

    @Argument(help: "The entries' file, or - for standard input.")
    var file = "-"

    @Option(name: .long, help: ArgumentHelp("Match entries by this indexed path instead of _soupEntryId.", valueName: "PATH"))
    var externalId: String?

    @Flag(
        help: """
            Record the entries as local changes for forcekit sync up, as an app does: a match is updated with the entry's fields and flagged updated, anything else is created and flagged created.
            """)
    var local = false

    @Option(name: .long, help: ArgumentHelp("With --local, the object type of new records without attributes.type.", valueName: "TYPE"))
    var type: String?

    func validate() throws { try InputPath.requireFile(file, given: "The entries' file") }

    func run() async throws {
        try await store.withStore(.change) { smartStore in
            let entries = try EntryInput.read(file)
            let path = externalId ?? SoupEntryField.id
            guard local else {
                Console.printJSON(.array(try await smartStore.upsert(entries: entries, inSoup: soup, withExternalIdPath: path)))
                return
            }
            var stored: [JSON] = []
            for entry in entries {
                guard let fields = entry.objectValue else { throw CLIInputError("every entry must be a JSON object") }
                let key = fields[path] ?? .null
                let match = key.isNull ? nil : try await smartStore.lookupSoupEntryId(inSoup: soup, fieldPath: path, fieldValue: key)
                if let match {
                    stored.append(
                        try await smartStore.updateLocally(soupEntryId: match, inSoup: soup) { record in
                            for (name, value) in fields where name != SoupEntryField.id && name != "attributes" { record[name] = value }
                        })
                } else {
                    guard let objectType = entry["attributes"]?["type"]?.stringValue ?? type else {
                        throw CLIInputError("a new record needs attributes.type or --type to say what it is")
                    }
                    stored.append(try await smartStore.createLocally(entry, objectType: objectType, inSoup: soup))
                }
            }
            Console.printJSON(.array(stored))
        }
    }
}

/// Reads entries: a JSON array, a single object, or newline-delimited JSON.
enum EntryInput {
    static func read(_ file: String) throws -> [JSON] {
        let data: Data
        if file == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            do {
                data = try UserFiles.contents(of: file)
            } catch {
                throw CLIInputError(error.description)
            }
        }
        if let whole = try? JSON(parsing: data) {
            if case .array(let entries) = whole { return entries }
            return [whole]
        }
        var entries: [JSON] = []
        for (number, line) in data.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            guard line.contains(where: { ![0x20, 0x09, 0x0D].contains($0) }) else { continue }
            do {
                entries.append(try JSON(parsing: line))
            } catch {
                throw CLIInputError("\(file) line \(number + 1) is not JSON: \(error.message)")
            }
        }
        return entries
    }
}

/// `forcekit store remove`.
struct StoreRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove entries by id or by query spec; print how many were removed."
    )

    @OptionGroup var store: StoreOptions

    @Argument(help: "The soup's name.")
    var soup: String

    @Option(name: .long, parsing: .upToNextOption, help: "The _soupEntryId of each entry to remove.")
    var ids: [Int64] = []

    @Option(name: .long, help: ArgumentHelp("A query spec in the hybrid JSON form; every match is removed.", valueName: "JSON"))
    var spec: String?

    @Flag(help: "Record the removal as a local delete for forcekit sync up (the entry stays until it is deleted on the server).")
    var local = false

    func validate() throws {
        guard ids.isEmpty != (spec == nil) else { throw ValidationError("Give either --ids or --spec.") }
        if local && spec != nil { throw ValidationError("--local takes --ids.") }
        if let spec { _ = try JSONArgument.parse(spec, option: "--spec") }
    }

    func run() async throws {
        try await store.withStore(.change) { smartStore in
            if local {
                let present = try await smartStore.retrieve(usingSoupEntryIds: ids, inSoup: soup)
                for id in present.compactMap({ $0[SoupEntryField.id]?.integerValue }) {
                    try await smartStore.deleteLocally(soupEntryId: id, inSoup: soup)
                }
                Console.printJSON(.integer(Int64(present.count)))
            } else if let spec {
                let querySpec = try QuerySpec(json: try JSONArgument.parse(spec, option: "--spec"), soupName: soup)
                Console.printJSON(.integer(Int64(try await smartStore.removeEntries(usingQuerySpec: querySpec, inSoup: soup))))
            } else {
                let present = try await smartStore.retrieve(usingSoupEntryIds: ids, inSoup: soup).count
                try await smartStore.remove(entryIds: ids, inSoup: soup)
                Console.printJSON(.integer(Int64(present)))
            }
        }
    }
}
