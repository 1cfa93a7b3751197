import ArgumentParser
import MobileSync
import SalesforceCore

/// `--mode cache-only|cache-first|server-first`.
enum CacheModeArgument: String, ExpressibleByArgument, CaseIterable {
    case cacheOnly = "cache-only"
    case cacheFirst = "cache-first"
    case serverFirst = "server-first"

    var mode: CacheMode {
        switch self {
        case .cacheOnly: .cacheOnly
        case .cacheFirst: .cacheFirst
        case .serverFirst: .serverFirst
        }
    }
}

/// `forcekit sync metadata`.
struct SyncMetadataCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "metadata",
        abstract: "Print an object type's description (fields, relationships) from the store's sfdcMetadata cache or the org.",
        discussion: """
            server-first (the default) asks the org and caches the answer, and falls back to the \
            cache when the org cannot be reached; cache-first asks the org only when the cache has \
            none; cache-only never asks, and exits 1 when the cache has none.
            """
    )

    @OptionGroup var place: SyncPlace

    @Argument(help: "The object type: Account.")
    var type: String

    @Option(help: "Where to look: server-first (default), cache-first or cache-only.")
    var mode: CacheModeArgument = .serverFirst

    func run() async throws {
        try await place.withManager(.create) { manager in
            let metadata = try await MetadataSyncManager(syncManager: manager).fetchMetadata(forObject: type, mode: mode.mode)
            try CachedPrint.print(metadata, what: "description of \(type)")
        }
    }
}

/// `forcekit sync layout`.
struct SyncLayoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Print an object type's UI API layout from the store's sfdcLayouts cache or the org.",
        discussion: "The modes are those of forcekit sync metadata."
    )

    @OptionGroup var place: SyncPlace

    @Argument(help: "The object type: Account.")
    var type: String

    @Option(name: .customLong("layout-type"), help: "Full (default) or Compact.")
    var layoutType = "Full"

    @Option(help: "Where to look: server-first (default), cache-first or cache-only.")
    var mode: CacheModeArgument = .serverFirst

    func run() async throws {
        try await place.withManager(.create) { manager in
            let layout = try await LayoutSyncManager(syncManager: manager).fetchLayout(
                forObject: type, layoutType: layoutType, mode: mode.mode)
            try CachedPrint.print(layout, what: "\(layoutType) layout of \(type)")
        }
    }
}

/// Prints a cached description, or says there is none.
enum CachedPrint {
    static func print(_ record: JSON?, what: String) throws {
        guard let record else {
            Console.printFailure("the cache has no \(what); run without --mode cache-only to fetch it")
            throw ExitCode(1)
        }
        Console.print(record.serialized())
    }
}
