import ArgumentParser
import Foundation
import SOQL
import SalesforceAuth
import SalesforceCore
import SalesforceREST

/// `forcekit query`: a SOQL query's records, as a table or JSON.
struct QueryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "query",
        abstract: "Run a SOQL query as the signed-in user and print every record.",
        discussion: """
            Every page is fetched (nextRecordsUrl is followed); on queries of more than one page, \
            progress goes to standard error. Records print as a table, as CSV with --csv (a header \
            row, as a spreadsheet or sf data query --result-format csv reads it), or one JSON \
            object per line with --json. Related records print as Parent.Field columns.

            Example:
              forcekit query \\
                "SELECT Name, Industry, Owner.Name FROM Account ORDER BY Name LIMIT 5"
            """
    )

    @Argument(help: "The SOQL statement.")
    var soql: String

    @Flag(help: "Include deleted and archived records (queryAll).")
    var all = false

    @Flag(help: "Print one JSON object per record instead of a table.")
    var json = false

    @Flag(help: "Print the records as CSV: a header row, then one row per record.")
    var csv = false

    func validate() throws {
        if json && csv { throw ValidationError("Choose --json or --csv.") }
    }

    @Option(
        name: .customLong("batch-size"), help: ArgumentHelp("Records per page (200 to 2000; the server's default is 2000).", valueName: "N")
    )
    var batchSize: Int?

    @OptionGroup var account: AccountOptions

    func run() async throws {
        let client = try await account.restClient()
        var records: [JSON] = []
        var pages = 0
        var total = 0
        do {
            for try await page in client.pages(forQuery: soql, includeDeleted: all, batchSize: batchSize) {
                pages += 1
                total = page.totalSize
                if json {
                    for record in page.records { Console.print(RecordTable.withoutAttributes(record).serialized()) }
                } else {
                    records += page.records
                }
                records.reserveCapacity(page.totalSize)
                if pages > 1 || !page.done {
                    let fetched = json ? 0 : records.count
                    Console.printError("fetched page \(pages)\(json ? "" : " (\(fetched) of \(page.totalSize) records)")")
                }
            }
        } catch {
            Console.printFailure("\(RequestFailure.describe(error, instance: await client.credentials?.instanceURL.absoluteString))")
            throw ExitCode(1)
        }
        // SELECT COUNT() answers with the count alone, 0 included.
        let countOnly = (try? SOQLQuery(parsing: soql))?.isCountOnly ?? (records.isEmpty && total > 0)
        if !json {
            if csv {
                // The count is a column of its own.
                Console.print(countOnly ? "count\n\(total)" : RecordTable(records: records, soql: soql).csv())
            } else if countOnly {
                // SELECT COUNT() answers with the count alone.
                Console.print("\(total) record\(total == 1 ? "" : "s") counted")
            } else {
                Console.print(RecordTable(records: records, soql: soql).render())
                Console.print("\(records.count) record\(records.count == 1 ? "" : "s")")
            }
        }
    }
}
