import ArgumentParser
import BenchHarness
import Foundation
import LocalOrg
import LocalOrgEngine
import SalesforceAuth
import SalesforceCore
import URLEncoding

/// `forcekit-bench load`: many clients at once against one LocalOrg, for a fixed time.
struct LoadSuite: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "load",
        abstract: "Concurrent clients send a mix of paged queries, CRUD and composite requests to LocalOrg for a fixed time.",
        discussion: """
            LocalOrg runs in a process of its own. Each client loops over three kinds of work: a query paged through nextRecordsUrl \
            (200 records a page, checked for repeats), a Contact created, read, updated and \
            deleted (one in four kept), and a composite request creating an Account and a Contact \
            that refers to it. It reports requests by status (the goal: no 5xx, none unanswered), \
            LocalOrg's memory before and after and the cores it kept busy, and whether the org holds exactly the records the clients \
            kept. The baseline is one client doing the same mix for a sixth of the time, in rounds \
            alternating with the concurrent runs: the ratio is how throughput scales with clients.
            """
    )

    @Option(help: "Concurrent clients.") var clients = 16
    @Option(help: "Seconds each concurrent run lasts (the single client's, a sixth of it).") var seconds = 60
    @Option(help: "Accounts in the org before the load.") var accounts = 5_000
    @OptionGroup var pinningOption: PinningOption
    @OptionGroup var options: SuiteOptions

    func run() async throws {
        let pinning = try pinningOption.pinning()
        try pinning?.pinThisProcess()
        let failed = try await OrgProcess.withRunning(accounts: accounts, pinning: pinning) { org in try await measure(org, pinning) }
        if failed { throw ExitCode(1) }
    }

    /// Runs the concurrent load and the single client in alternating rounds; whether any round
    /// saw a server error, an unanswered request, a repeat or a count that did not add up.
    private func measure(_ org: OrgProcess, _ pinning: CorePinning?) async throws -> Bool {
        let environment = BenchEnvironment.current()
        let token = try await org.credentials.passwordToken()
        let memoryBefore = org.residentMiB
        var serverCores: [String: [Double]] = [:]
        var total = LoadTally.Counts()
        var inconsistent: [String] = []
        var run = 0
        let soloSeconds = max(1, seconds / 6)
        let rates = try await options.plan.run(["concurrent", "solo"], progress: options.say) { contender -> Double? in
            run += 1
            // Each run's clients name their records after it, so its count is its own.
            let tag = "\(contender)\(run)"
            let tally = LoadTally()
            let serverCPU = org.cpuSeconds
            let started = ContinuousClock.now
            let rate = try await load(
                org.credentials, token: token, clients: contender == "solo" ? 1 : clients,
                seconds: contender == "solo" ? soloSeconds : seconds,
                tally: tally, tag: tag)
            if let before = serverCPU, let after = org.cpuSeconds {
                serverCores[contender, default: []].append((after - before) / (ContinuousClock.now - started).seconds)
            }
            let counts = tally.current
            let kept = try await keptContacts(org.credentials, token: token, tag: tag)
            if kept != counts.kept { inconsistent.append("\(tag): \(counts.kept) kept by the clients, \(kept) in the org") }
            for (status, count) in counts.statuses { total.statuses[status, default: 0] += count }
            total.unanswered += counts.unanswered
            total.duplicates += counts.duplicates
            total.kept += counts.kept
            return rate
        }
        let memoryAfter = org.residentMiB
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
            ("serverCoresConcurrent", Sample(serverCores["concurrent"] ?? [])), ("serverCoresSolo", Sample(serverCores["solo"] ?? [])),
        ]
        record.ratios = [("concurrentVsSolo", scaling)]
        record.bars = [
            Bar(name: "noServerErrors", holds: total.requests > 0 ? total.serverErrors == 0 : nil),
            Bar(name: "noneUnanswered", holds: total.requests > 0 ? total.unanswered == 0 : nil),
            Bar(name: "consistent", holds: total.requests > 0 ? inconsistent.isEmpty && total.duplicates == 0 : nil),
        ]
        record.notes += inconsistent
        record.notes.append(pinningOption.note(pinning))
        try options.finish(record)
        return total.serverErrors > 0 || total.unanswered > 0 || !inconsistent.isEmpty || total.duplicates > 0
    }

    /// Runs `clients` clients until `seconds` pass; returns requests per second.
    private func load(_ org: OrgCredentials, token: String, clients: Int, seconds: Int, tally: LoadTally, tag: String)
        async throws -> Double
    {
        let start = ContinuousClock.now
        let deadline = start + .seconds(seconds)
        await withTaskGroup(of: Void.self) { group in
            for client in 0..<clients {
                group.addTask {
                    let worker = LoadClient(
                        http: RawHTTPClient(baseURL: org.instanceURL), token: token, name: "\(tag)-\(client)",
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

    /// How many Contacts the org holds of the run tagged `tag`, asked through its API.
    private func keptContacts(_ org: OrgCredentials, token: String, tag: String) async throws -> Int {
        let soql = FormEncoding.encode("SELECT COUNT() FROM Contact WHERE LastName LIKE '\(tag)-%'")
        let reply = try await RawHTTPClient(baseURL: org.instanceURL).send(
            "GET", "/services/data/\(APIVersion.current)/query?q=\(soql)", headers: ["Authorization": "Bearer \(token)"])
        guard reply.status == 200, let total = try JSON(parsing: Array(reply.body))["totalSize"]?.integerValue else {
            throw ValidationError("LocalOrg did not count the run's Contacts (HTTP \(reply.status))")
        }
        return Int(total)
    }
}
