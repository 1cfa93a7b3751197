import ArgumentParser
import BenchHarness
import Foundation
import LocalOrg
import LocalOrgEngine
import SalesforceAuth
import SalesforceCore
import SalesforceREST
import URLEncoding

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `forcekit-bench rest`: RestClient against bare URLSession and JSONSerialization on the same
/// requests to LocalOrg, so the ratio is what the client's own work costs.
struct RESTSuite: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rest",
        abstract: "RestClient against bare URLSession + JSONSerialization: a 100,000-record query, and small GETs from 16 tasks.",
        discussion: """
            LocalOrg runs in a process of its own, seeded with the Accounts. Query: every \
            Account (100,000 by default) through RestClient.records(forQuery:), \
            which follows nextRecordsUrl and parses each record, against the same pages fetched \
            with URLSession and parsed with JSONSerialization. GETs: 10,000 requests for the API's \
            resources from 16 concurrent tasks, the same way. Ratios are ForceKit over baseline: \
            1 means the client costs nothing over bare URLSession; the bar is 0.9.
            """
    )

    @Option(help: "Accounts to query.") var accounts = 100_000
    @Option(help: "Small GETs per round.") var requests = 10_000
    @Option(help: "Concurrent tasks for the GETs.") var tasks = 16
    @OptionGroup var pinningOption: PinningOption
    @OptionGroup var options: SuiteOptions

    func run() async throws {
        let environment = BenchEnvironment.current()
        let pinning = try pinningOption.pinning()
        try pinning?.pinThisProcess()
        let (query, gets) = try await OrgProcess.withRunning(accounts: accounts, pinning: pinning) { org in try await measure(org) }
        func rates(_ runs: [RunFigures]) -> Sample { Sample(runs.compactMap(\.rate)) }
        func perOperation(_ runs: [RunFigures], _ cpu: String) -> Sample { Sample(runs.compactMap { $0.microsecondsPerRecord(cpu) }) }
        let queryRatio = rates(query.ours).ratio(to: rates(query.baseline))
        let getRatio = rates(gets.ours).ratio(to: rates(gets.baseline))
        func text(_ value: Double?) -> String { value.map { String(format: "%.3f", $0) } ?? "-" }
        options.say("query of \(accounts) records: RestClient over URLSession+JSONSerialization \(text(queryRatio.median))")
        options.say("\(requests) GETs from \(tasks) tasks: RestClient over URLSession+JSONSerialization \(text(getRatio.median))")
        var record = BenchRecord(
            suite: "rest", unit: "records/s and requests/s; CPU in core-µs", command: options.command, plan: options.plan,
            environment: environment)
        record.settings = [("accounts", Double(accounts)), ("requests", Double(requests)), ("tasks", Double(tasks))]
        record.figures = [
            ("queryRestClient", rates(query.ours)), ("queryURLSession", rates(query.baseline)), ("getsRestClient", rates(gets.ours)),
            ("getsURLSession", rates(gets.baseline)),
            ("queryClientCoreMicrosPerRecord.restClient", perOperation(query.ours, "clientCPU")),
            ("queryClientCoreMicrosPerRecord.urlSession", perOperation(query.baseline, "clientCPU")),
            ("queryServerCoreMicrosPerRecord.restClient", perOperation(query.ours, "serverCPU")),
            ("queryServerCoreMicrosPerRecord.urlSession", perOperation(query.baseline, "serverCPU")),
            ("getsClientCoreMicrosPerRequest.restClient", perOperation(gets.ours, "clientCPU")),
            ("getsClientCoreMicrosPerRequest.urlSession", perOperation(gets.baseline, "clientCPU")),
        ]
        record.ratios = [("query", queryRatio), ("gets", getRatio)]
        record.bars = [.atLeast("queryAtLeast0.9", queryRatio.median, 0.9), .atLeast("getsAtLeast0.9", getRatio.median, 0.9)]
        record.notes.append(pinningOption.note(pinning))
        try options.finish(record)
    }

    /// Streams the query and sends the concurrent GETs through `RestClient` and a bare
    /// URLSession, in the plan's rounds: each run's time and the client's and the server's CPU.
    private func measure(_ org: OrgProcess) async throws -> (
        query: (ours: [RunFigures], baseline: [RunFigures]), gets: (ours: [RunFigures], baseline: [RunFigures])
    ) {
        let version = APIVersion.current.description
        let credentials = org.credentials
        let login = try await credentials.logIn()
        let client = RestClient(credentials: login, refresher: nil, transport: URLSessionTransport(maximumConnectionsPerHost: tasks))
        let baseline = BareURLSession(token: login.accessToken ?? "", maximumConnections: tasks)
        let soql = "SELECT Id, Name, Industry, AnnualRevenue, BillingCity, CreatedDate FROM Account"
        let queryURL =
            "\(credentials.instanceURL)/services/data/\(version)/query?q="
            + FormEncoding.encode(soql)
        let resourcesURL = "\(credentials.instanceURL)/services/data/\(version)"
        let accounts = self.accounts
        /// One timed run of `body`, which must report doing `operations`.
        func timed(_ operations: Int, _ body: () async throws -> Int) async throws -> RunFigures {
            var figures = RunFigures()
            let timing = TimedWork(serverPID: org.pid)
            let done = try await body()
            timing.end(into: &figures)
            guard done == operations else { throw ValidationError("expected \(operations) operations, did \(done)") }
            figures["records"] = Double(done)
            return figures
        }

        let queries = try await options.plan.runs(["restClient", "urlSession"], progress: options.say) { contender -> RunFigures? in
            if contender == "urlSession" {
                return try await timed(accounts) { try await baseline.countRecords(firstPage: queryURL, base: credentials.instanceURL) }
            }
            return try await timed(accounts) {
                var count = 0
                for try await _ in client.records(forQuery: soql) { count += 1 }
                return count
            }
        }
        let gets = try await options.plan.runs(["restClient", "urlSession"], progress: options.say) { contender -> RunFigures? in
            if contender == "urlSession" {
                return try await timed(requests) { try await concurrently { _ in try await baseline.getObject(resourcesURL) } }
            }
            return try await timed(requests) {
                try await concurrently { _ in
                    try await client.send(client.requests.resources()).json?.objectValue?.isEmpty == false ? 1 : 0
                }
            }
        }
        return ((queries["restClient"] ?? [], queries["urlSession"] ?? []), (gets["restClient"] ?? [], gets["urlSession"] ?? []))
    }

    /// Runs `requests` calls of `body` spread over `tasks` tasks; returns how many succeeded.
    private func concurrently(_ body: @escaping @Sendable (Int) async throws -> Int) async throws -> Int {
        let perTask = requests / tasks
        let extra = requests % tasks
        return try await withThrowingTaskGroup(of: Int.self) { group in
            for task in 0..<tasks {
                let count = perTask + (task < extra ? 1 : 0)
                group.addTask {
                    var done = 0
                    for index in 0..<count { done += try await body(index) }
                    return done
                }
            }
            return try await group.reduce(0, +)
        }
    }
}

/// The baseline: URLSession and JSONSerialization, nothing else.
final class BareURLSession: Sendable {
    private let session: URLSession
    private let token: String

    init(token: String, maximumConnections: Int) {
        // Configured as ForceKit's URLSessionTransport is: no cookies, no cache, so the two
        // sessions do the same work for each request.
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = maximumConnections
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        session = URLSession(configuration: configuration)
        self.token = token
    }

    private func get(_ address: String) async throws -> Data {
        guard let url = URL(string: address) else { throw ValidationError("bad URL \(address)") }
        var request = URLRequest(url: url)
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        return try await withCheckedThrowingContinuation { continuation in
            session.dataTask(with: request) { data, response, error in
                if let error { return continuation.resume(throwing: error) }
                guard (response as? HTTPURLResponse)?.statusCode == 200, let data else {
                    return continuation.resume(throwing: ValidationError("GET \(address) failed"))
                }
                continuation.resume(returning: data)
            }.resume()
        }
    }

    func countRecords(firstPage: String, base: String) async throws -> Int {
        var next: String? = firstPage
        var count = 0
        while let address = next {
            let page = try JSONSerialization.jsonObject(with: try await get(address)) as? [String: Any] ?? [:]
            count += (page["records"] as? [Any])?.count ?? 0
            next = (page["nextRecordsUrl"] as? String).map { base + $0 }
        }
        return count
    }

    func getObject(_ address: String) async throws -> Int {
        (try JSONSerialization.jsonObject(with: try await get(address)) as? [String: Any])?.isEmpty == false ? 1 : 0
    }
}
