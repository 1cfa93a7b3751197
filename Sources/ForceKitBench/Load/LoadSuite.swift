import ArgumentParser
import BenchHarness
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
            kept. The baseline is one client doing the same mix for a sixth of the time, in rounds \
            alternating with the concurrent runs: the ratio is how throughput scales with clients.
            """
    )

    @Option(help: "Concurrent clients.") var clients = 16
    @Option(help: "Seconds each concurrent run lasts (the single client's, a sixth of it).") var seconds = 60
    @Option(help: "Accounts in the org before the load.") var accounts = 5_000
    @OptionGroup var options: SuiteOptions

    func run() async throws {
        var configuration = LocalOrgConfiguration()
        configuration.seedsSampleData = false
        let failed = try await LocalOrgServer.withRunning(configuration) { server in try await measure(server) }
        if failed { throw ExitCode(1) }
    }

    /// Runs the concurrent load and the single client in alternating rounds; whether any round
    /// saw a server error, an unanswered request, a repeat or a count that did not add up.
    private func measure(_ server: LocalOrgServer) async throws -> Bool {
        let environment = BenchEnvironment.current()
        let userID = try await server.store.query("SELECT Id FROM User").records.first?["Id"]?.stringValue ?? ""
        try await BenchOrg.load(accounts: accounts, into: server.store, as: userID)
        let token = try await BenchOrg.passwordToken(server)
        let memoryBefore = ProcessMemory.residentMiB()
        var total = LoadTally.Counts()
        var inconsistent: [String] = []
        var run = 0
        let soloSeconds = max(1, seconds / 6)
        let rates = try await options.plan.run(["concurrent", "solo"], progress: options.say) { contender -> Double? in
            run += 1
            // Each run's clients name their records after it, so its count is its own.
            let tag = "\(contender)\(run)"
            let tally = LoadTally()
            let rate = try await load(
                server, token: token, clients: contender == "solo" ? 1 : clients, seconds: contender == "solo" ? soloSeconds : seconds,
                tally: tally, tag: tag)
            let counts = tally.current
            let kept = try await server.store.query("SELECT COUNT() FROM Contact WHERE LastName LIKE '\(tag)-%'").totalSize
            if kept != counts.kept { inconsistent.append("\(tag): \(counts.kept) kept by the clients, \(kept) in the org") }
            for (status, count) in counts.statuses { total.statuses[status, default: 0] += count }
            total.unanswered += counts.unanswered
            total.duplicates += counts.duplicates
            total.kept += counts.kept
            return rate
        }
        let memoryAfter = ProcessMemory.residentMiB()
        let concurrent = Sample(rates["concurrent"] ?? [])
        let solo = Sample(rates["solo"] ?? [])
        let scaling = concurrent.ratio(to: solo)
        let statuses = total.statuses.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
        options.say("requests \(total.requests), by status \(statuses), unanswered \(total.unanswered), repeats \(total.duplicates)")
        options.say("\(clients) clients over one: \(scaling.median.map { String(format: "%.2f", $0) } ?? "-")")

        var record = BenchRecord(suite: "load", unit: "requests/s", command: options.command, plan: options.plan, environment: environment)
        record.settings = [
            ("clients", Double(clients)), ("seconds", Double(seconds)), ("soloSeconds", Double(soloSeconds)),
            ("accounts", Double(accounts)),
        ]
        record.figures = [
            ("concurrent", concurrent), ("solo", solo), ("memoryBeforeMiB", Sample(memoryBefore.map { [$0] } ?? [])),
            ("memoryAfterMiB", Sample(memoryAfter.map { [$0] } ?? [])),
        ]
        record.ratios = [("concurrentVsSolo", scaling)]
        record.bars = [
            Bar(name: "noServerErrors", holds: total.requests > 0 ? total.serverErrors == 0 : nil),
            Bar(name: "noneUnanswered", holds: total.requests > 0 ? total.unanswered == 0 : nil),
            Bar(name: "consistent", holds: total.requests > 0 ? inconsistent.isEmpty && total.duplicates == 0 : nil),
        ]
        record.notes += inconsistent
        record.notes.append("LocalOrg runs in this process: server and client share the machine's cores.")
        try options.finish(record)
        return total.serverErrors > 0 || total.unanswered > 0 || !inconsistent.isEmpty || total.duplicates > 0
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

}
