import ArgumentParser
import BenchHarness
import Foundation
import LocalOrg
import LocalOrgEngine
import SalesforceAuth
import SalesforceCore
import URLEncoding

/// `forcekit-bench localorg`: LocalOrg over HTTP against the same work done on its store
/// directly, so the ratio is what HTTP and JSON cost.
struct LocalOrgSuite: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "localorg",
        abstract:
            "Query streaming, concurrent CRUD and Bulk API 2.0 ingest through LocalOrg's REST API against the same work on its store.",
        discussion: """
            Streaming: every Account (100,000 by default) read through query and nextRecordsUrl, \
            parsed by the client, against the store's query and queryMore returning records. CRUD: 8 \
            clients each creating, reading, updating and deleting Contacts over loopback HTTP \
            (URLSession), against 8 tasks doing the same on the store. Ingest: 20,000 Accounts as one \
            Bulk API 2.0 ingest job (create, CSV upload, close, poll until JobComplete), against the \
            store's insert of the same records in batches of 5,000. Ratios are HTTP throughput over \
            direct throughput: higher is better, 1 would mean HTTP and JSON cost nothing.
            """
    )

    @Option(help: "Accounts to stream.") var accounts = 100_000
    @Option(help: "Concurrent clients for CRUD.") var clients = 8
    @Option(help: "Create-read-update-delete cycles per client per round.") var cycles = 250
    @Option(help: "Accounts per ingest job.") var ingestRows = 20_000
    @OptionGroup var options: SuiteOptions

    func run() async throws {
        let environment = BenchEnvironment.current()
        var configuration = LocalOrgConfiguration()
        configuration.seedsSampleData = false
        let (stream, crud, ingest) = try await LocalOrgServer.withRunning(configuration) { server in try await measure(server) }
        let streamRatio = stream.http.ratio(to: stream.direct)
        let crudRatio = crud.http.ratio(to: crud.direct)
        let ingestRatio = ingest.http.ratio(to: ingest.direct)
        func text(_ value: Double?) -> String { value.map { String(format: "%.3f", $0) } ?? "-" }
        options.say("query streaming: HTTP over direct \(text(streamRatio.median))")
        options.say("CRUD, \(clients) clients: HTTP over direct \(text(crudRatio.median))")
        options.say("Bulk API 2.0 ingest, \(ingestRows) rows: HTTP over direct \(text(ingestRatio.median))")
        var record = BenchRecord(
            suite: "localorg", unit: "records/s and operations/s", command: options.command, plan: options.plan, environment: environment)
        record.settings = [
            ("accounts", Double(accounts)), ("clients", Double(clients)), ("cycles", Double(cycles)), ("ingestRows", Double(ingestRows)),
        ]
        record.figures = [
            ("streamHTTP", stream.http), ("streamDirect", stream.direct), ("crudHTTP", crud.http), ("crudDirect", crud.direct),
            ("ingestHTTP", ingest.http), ("ingestDirect", ingest.direct),
        ]
        record.ratios = [("stream", streamRatio), ("crud", crudRatio), ("ingest", ingestRatio)]
        record.notes.append("LocalOrg runs in this process: server and client share the machine's cores.")
        try options.finish(record)
    }

    /// Streams the query and runs the CRUD cycles over HTTP and on the store directly, in the
    /// plan's rounds: (HTTP, direct) records/s and operations/s. Each CRUD round's Contacts are
    /// deleted in it, so every round starts from the same org; ingest rounds add their Accounts,
    /// as many each, after the streaming is measured.
    private func measure(_ server: LocalOrgServer) async throws -> (
        stream: (http: Sample, direct: Sample), crud: (http: Sample, direct: Sample), ingest: (http: Sample, direct: Sample)
    ) {
        let store = server.store
        let version = APIVersion.current.description
        let userID = try await store.query("SELECT Id FROM User").records.first?["Id"]?.stringValue ?? ""
        try await BenchOrg.load(accounts: accounts, into: store, as: userID)
        let token = try await BenchOrg.passwordToken(server)
        let soql = "SELECT Id, Name, Industry, AnnualRevenue, BillingCity, CreatedDate FROM Account"
        let streamed = try await options.plan.run(["http", "direct"], progress: options.say) { contender -> Double? in
            if contender == "direct" { return try await Measurement.rate(accounts) { try await streamDirect(store, soql: soql) } }
            return try await Measurement.rate(accounts) { try await streamHTTP(server, token: token, soql: soql, version: version) }
        }
        let operations = clients * cycles * 4
        let cycled = try await options.plan.run(["http", "direct"], progress: options.say) { contender -> Double? in
            if contender == "direct" {
                return try await Measurement.rate(operations) { try await crudOnStore(store, as: userID, version: version) }
            }
            return try await Measurement.rate(operations) { try await crudOverHTTP(server, token: token, version: version) }
        }
        let ingested = try await options.plan.run(["http", "direct"], progress: options.say) { contender -> Double? in
            if contender == "direct" { return try await Measurement.rate(ingestRows) { try await insertDirect(store, as: userID) } }
            return try await Measurement.rate(ingestRows) { try await ingestOverHTTP(server, token: token, version: version) }
        }
        return (
            (Sample(streamed["http"] ?? []), Sample(streamed["direct"] ?? [])),
            (Sample(cycled["http"] ?? []), Sample(cycled["direct"] ?? [])),
            (Sample(ingested["http"] ?? []), Sample(ingested["direct"] ?? []))
        )
    }

    // MARK: - Streaming

    private func streamDirect(_ store: OrgStore, soql: String) async throws -> Int {
        var page = try await store.query(soql)
        var count = page.records.count
        while let next = page.nextRecordsPath, let locator = next.split(separator: "/").last {
            page = try await store.queryMore(String(locator))
            count += page.records.count
        }
        return count
    }

    private func streamHTTP(_ server: LocalOrgServer, token: String, soql: String, version: String) async throws -> Int {
        let client = RawHTTPClient(baseURL: server.credentials.instanceURL)
        let authorization = ["Authorization": "Bearer \(token)"]
        let query = FormEncoding.encode(soql)
        var path: String? = "/services/data/\(version)/query?q=\(query)"
        var count = 0
        while let current = path {
            let reply = try await client.send("GET", current, headers: authorization)
            guard reply.status == 200 else { throw ValidationError("query answered \(reply.status)") }
            let page = try JSON(parsing: Array(reply.body))
            count += page["records"]?.arrayValue?.count ?? 0
            path = page["nextRecordsUrl"]?.stringValue
        }
        return count
    }

    // MARK: - Ingest

    private func ingestRecords() -> [(name: String, city: String)] {
        (0..<ingestRows).map { ("Ingested \($0)", ["Paris", "Lagos", "Lima", "Oslo"][$0 % 4]) }
    }

    private func insertDirect(_ store: OrgStore, as userID: String) async throws -> Int {
        let rows = ingestRecords()
        var count = 0
        for start in stride(from: 0, to: rows.count, by: 5_000) {
            let batch = rows[start..<min(start + 5_000, rows.count)].map { row -> JSON in
                ["Name": .string(row.name), "BillingCity": .string(row.city)]
            }
            count += try await store.create("Account", records: batch, as: userID).count
        }
        return count
    }

    /// One ingest job as a client runs it; the job is done when its state says so.
    private func ingestOverHTTP(_ server: LocalOrgServer, token: String, version: String) async throws -> Int {
        let http = RawHTTPClient(baseURL: server.credentials.instanceURL)
        let json = ["Authorization": "Bearer \(token)", "Content-Type": "application/json"]
        let jobs = "/services/data/\(version)/jobs/ingest"
        let created = try await http.send(
            "POST", jobs, headers: json, body: Data(#"{"object":"Account","operation":"insert","lineEnding":"LF"}"#.utf8))
        guard created.status == 200, let id = try JSON(parsing: Array(created.body))["id"]?.stringValue else {
            throw ValidationError("creating the ingest job answered \(created.status)")
        }
        var csv = "Name,BillingCity\n"
        for row in ingestRecords() { csv += "\(row.name),\(row.city)\n" }
        let uploaded = try await http.send(
            "PUT", "\(jobs)/\(id)/batches", headers: ["Authorization": "Bearer \(token)", "Content-Type": "text/csv"], body: Data(csv.utf8))
        let closed = try await http.send("PATCH", "\(jobs)/\(id)", headers: json, body: Data(#"{"state":"UploadComplete"}"#.utf8))
        guard uploaded.status == 201, closed.status == 200 else {
            throw ValidationError("the upload and close answered \(uploaded.status) and \(closed.status)")
        }
        while true {
            let job = try JSON(parsing: Array(try await http.send("GET", "\(jobs)/\(id)", headers: json).body))
            switch job["state"]?.stringValue {
            case "JobComplete":
                return Int(job["numberRecordsProcessed"]?.integerValue ?? 0) - Int(job["numberRecordsFailed"]?.integerValue ?? 0)
            case "Failed", "Aborted": throw ValidationError("the ingest job ended \(job["state"]?.stringValue ?? "")")
            default: try await Task.sleep(for: .milliseconds(5))
            }
        }
    }

    // MARK: - CRUD

    private func crudOnStore(_ store: OrgStore, as userID: String, version: String) async throws -> Int {
        try await withThrowingTaskGroup(of: Int.self) { group in
            for client in 0..<clients {
                group.addTask {
                    for cycle in 0..<cycles {
                        let id = try await store.create(
                            "Contact", fields: ["LastName": .string("Bench \(client)-\(cycle)"), "Email": "b@example.com"], as: userID)
                        _ = try await store.retrieve("Contact", id: id)
                        try await store.update("Contact", id: id, fields: ["Title": "Benchmarked"], as: userID)
                        try await store.delete("Contact", id: id, as: userID)
                    }
                    return cycles * 4
                }
            }
            return try await group.reduce(0, +)
        }
    }

    private func crudOverHTTP(_ server: LocalOrgServer, token: String, version: String) async throws -> Int {
        let base = "/services/data/\(version)/sobjects/Contact"
        return try await withThrowingTaskGroup(of: Int.self) { group in
            for client in 0..<clients {
                group.addTask {
                    let http = RawHTTPClient(baseURL: server.credentials.instanceURL)
                    let headers = ["Authorization": "Bearer \(token)", "Content-Type": "application/json"]
                    for cycle in 0..<cycles {
                        let body = Data(#"{"LastName":"Bench \#(client)-\#(cycle)","Email":"b@example.com"}"#.utf8)
                        let created = try await http.send("POST", base, headers: headers, body: body)
                        guard created.status == 201, let id = try JSON(parsing: Array(created.body))["id"]?.stringValue else {
                            throw ValidationError("create answered \(created.status)")
                        }
                        let read = try await http.send("GET", "\(base)/\(id)", headers: headers).status
                        let updated = try await http.send(
                            "PATCH", "\(base)/\(id)", headers: headers, body: Data(#"{"Title":"Benchmarked"}"#.utf8)
                        ).status
                        let deleted = try await http.send("DELETE", "\(base)/\(id)", headers: headers).status
                        guard read == 200, updated == 204, deleted == 204 else {
                            throw ValidationError("CRUD answered \(read), \(updated), \(deleted)")
                        }
                    }
                    return cycles * 4
                }
            }
            return try await group.reduce(0, +)
        }
    }
}
