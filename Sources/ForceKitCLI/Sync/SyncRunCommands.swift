import ArgumentParser
import MobileSync
import SalesforceCore

/// `forcekit sync down`.
struct SyncDownCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "down",
        abstract: "Bring records into a soup (created with Id and __local__ indexes if missing) and print the final sync state.",
        discussion: """
            Give one of --query, --sosl, --mru TYPE or --refresh TYPE (the last two with --fields), \
            or --parent-children FILE: a tree of related records as in usersyncs.json (the SDK's \
            parent-children target, or ForceKit's nested children for deeper trees), each object \
            into its own soup, SOUP being the parent's. --bulk primes a --query's first run \
            through a Bulk API 2.0 query job.

            Example:
              forcekit sync down accounts --path app.sqlite --name tree \\
                --parent-children Examples/Sync/accounts-contacts.json
            """
    )

    @OptionGroup var place: SyncPlace
    @OptionGroup var output: SyncOutput

    @Argument(help: "The soup to sync into.")
    var soup: String

    @Option(help: ArgumentHelp("A SOQL query; re-syncs fetch only what changed since.", valueName: "SOQL"))
    var query: String?

    @Option(help: ArgumentHelp("A SOSL search, run whole each time.", valueName: "SOSL"))
    var sosl: String?

    @Option(help: ArgumentHelp("The recently used records of this object type.", valueName: "TYPE"))
    var mru: String?

    @Option(help: ArgumentHelp("Refresh the soup's records of this object type from the server.", valueName: "TYPE"))
    var refresh: String?

    @Option(help: ArgumentHelp("The fields to bring, for --mru and --refresh: Id,Name,…", valueName: "FIELDS"))
    var fields: String?

    @Option(help: ArgumentHelp("Name the sync, to re-run it by name.", valueName: "NAME"))
    var name: String?

    @Option(help: "What to do with records changed locally: overwrite (default) or leave-if-changed.")
    var merge: MergeArgument = .overwrite

    @Option(name: .customLong("batch-size"), help: ArgumentHelp("Records per page for --query (200 to 2000).", valueName: "N"))
    var batchSize: Int?

    @Option(
        name: .customLong("parent-children"),
        help: ArgumentHelp("A parent-children target's JSON file: parents with their children, each in its soup.", valueName: "FILE"))
    var parentChildren: String?

    @Flag(help: "Prime the first run of --query through a Bulk API 2.0 query job (CSV), then hand over to the REST cursor.")
    var bulk = false

    func validate() throws {
        let given = [query, sosl, mru, refresh, parentChildren].compactMap { $0 }.count
        guard given == 1 else { throw ValidationError("Give exactly one of --query, --sosl, --mru, --refresh or --parent-children.") }
        if bulk && query == nil { throw ValidationError("--bulk primes a --query; give it with --query.") }
        if (mru != nil || refresh != nil) && fieldList(fields)?.isEmpty != false {
            throw ValidationError("--mru and --refresh need --fields, such as --fields Id,Name,LastModifiedDate.")
        }
        try InputPath.requireFile(parentChildren, given: "--parent-children")
    }

    func target() throws -> any SyncDownTarget {
        if let query {
            var target = try SoqlSyncDownTarget(query: query)
            target.batchSize = batchSize
            target.primesWithBulkAPI = bulk
            return target
        }
        if let parentChildren {
            let target = try ParentChildrenSyncDownTarget(json: try TreeFile.read(parentChildren)).withBatchSize(batchSize)
            guard target.tree.soupName == soup else {
                throw CLIInputError("the file's parent soup is \(target.tree.soupName), not \(soup): give SOUP as the parent's soup")
            }
            return target
        }
        if let sosl { return SoslSyncDownTarget(query: sosl) }
        if let mru { return MruSyncDownTarget(objectType: mru, fieldlist: fieldList(fields) ?? []) }
        return RefreshSyncDownTarget(soupName: soup, objectType: refresh ?? "", fieldlist: fieldList(fields) ?? [])
    }

    func run() async throws {
        let target = try target()
        try await place.withManager(.create) { manager in
            if let tree = (target as? ParentChildrenSyncDownTarget)?.tree {
                try await SyncRunner.prepareSoups(of: tree, in: manager.store)
            } else {
                try await SyncRunner.prepareSoup(soup, in: manager.store)
            }
            try await SyncRunner.report(place, output) { progress in
                try await manager.syncDown(target: target, options: .syncDown(merge.mode), soupName: soup, name: name, onUpdate: progress)
            }
        }
    }
}

/// `forcekit sync up`.
struct SyncUpCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "up",
        abstract: "Send a soup's local creates, updates and deletes to the org and print the final sync state.",
        discussion: """
            Updates send only the fields that changed since the record came down. With \
            --merge leave-if-changed, a record changed on the server meanwhile is not written \
            over: it is reported as a conflict (forcekit sync conflicts). With --parent-children \
            FILE, the changes of every soup of the tree go up together, parents first, new \
            children pointing to their new parents (SOUP is the parent's soup).
            """
    )

    @OptionGroup var place: SyncPlace
    @OptionGroup var output: SyncOutput

    @Argument(help: "The soup whose changes to send.")
    var soup: String

    @Option(help: ArgumentHelp("The fields to send: Name,Industry,…", valueName: "FIELDS"))
    var fields: String?

    @Option(
        name: .customLong("create-fields"),
        help: ArgumentHelp("The fields to send when creating, instead of --fields.", valueName: "FIELDS"))
    var createFields: String?

    @Option(
        name: .customLong("update-fields"),
        help: ArgumentHelp("The fields to send when updating, instead of --fields.", valueName: "FIELDS"))
    var updateFields: String?

    @Option(help: ArgumentHelp("Name the sync, to re-run it by name.", valueName: "NAME"))
    var name: String?

    @Option(help: "What to do with records changed on the server: overwrite (default) or leave-if-changed.")
    var merge: MergeArgument = .overwrite

    @Option(help: "The API: collection (200 a request, default), batch (composite, 25) or single (one request a record).")
    var target: TargetArgument = .collection

    @Option(
        name: .customLong("parent-children"),
        help: ArgumentHelp("A parent-children target's JSON file, with each object's field lists.", valueName: "FILE"))
    var parentChildren: String?

    @Option(
        name: .customLong("external-id"),
        help: ArgumentHelp(
            "An external id field of the object: new records with a value there are upserted by it, so a record created on two devices, or sent again after a kill, is one record.",
            valueName: "FIELD"))
    var externalId: String?

    enum TargetArgument: String, ExpressibleByArgument, CaseIterable {
        case collection, batch, single
    }

    func validate() throws {
        guard parentChildren != nil || fields != nil || createFields != nil || updateFields != nil else {
            throw ValidationError("Give the fields to send with --fields (or --create-fields and --update-fields).")
        }
        if parentChildren != nil, externalId != nil {
            throw ValidationError("--external-id applies to one soup's records, not to --parent-children.")
        }
        try InputPath.requireFile(parentChildren, given: "--parent-children")
    }

    func run() async throws {
        let kind: SyncUpTarget.Kind =
            switch target {
            case .collection: .collection
            case .batch: .batch
            case .single: .singleRecord
            }
        let upTarget = SyncUpTarget(
            kind: kind, createFieldlist: fieldList(createFields), updateFieldlist: fieldList(updateFields), externalIdFieldName: externalId)
        let options = SyncOptions(mergeMode: merge.mode, fieldlist: fieldList(fields))
        if let parentChildren {
            let tree = try ParentChildrenSyncUpTarget(json: try TreeFile.read(parentChildren))
            guard tree.tree.soupName == soup else {
                throw CLIInputError("the file's parent soup is \(tree.tree.soupName), not \(soup): give SOUP as the parent's soup")
            }
            try await place.withManager(.change) { manager in
                try await SyncRunner.report(place, output) { progress in
                    try await manager.syncUp(target: tree, options: options, name: name, onUpdate: progress)
                }
            }
            return
        }
        try await place.withManager(.change) { manager in
            try await SyncRunner.report(place, output) { progress in
                try await manager.syncUp(target: upTarget, options: options, soupName: soup, name: name, onUpdate: progress)
            }
        }
    }
}

/// `forcekit sync resync`.
struct SyncResyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resync",
        abstract: "Run a sync again: a sync down brings what changed since its last saved page, a sync up what is dirty now."
    )

    @OptionGroup var place: SyncPlace
    @OptionGroup var output: SyncOutput

    @Argument(help: "The sync's name or id.")
    var sync: String

    func run() async throws {
        try await place.withManager(.change) { manager in
            let state = try await SyncReference.state(sync, manager)
            try await SyncRunner.report(place, output) { progress in try await manager.reSync(id: state.id, onUpdate: progress) }
        }
    }
}
