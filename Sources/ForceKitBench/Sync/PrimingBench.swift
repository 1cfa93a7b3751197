import BenchHarness
import Foundation

/// `forcekit-bench sync --prime`: a first sync of a large object primed through a Bulk API 2.0
/// query job against the same through REST pages, on loopback and with latency, and a
/// parent-children sync down; each run in a fresh worker process, LocalOrg in its own.
struct PrimingBench {
    let accounts: Int
    let treeAccounts: Int
    let contactsPerAccount: Int
    let latency: Int
    /// Where LocalOrg and the workers run, with `--pin`.
    let pinning: CorePinning?
    let options: SuiteOptions
    /// Runs one contender in a worker against the org, with the worker's arguments.
    let work: (OrgProcess, [String]) async throws -> RunFigures

    /// One priming contender: through the Bulk API or REST pages, and the latency added.
    struct Run: Hashable {
        let bulk: Bool
        let latency: Int

        var label: String { (bulk ? "Bulk API job" : "REST pages") + (latency > 0 ? " at \(latency) ms" : "") }
    }

    func measure(into record: inout BenchRecord) async throws {
        let runs = [
            Run(bulk: true, latency: 0), Run(bulk: false, latency: 0), Run(bulk: true, latency: latency),
            Run(bulk: false, latency: latency),
        ]
        options.say("first sync of \(accounts) Accounts: \(runs.map(\.label).joined(separator: ", "))")
        let primed = try await OrgProcess.withRunning(accounts: accounts, pinning: pinning) { org in
            // Priming hands over to the REST cursor from one second before its job, so records
            // younger than that would be fetched twice, which is not the work being measured.
            try await Task.sleep(for: .seconds(1.5))
            return try await options.plan.runs(runs, progress: options.say) { run in
                var arguments = ["--contender", "prime", "--expected", String(accounts), "--latency", String(run.latency)]
                if run.bulk { arguments.append("--bulk") }
                return try await work(org, arguments)
            }
        }
        let treeTotal = treeAccounts * (1 + contactsPerAccount)
        options.say("parent-children sync down of \(treeAccounts) Accounts with \(treeAccounts * contactsPerAccount) Contacts")
        let trees = try await OrgProcess.withRunning(accounts: 0, tree: (treeAccounts, contactsPerAccount), pinning: pinning) { org in
            try await options.plan.runs(["tree"], progress: options.say) { _ in
                try await work(org, ["--contender", "tree", "--expected", String(treeTotal)])
            }
        }
        func rates(_ run: Run) -> Sample { Sample((primed[run] ?? []).compactMap(\.rate)) }
        let (bulk, rest, distantBulk, distantRest) = (rates(runs[0]), rates(runs[1]), rates(runs[2]), rates(runs[3]))
        let tree = Sample((trees["tree"] ?? []).compactMap(\.rate))
        let ratio = bulk.ratio(to: rest)
        let distantRatio = distantBulk.ratio(to: distantRest)
        record.settings += [
            ("primeAccounts", Double(accounts)), ("primeLatencyMs", Double(latency)), ("treeAccounts", Double(treeAccounts)),
            ("contactsPerAccount", Double(contactsPerAccount)),
        ]
        record.figures += [
            ("primeBulk", bulk), ("primeRESTPages", rest), ("primeBulkAt\(latency)ms", distantBulk),
            ("primeRESTPagesAt\(latency)ms", distantRest), ("parentChildren", tree),
        ]
        record.ratios += [("bulkOverRESTPages", ratio), ("bulkOverRESTPagesAt\(latency)ms", distantRatio)]
        record.bars.append(.atLeast("primingPaysAt\(latency)ms", distantRatio.median, 1))
        func text(_ value: Double?, _ format: String = "%.2f") -> String { value.map { String(format: format, $0) } ?? "-" }
        options.say(
            "first sync of \(accounts) Accounts: Bulk API job \(text(bulk.median, "%.0f")) records/s, REST pages \(text(rest.median, "%.0f")); ratio \(text(ratio.median))"
        )
        options.say(
            "  at \(latency) ms a request: job \(text(distantBulk.median, "%.0f")), REST pages \(text(distantRest.median, "%.0f")); ratio \(text(distantRatio.median))"
        )
        options.say("parent-children sync down of \(treeTotal) records: \(text(tree.median, "%.0f")) records/s")
    }
}
