import ArgumentParser
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
            Query: every Account (100,000 by default) through RestClient.records(forQuery:), \
            which follows nextRecordsUrl and parses each record, against the same pages fetched \
            with URLSession and parsed with JSONSerialization. GETs: 10,000 requests for the API's \
            resources from 16 concurrent tasks, the same way. Ratios are ForceKit over baseline: \
            1 means the client costs nothing over bare URLSession; the bar is 0.9.
            """
    )

    @Option(help: "Accounts to query.") var accounts = 100_000
    @Option(help: "Small GETs per round.") var requests = 10_000
    @Option(help: "Concurrent tasks for the GETs.") var tasks = 16
    @Option(help: "Timed rounds per measurement; the median counts.") var rounds = 3
    @Flag(help: "Print only the JSON line.") var json = false

    func run() async throws {
        var configuration = LocalOrgConfiguration()
        configuration.seedsSampleData = false
        let (query, gets) = try await LocalOrgServer.withRunning(configuration) { server in try await measure(server) }
        if !json {
            print(
                String(
                    format: "query of %d records: RestClient %.0f records/s, URLSession+JSONSerialization %.0f records/s, ratio %.3f",
                    accounts, query.0, query.1, query.0 / query.1))
            print(
                String(
                    format: "%d GETs from %d tasks: RestClient %.0f requests/s, URLSession+JSONSerialization %.0f requests/s, ratio %.3f",
                    requests, tasks, gets.0, gets.1, gets.0 / gets.1))
        }
        var report = BenchReport()
        report.add("suite", "rest")
        report.add("unit", "records/s")
        report.add("ours", query.0)
        report.add("baseline", query.1)
        report.add("ratio", query.0 / query.1)
        report.add("getsPerSecond", gets.0)
        report.add("baselineGetsPerSecond", gets.1)
        report.add("getRatio", gets.0 / gets.1)
        report.add("accounts", accounts)
        report.add("tasks", tasks)
        print(report.line)
    }

    /// Runs `requests` calls of `body` spread over `tasks` tasks; returns how many succeeded.
    /// Streams the query and sends the concurrent GETs through `RestClient` and a bare
    /// URLSession, `rounds` times each: the medians of (ours, baseline) records/s and requests/s.
    private func measure(_ server: LocalOrgServer) async throws -> (query: (Double, Double), gets: (Double, Double)) {
        let version = APIVersion.current.description
        let userID = try await server.store.query("SELECT Id FROM User").records.first?["Id"]?.stringValue ?? ""
        try await BenchOrg.load(accounts: accounts, into: server.store, as: userID)
        let credentials = server.credentials
        let oauth = OAuthClient(consumerKey: credentials.clientID, redirectURI: credentials.redirectURI, scopes: ["api"])
        let login = try await oauth.logIn(
            username: credentials.username, password: credentials.password, at: LoginHost(credentials.loginURL)!)
        let client = RestClient(credentials: login, refresher: nil, transport: URLSessionTransport(maximumConnectionsPerHost: tasks))
        let baseline = BareURLSession(token: login.accessToken ?? "", maximumConnections: tasks)
        let soql = "SELECT Id, Name, Industry, AnnualRevenue, BillingCity, CreatedDate FROM Account"
        let queryURL =
            "\(credentials.instanceURL)/services/data/\(version)/query?q="
            + FormEncoding.encode(soql)
        let resourcesURL = "\(credentials.instanceURL)/services/data/\(version)"

        var queryOurs: [Double] = []
        var queryBase: [Double] = []
        var getOurs: [Double] = []
        var getBase: [Double] = []
        for _ in 0..<rounds {
            queryBase.append(
                try await Measurement.rate(accounts) { try await baseline.countRecords(firstPage: queryURL, base: credentials.instanceURL) }
            )
            queryOurs.append(
                try await Measurement.rate(accounts) {
                    var count = 0
                    for try await _ in client.records(forQuery: soql) { count += 1 }
                    return count
                })
            getBase.append(
                try await Measurement.rate(requests) { try await concurrently { _ in try await baseline.getObject(resourcesURL) } })
            getOurs.append(
                try await Measurement.rate(requests) {
                    try await concurrently { _ in
                        try await client.send(client.requests.resources()).json?.objectValue?.isEmpty == false ? 1 : 0
                    }
                })
        }
        return ((Measurement.median(queryOurs), Measurement.median(queryBase)), (Measurement.median(getOurs), Measurement.median(getBase)))
    }

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
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = maximumConnections
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
