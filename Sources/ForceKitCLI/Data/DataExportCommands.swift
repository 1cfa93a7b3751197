import ArgumentParser
import Foundation
import SalesforceAuth
import SalesforceCore
import SalesforceREST

/// `forcekit data export`: records into files.
struct DataExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a query's records, with their children, to an sObject tree file.",
        subcommands: [DataExportTreeCommand.self]
    )
}

/// `forcekit data export tree`, as `sf data export tree` writes its files.
struct DataExportTreeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tree",
        abstract: "Write a query's records, and its subqueries' children, as an sObject tree file.",
        discussion: """
            The file (named after the objects, Account-Contact.json) is what forcekit data \
            import tree and sf data import tree read: ids become references (AccountRef1), and a \
            field holding the id of another exported record holds @ and its reference. Parent \
            fields (Owner.Name) and compound ones (BillingAddress) are left out: the file sets a \
            record's own fields. Prints the file's path.

            Example:
              forcekit data export tree --output-dir seed \\
                --query "SELECT Name, (SELECT LastName FROM Contacts) FROM Account"
            """
    )

    @Option(name: [.short, .long], help: ArgumentHelp("The SOQL query; subqueries bring children.", valueName: "SOQL"))
    var query: String

    @Option(
        name: [.customShort("d"), .customLong("output-dir")],
        help: ArgumentHelp("The folder to write to (made if missing).", valueName: "DIR"))
    var outputDir = "."

    @OptionGroup var account: AccountOptions

    func run() async throws {
        let client = try await account.restClient()
        var records: [JSON] = []
        do {
            for try await page in client.pages(forQuery: query) { records += page.records }
        } catch {
            Console.printFailure("\(RequestFailure.describe(error, instance: await client.credentials?.instanceURL.absoluteString))")
            throw ExitCode(1)
        }
        guard !records.isEmpty else { throw CLIInputError("the query found no records: nothing to export") }
        let tree = TreeExport(records)
        for field in tree.leftOut.sorted() {
            Console.printError(
                "note: \(field) is left out: a tree file sets a record's own fields, not a parent's (Owner.Name) or a compound one (BillingAddress, set through BillingCity…)"
            )
        }
        for relationship in tree.truncated.sorted() {
            Console.printError(
                "warning: some records have more \(relationship) than one page of the query holds; only that page is exported")
        }
        let folder = URL(fileURLWithPath: outputDir)
        let file = folder.appendingPathComponent(tree.fileName)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(tree.json.prettyPrinted().utf8).write(to: file)
        } catch {
            throw CLIInputError("cannot write \(file.path): \(error.localizedDescription)")
        }
        Console.printError("wrote " + tree.counts.map { "\($0.count) \($0.type)" }.joined(separator: ", "))
        Console.print(file.path)
    }
}
