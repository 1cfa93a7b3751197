import ArgumentParser
import Foundation
import SalesforceAuth
import SalesforceCore
import SalesforceREST

/// `forcekit data import`: records from files into the org.
struct DataImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Load records from files into the org: sObject trees (JSON) or rows of one object (CSV).",
        subcommands: [DataImportTreeCommand.self, DataImportCSVCommand.self]
    )
}

/// `forcekit data import tree`, as `sf data import tree` reads its files.
struct DataImportTreeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tree",
        abstract: "Create records with their children from sObject tree files, as sf data import tree does.",
        discussion: """
            Each file holds {"records": [...]}: records with attributes.type and \
            attributes.referenceId, children under their relationship name as {"records": \
            [...]}. Files go in the order given, 200 records a request (the sObject Tree API's \
            limit); a field value @Ref (AccountId: "@AccountRef1") is sent as the id of the \
            record created with that reference, in an earlier file or request. A plan file \
            (--plan) lists the files by object, as sf data export tree --plan writes it. Prints \
            each record's reference, type and new id. A refused request creates nothing; the \
            requests before it stay created.

            Examples:
              forcekit data import tree --files Account.json,Contact.json
              forcekit data import tree --plan Account-Contact-plan.json --json
            """
    )

    @Option(
        name: [.short, .long], parsing: .singleValue,
        help: ArgumentHelp("Tree files, comma-separated or repeated, in order.", valueName: "FILES"))
    var files: [String] = []

    @Option(name: [.short, .long], help: ArgumentHelp("A plan file that lists the tree files by object.", valueName: "FILE"))
    var plan: String?

    @Flag(help: "Print a JSON array of {refId, type, id}.")
    var json = false

    @OptionGroup var account: AccountOptions

    func validate() throws {
        guard files.isEmpty != (plan == nil) else { throw ValidationError("Give the files with --files, or a plan with --plan.") }
        try InputPath.requireFile(plan, given: "--plan")
        for file in files.flatMap({ $0.split(atScalars: [","]) }) { try InputPath.requireFile(file, given: "--files") }
    }

    func run() async throws {
        let paths = try plan.map(Self.files(inPlan:)) ?? files.flatMap { $0.split(atScalars: [","]) }
        // Every file is read and checked before anything is created.
        let requests = try paths.flatMap { path in try TreeImport.requests(try TreeImport.trees(inFile: path)) }
        let client = try await account.restClient()
        var treeImport = TreeImport()
        let total = requests.reduce(0) { $0 + $1.recordCount }
        let progress = ProgressLine("importing")
        for (index, request) in requests.enumerated() {
            do {
                try await treeImport.send(request, with: client)
                progress.update(done: treeImport.created.count, total: total)
            } catch let failure as TreeImportFailure {
                progress.finish()
                report(treeImport.created)
                Console.printFailure("the org refused request \(index + 1) of \(requests.count) (none of its records were created):")
                for line in failure.lines { Console.printError("  \(line)") }
                if !treeImport.created.isEmpty {
                    Console.printError("the \(treeImport.created.count) records of the requests before it were created and stay")
                }
                throw ExitCode(1)
            } catch let error as RestError {
                progress.finish()
                report(treeImport.created)
                Console.printFailure(
                    "\(RequestFailure.describe(error, instance: await client.credentials?.instanceURL.absoluteString))")
                throw ExitCode(1)
            }
        }
        progress.finish()
        report(treeImport.created)
        if !json {
            Console.printError("created \(treeImport.created.count) records in \(requests.count) request\(requests.count == 1 ? "" : "s")")
        }
    }

    private func report(_ created: [TreeImport.Created]) {
        if json {
            Console.print(
                JSON.array(created.map { ["refId": .string($0.referenceID), "type": .string($0.type), "id": .string($0.id)] })
                    .prettyPrinted())
            return
        }
        guard !created.isEmpty else { return }
        let referenceWidth = max(created.map(\.referenceID.count).max() ?? 0, "Reference".count)
        let typeWidth = max(created.map(\.type.count).max() ?? 0, "Type".count)
        func row(_ reference: String, _ type: String, _ id: String) -> String {
            reference.padding(toLength: referenceWidth, withPad: " ", startingAt: 0) + "  "
                + type.padding(toLength: typeWidth, withPad: " ", startingAt: 0) + "  " + id
        }
        Console.print(row("Reference", "Type", "Id"))
        for record in created { Console.print(row(record.referenceID, record.type, record.id)) }
    }

    /// The files a plan lists, in order, relative to the plan's folder.
    static func files(inPlan path: String) throws -> [String] {
        let plan = try TreeFile.read(path)
        guard let entries = plan.arrayValue else {
            throw CLIInputError(#"\#(path) is not a plan: it needs [{"sobject": "Account", "files": ["Account.json"]}, ...]"#)
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        return try entries.enumerated().flatMap { index, entry -> [String] in
            guard let files = entry["files"]?.arrayValue?.compactMap(\.stringValue), !files.isEmpty else {
                throw CLIInputError("\(path): entry \(index + 1) lists no files")
            }
            let paths = files.map { $0.hasPrefix("/") ? $0 : folder.appendingPathComponent($0).path }
            for file in paths { try InputPath.requireFile(file, given: "The plan \(path) lists") }
            return paths
        }
    }
}

/// `forcekit data import csv SOBJECT FILE`: rows through sObject collections.
struct DataImportCSVCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "csv",
        abstract: "Create (or upsert) records of one object from a CSV file, 200 a request or through a Bulk API job.",
        discussion: """
            The header names the fields; a parent by its external id is a column such as \
            Account.External_Id__c. As in Bulk API 2.0, an empty value leaves a field unset and \
            #N/A sets it to null; values are typed for their fields from the object's describe. \
            Each row stands alone: a refused row is reported with its line and the others are \
            created. Files of more than 10,000 rows (or any, with --bulk) go through one Bulk \
            API 2.0 ingest job, which reports a refused row by its values. Exits 1 when any row \
            failed.

            Examples:
              forcekit data import csv Account accounts.csv
              forcekit data import csv Contact contacts.csv --external-id Email__c
              forcekit data import csv Account big.csv --bulk
            """
    )

    @Argument(help: "The object: Account.") var object: String
    @Argument(help: "The CSV file.") var file: String

    @Option(
        name: .customLong("external-id"),
        help: ArgumentHelp("Upsert by this external id field: rows whose value exists update that record.", valueName: "FIELD"))
    var externalId: String?

    @Flag(
        help: ArgumentHelp(
            "Load through one Bulk API 2.0 ingest job; files of more than \(Self.bulkThreshold) rows always go this way."))
    var bulk = false

    @Flag(help: "Print one JSON object per row: line, id, created, errors (with --bulk: success, id, created, error).")
    var json = false

    @OptionGroup var account: AccountOptions

    /// Past this many rows a file goes through a Bulk API job, not 200 rows a request.
    static let bulkThreshold = 10_000

    func validate() throws { try InputPath.requireFile(file, given: "The CSV file") }

    func run() async throws {
        let client = try await account.restClient()
        // Every row is read and checked here first, whichever way the file then goes.
        let rows = try CSVImport(path: file, types: try await FieldAssignments.fieldTypes(of: object, client: client)).rows
        if bulk || rows.count > Self.bulkThreshold {
            let counts = try await CSVBulkImport(object: object, path: file, externalID: externalId, client: client)
                .run(rows: rows.count, json: json)
            if !json {
                let change = externalId == nil ? "created \(counts.created)" : "created \(counts.created), updated \(counts.updated)"
                Console.print("\(object) from \(file): \(change), \(counts.failed) failed")
            }
            if counts.failed > 0 { throw ExitCode(1) }
            return
        }
        let progress = ProgressLine("importing \(object)")
        var created = 0
        var updated = 0
        var failed = 0
        for start in stride(from: 0, to: rows.count, by: 200) {
            let batch = Array(rows[start..<min(start + 200, rows.count)])
            let records = batch.map { SObjectRecord(object, fields: $0.fields) }
            let request =
                externalId.map { client.requests.upsertRecords(object, externalIDField: $0, records: records) }
                ?? client.requests.createRecords(records)
            let results = try await RecordCall.send(client, request).arrayValue ?? []
            for (row, result) in zip(batch, results) {
                let success = result["success"]?.boolValue == true
                let isNew = result["created"]?.boolValue ?? (externalId == nil)
                if success { if isNew { created += 1 } else { updated += 1 } } else { failed += 1 }
                if json {
                    var line: [String: JSON] = ["line": .integer(Int64(row.line)), "success": .bool(success)]
                    line["id"] = result["id"]
                    if success { line["created"] = .bool(isNew) } else { line["errors"] = result["errors"] ?? [] }
                    Console.print(JSON.object(line).serialized())
                } else if !success {
                    for error in result["errors"]?.arrayValue ?? [] {
                        Console.printError(
                            "line \(row.line): \(error["statusCode"]?.stringValue ?? "ERROR"): \(error["message"]?.stringValue ?? "")")
                    }
                }
            }
            progress.update(done: start + batch.count, total: rows.count)
        }
        progress.finish()
        if !json {
            let change = externalId == nil ? "created \(created)" : "created \(created), updated \(updated)"
            Console.print("\(object) from \(file): \(change), \(failed) failed")
        }
        if failed > 0 { throw ExitCode(1) }
    }
}
