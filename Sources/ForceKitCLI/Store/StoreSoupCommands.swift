import ArgumentParser
import SalesforceCore
import SmartStore

/// `forcekit store register`.
struct StoreRegisterCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "register",
        abstract: "Register a soup with its indexes; an existing soup is left as it is."
    )

    @OptionGroup var store: StoreOptions

    @Argument(help: "The soup's name.")
    var soup: String

    @Option(
        name: .long,
        help: ArgumentHelp(
            "An index, as PATH:TYPE with TYPE string, integer, floating, full_text or json1. Repeat for more.", valueName: "PATH:TYPE"))
    var index: [String] = []

    @Flag(name: .long, help: "Keep each entry in a file of its own (for entries of a megabyte or more).")
    var externalStorage = false

    func run() async throws {
        try await store.withStore(.create) { smartStore in
            let spec = SoupSpec(name: soup, features: externalStorage ? [.externalStorage] : [])
            try await smartStore.registerSoup(spec, indexSpecs: try IndexArgument.specs(index))
            // Confirms what the store now has: the soup and its index specs.
            let specs = try await smartStore.indexSpecs(inSoup: soup)
            Console.printJSON([
                "registered": .string(soup),
                "indexSpecs": .array(specs.map { ["path": .string($0.path), "type": .string($0.type.rawValue)] }),
            ])
        }
    }
}

/// `forcekit store soups`.
struct StoreSoupsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "soups", abstract: "Print the soup names as a JSON array.")

    @OptionGroup var store: StoreOptions

    func run() async throws {
        try await store.withStore(.read) { smartStore in
            Console.printJSON(.array(try await smartStore.allSoupNames().map(JSON.string)))
        }
    }
}

/// `forcekit store indexes`.
struct StoreIndexesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "indexes",
        abstract: "Print a soup's index specs as a JSON array of {\"path\", \"type\"} objects."
    )

    @OptionGroup var store: StoreOptions

    @Argument(help: "The soup's name.")
    var soup: String

    func run() async throws {
        try await store.withStore(.read) { smartStore in
            let specs = try await smartStore.indexSpecs(inSoup: soup)
            Console.printJSON(.array(specs.map { ["path": .string($0.path), "type": .string($0.type.rawValue)] }))
        }
    }
}

/// `forcekit store clear`.
struct StoreClearCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "clear", abstract: "Remove every entry of a soup, keeping the soup.")

    @OptionGroup var store: StoreOptions

    @Argument(help: "The soup's name.")
    var soup: String

    func run() async throws {
        try await store.withStore(.change) { try await $0.clearSoup(soup) }
    }
}

/// `forcekit store drop`.
struct StoreDropCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "drop", abstract: "Remove a soup with its entries and indexes.")

    @OptionGroup var store: StoreOptions

    @Argument(help: "The soup's name.")
    var soup: String

    func run() async throws {
        try await store.withStore(.change) { smartStore in
            guard try await smartStore.soupExists(soup) else { throw SmartStoreError.soupNotFound(soup) }
            try await smartStore.removeSoup(soup)
        }
    }
}

/// `forcekit store alter`.
struct StoreAlterCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "alter",
        abstract: "Replace a soup's indexes, optionally re-indexing the stored entries."
    )

    @OptionGroup var store: StoreOptions

    @Argument(help: "The soup's name.")
    var soup: String

    @Option(name: .long, help: ArgumentHelp("An index of the new set, as PATH:TYPE. Repeat for more.", valueName: "PATH:TYPE"))
    var index: [String] = []

    @Flag(name: .long, help: "Compute the new indexes for the entries already stored.")
    var reindex = false

    @Flag(name: .long, inversion: .prefixedNo, help: "Turn external storage on or off; unchanged when not given.")
    var externalStorage: Bool?

    func run() async throws {
        try await store.withStore(.change) { smartStore in
            let specs = try IndexArgument.specs(index)
            let soupSpec = externalStorage.map { SoupSpec(name: soup, features: $0 ? [.externalStorage] : []) }
            try await smartStore.alterSoup(soup, soupSpec: soupSpec, indexSpecs: specs, reIndexData: reindex)
        }
    }
}
