import ArgumentParser
import ForceKitTestSupport
import Foundation
import LocalOrg
import LocalOrgEngine
import SalesforceCore
import URLEncoding

/// `forcekit-bench load`: many clients at once against one LocalOrg, for a fixed time.
struct LoadSuite: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "load",
        abstract: "Concurrent clients send a mix of paged queries, CRUD and composite requests to LocalOrg for a fixed time.",
        discussion: """
            Each client loops over three kinds of work: a query paged through nextRecordsUrl \
            (200 records a page, checked for repeats), a Contact created, read, updated and \
            deleted (one in four kept), and a composite request creating an Account and a Contact \
            that refers to it. It reports requests by status (the goal: no 5xx, none unanswered), \
            memory before and after, and whether the org holds exactly the records the clients \
            kept. The baseline is one client doing the same mix for a sixth of the time: the ratio \
            is how throughput scales with concurrent clients.
            """
    )

    @Option(help: "Concurrent clients.") var clients = 16
    @Option(help: "Seconds the concurrent load runs.") var seconds = 60
    @Option(help: "Accounts in the org before the load.") var accounts = 5_000
    @Flag(help: "Print only the JSON line.") var json = false

    func run() async throws {
        var configuration = LocalOrgConfiguration()
        configuration.seedsSampleData = false
        try await LocalOrgServer.withRunning(configuration) { server in try await measure(server) }
    }

    private func measure(_ server: LocalOrgServer) async throws {
        let userID = try await server.store.query("SELECT Id FROM User").records.first?["Id"]?.stringValue ?? ""
        try await BenchOrg.load(accounts: accounts, into: server.store, as: userID)
        let token = try await BenchOrg.passwordToken(server)
        let memoryBefore = ProcessMemory.residentMiB()

        say("one client for \(max(1, seconds / 6)) s (the baseline) ...")
        let single = LoadTally()
        let singleRate = try await load(server, token: token, clients: 1, seconds: max(1, seconds / 6), tally: single, tag: "solo")
        say("\(clients) clients for \(seconds) s ...")
        let tally = LoadTally()
        let rate = try await load(server, token: token, clients: clients, seconds: seconds, tally: tally, tag: "load")
        let memoryAfter = ProcessMemory.residentMiB()

        let counts = tally.current
        let kept = try await server.store.query("SELECT COUNT() FROM Contact WHERE LastName LIKE 'load-%'").totalSize
        let consistent = kept == counts.kept && counts.duplicates == 0
        let statuses = counts.statuses.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
        say("requests \(counts.requests) (\(String(format: "%.0f", rate))/s), by status \(statuses), unanswered \(counts.unanswered)")
        say("one client: \(String(format: "%.0f", singleRate)) requests/s; ratio \(String(format: "%.2f", rate / singleRate))")
        say(
            "memory \(memoryBefore.map { String(format: "%.0f", $0) } ?? "?") MiB before, "
                + "\(memoryAfter.map { String(format: "%.0f", $0) } ?? "?") MiB after")
        say("records kept: \(counts.kept) by the clients, \(kept) in the org; repeats in paged queries: \(counts.duplicates)")

        var report = BenchReport()
        report.add("suite", "load")
        report.add("unit", "requests/s")
        report.add("ours", rate)
        report.add("baseline", singleRate)
        report.add("ratio", rate / singleRate)
        report.add("clients", clients)
        report.add("seconds", seconds)
        report.add("requests", counts.requests)
        report.add("serverErrors", counts.serverErrors)
        report.add("unanswered", counts.unanswered)
        report.add("duplicates", counts.duplicates)
        report.add("consistent", consistent)
        if let memoryBefore { report.add("memoryBeforeMiB", memoryBefore) }
        if let memoryAfter { report.add("memoryAfterMiB", memoryAfter) }
        print(report.line)
        if counts.serverErrors > 0 || counts.unanswered > 0 || !consistent {
            throw ExitCode(1)
        }
    }

    /// Runs `clients` clients until `seconds` pass; returns requests per second.
    private func load(_ server: LocalOrgServer, token: String, clients: Int, seconds: Int, tally: LoadTally, tag: String)
        async throws -> Double
    {
        let start = ContinuousClock.now
        let deadline = start + .seconds(seconds)
        await withTaskGroup(of: Void.self) { group in
            for client in 0..<clients {
                group.addTask {
                    let worker = LoadClient(
                        http: LoopbackHTTPClient(baseURL: server.credentials.instanceURL), token: token, name: "\(tag)-\(client)",
                        tally: tally)
                    var round = 0
                    while ContinuousClock.now < deadline {
                        switch (round + client) % 3 {
                        case 0: await worker.pagedQuery()
                        case 1: await worker.crud(keep: round % 4 == 0, cycle: round)
                        default: await worker.composite(cycle: round)
                        }
                        round += 1
                    }
                }
            }
        }
        let elapsed = ContinuousClock.now - start
        let secondsTaken = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return Double(tally.current.requests) / secondsTaken
    }

    private func say(_ line: String) {
        if !json { print(line) }
    }
}
