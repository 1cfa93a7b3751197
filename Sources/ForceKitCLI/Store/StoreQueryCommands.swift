import ArgumentParser
import SalesforceCore
import SmartStore

/// What to query: a soup with an optional spec, or Smart SQL.
struct QueryOptions: ParsableArguments {
    @Argument(help: "The soup to query (not with --smart).")
    var soup: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A query spec in the hybrid JSON form, such as {\"queryType\": \"exact\", \"indexPath\": \"Name\", \"matchKey\": \"Acme\"}. Without it, every entry.",
            valueName: "JSON"))
    var spec: String?

    @Option(name: .long, help: ArgumentHelp("A Smart SQL SELECT, such as \"select {Account:Name} from {Account}\".", valueName: "SQL"))
    var smart: String?

    @Option(name: .long, help: ArgumentHelp("Values for the ? placeholders of --smart, as a JSON array.", valueName: "JSON-ARRAY"))
    var args: String?

    func validate() throws {
        if smart != nil {
            guard soup == nil, spec == nil else { throw ValidationError("--smart names its soups itself; give no SOUP or --spec with it.") }
        } else {
            guard soup != nil || spec != nil else { throw ValidationError("Give a SOUP, a --spec, or --smart.") }
        }
        if args != nil, smart == nil { throw ValidationError("--args goes with --smart.") }
        // JSON that does not parse is a usage error, said with this command's usage line.
        if let spec { _ = try JSONArgument.parse(spec, option: "--spec") }
        _ = try arguments()
    }

    /// The query spec these options describe.
    func querySpec(pageSize: Int?) throws -> QuerySpec {
        var querySpec: QuerySpec
        if let smart {
            querySpec = .buildSmartQuerySpec(smartSQL: smart)
        } else if let spec {
            querySpec = try QuerySpec(json: try JSONArgument.parse(spec, option: "--spec"), soupName: soup)
        } else {
            querySpec = .buildAllQuerySpec(soupName: soup ?? "")
        }
        if let pageSize { querySpec.pageSize = pageSize }
        return querySpec
    }

    /// The values of --args.
    func arguments() throws -> [JSON] {
        guard let args else { return [] }
        guard let values = try JSONArgument.parse(args, option: "--args").arrayValue else {
            throw ValidationError("--args must be a JSON array, such as [\"Acme\", 3]")
        }
        return values
    }
}

/// `forcekit store query`.
struct StoreQueryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "query",
        abstract: "Print one page of a query as a JSON array: entries, or arrays of values for selectPaths and Smart SQL."
    )

    @OptionGroup var store: StoreOptions
    @OptionGroup var query: QueryOptions

    @Option(name: .long, help: "Entries per page; overrides the spec's pageSize (default 10).")
    var pageSize: Int?

    @Option(name: .long, help: "The page to print, from 0.")
    var page = 0

    func run() async throws {
        try await store.withStore(.read) { smartStore in
            let spec = try query.querySpec(pageSize: pageSize)
            let arguments = try query.arguments()
            // The entries as the store keeps them: a page is printed without being parsed.
            Console.print(try await smartStore.queryText(using: spec, startingFromPageIndex: page, arguments: arguments))
            // The JSON is one page: say so when there are others, on standard error.
            let total = try await smartStore.count(using: spec, arguments: arguments)
            let pages = max(1, (total + spec.pageSize - 1) / max(1, spec.pageSize))
            if pages > 1 {
                Console.printError(
                    "page \(page + 1) of \(pages) (\(total) results, \(spec.pageSize) a page); --page N shows another, from 0")
            }
        }
    }
}

/// `forcekit store count`.
struct StoreCountCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "count", abstract: "Print how many results a query has in all pages.")

    @OptionGroup var store: StoreOptions
    @OptionGroup var query: QueryOptions

    func run() async throws {
        try await store.withStore(.read) { smartStore in
            let count = try await smartStore.count(using: try query.querySpec(pageSize: nil), arguments: try query.arguments())
            Console.printJSON(.integer(Int64(count)))
        }
    }
}
