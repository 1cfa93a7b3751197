import ArgumentParser
import BenchHarness
import Crypto
import Foundation
import LocalOrg
import MobileSync
import SalesforceAuth
import SalesforceCore
import SalesforceREST
import SmartStore

/// `forcekit-bench sync`: Mobile Sync against the work it cannot avoid, with LocalOrg in a
/// process of its own and each contender's run in a fresh process.
struct SyncSuite: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract:
            "Sync down 100,000 Accounts against the sync's own fetch with a writer that does nothing; sync up 10,000 changes by collection against one request each, on loopback and at 20 and 50 ms a request.",
        discussion: """
            LocalOrg runs in a process of its own, and every run of a contender in a fresh \
            process, so the client's and the server's CPU are each measured apart and a memory \
            peak is the run's own.

            Down: a sync down of every Account (100,000 by default) into a new encrypted store, \
            against its limit: the sync's own fetch and parse, pages fetched as far ahead as the \
            sync fetches them, into a writer that does nothing (the bar is 0.6). Also: the same \
            query streamed through RestClient page after page (a second figure), the store's \
            stages alone (the sync's pages prepared, then written), the client's and the server's \
            CPU per record for each, and the sync's memory peak over its start (the kernel's \
            high-water mark; the bar is 100 MiB).

            Up: 10,000 local changes (6,000 updates, 2,500 creates, 1,500 deletes) sent by sObject \
            collections against one request per record (the bar is 10), LEAVE_IF_CHANGED \
            against OVERWRITE (the bar is 0.5), each on a new LocalOrg holding just the records \
            changed. Then both targets again with 20 and 50 ms before every request \
            (--latencies), with fewer changes (--latency-changes), as a phone's network would \
            make it; and what a request and a record cost, from the loopback runs.

            With --prime: a first sync of 200,000 Accounts (--prime-accounts) primed through a \
            Bulk API 2.0 query job against the same through REST pages, on loopback and again with \
            50 ms added to every request (--prime-latency), and a parent-children sync down of \
            10,000 Accounts (--tree-accounts) with 5 Contacts each; its record's suite is sync-prime.
            """
    )

    @Option(help: "Accounts to sync down.") var accounts = 100_000
    @Option(help: "Local changes to sync up on loopback (60% updates, 25% creates, 15% deletes).") var changes = 10_000
    @Option(name: .customLong("latency-changes"), help: "Local changes to sync up with added latency.") var latencyChanges = 500
    @Option(help: "Milliseconds added to each request in the sync ups with latency, comma-separated; empty for none.")
    var latencies = "20,50"
    @Flag(help: "Sync down into a plain store instead of an encrypted one.") var plaintext = false
    @Flag(help: "Measure priming through the Bulk API and a parent-children sync down instead.") var prime = false
    @Option(name: .customLong("prime-accounts"), help: "Accounts primed with --prime.") var primeAccounts = 200_000
    @Option(name: .customLong("tree-accounts"), help: "Parent Accounts of the parent-children sync with --prime.") var treeAccounts = 10_000
    @Option(name: .customLong("contacts-per-account"), help: "Contacts under each of them.") var contactsPerAccount = 5
    @Option(
        name: .customLong("prime-latency"),
        help: "Milliseconds added to every request for the second priming comparison, as a phone's network would.")
    var primeLatency = 50
    @OptionGroup var pinningOption: PinningOption
    @OptionGroup var options: SuiteOptions

    func validate() throws {
        guard accounts > 0, changes >= 20, latencyChanges >= 20 else {
            throw ValidationError("--accounts must be above 0, --changes and --latency-changes at least 20.")
        }
        guard latencyList != nil else { throw ValidationError("--latencies takes milliseconds separated by commas, like 20,50.") }
    }

    private var latencyList: [Int]? {
        let parts = latencies.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let values = parts.compactMap { Int($0) }.filter { $0 > 0 }
        return values.count == parts.count ? values : nil
    }

    func run() async throws {
        let pinning = try pinningOption.pinning()
        if prime { return try await runPriming(pinning) }
        let environment = BenchEnvironment.current()
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("forcekit-bench-sync-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        options.say("sync down of \(accounts) Accounts: sync, limit, stream, store; LocalOrg starting")
        let down = try await OrgProcess.withRunning(accounts: accounts, pinning: pinning) { org in
            try await options.plan.runs(SyncWorkerCommand.Contender.downCases, progress: options.say) { contender in
                try await work(on: org, scratch, ["--contender", contender.rawValue, "--expected", String(accounts)], pinning)
            }
        }
        var runs = [UpRun(kind: .collection, mode: .overwrite, latency: 0, changes: changes)]
        runs.append(UpRun(kind: .collection, mode: .leaveIfChanged, latency: 0, changes: changes))
        runs.append(UpRun(kind: .singleRecord, mode: .overwrite, latency: 0, changes: changes))
        for latency in latencyList ?? [] {
            runs.append(UpRun(kind: .collection, mode: .overwrite, latency: latency, changes: latencyChanges))
            runs.append(UpRun(kind: .singleRecord, mode: .overwrite, latency: latency, changes: latencyChanges))
        }
        options.say("sync up: \(runs.map(\.label).joined(separator: ", ")), each on a new LocalOrg")
        let up = try await options.plan.runs(runs, progress: options.say) { run in
            let split = UpContender.split(run.changes)
            return try await OrgProcess.withRunning(accounts: split.updates + split.deletes, prefix: "Up ", pinning: pinning) { org in
                try await work(on: org, scratch, run.arguments, pinning)
            }
        }
        var record = BenchRecord(
            suite: "sync", unit: "records/s; CPU in core-µs", command: options.command, plan: options.plan, environment: environment)
        record.settings = [
            ("accounts", Double(accounts)), ("changes", Double(changes)), ("latencyChanges", Double(latencyChanges)),
            ("encrypted", plaintext ? 0 : 1),
        ]
        SyncFigures(down: down, up: up, upRuns: runs, say: options.say).add(to: &record)
        record.notes.append("Each contender's run is a fresh process. " + pinningOption.note(pinning))
        try options.finish(record)
    }

    /// Runs one contender in a worker process and reads what it measured.
    private func work(on org: OrgProcess, _ scratch: URL, _ arguments: [String], _ pinning: CorePinning?) async throws -> RunFigures {
        try await SyncWorkerCommand.run(on: org, scratch: scratch, arguments + (plaintext ? ["--plaintext"] : []), pinning: pinning)
    }

    /// Waits until the system has written what earlier runs left to write, so that the kernel
    /// writing it back does not take CPU from the next contender.
    static func settleDisk() {
        sync()
    }

    private func runPriming(_ pinning: CorePinning?) async throws {
        let environment = BenchEnvironment.current()
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("forcekit-bench-prime-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        var record = BenchRecord(
            suite: "sync-prime", unit: "records/s", command: options.command, plan: options.plan, environment: environment)
        record.settings = [("encrypted", plaintext ? 0 : 1)]
        let bench = PrimingBench(
            accounts: primeAccounts, treeAccounts: treeAccounts, contactsPerAccount: contactsPerAccount, latency: primeLatency,
            pinning: pinning, options: options, work: { org, arguments in try await work(on: org, scratch, arguments, pinning) })
        try await bench.measure(into: &record)
        record.notes.append("Each contender's run is a fresh process. " + pinningOption.note(pinning))
        try options.finish(record)
    }
}

/// One sync-up contender: its target, merge mode, latency and number of changes.
struct UpRun: Hashable {
    let kind: SyncUpTarget.Kind
    let mode: MergeMode
    let latency: Int
    let changes: Int

    var label: String {
        let target = kind == .collection ? "collection" : "single record"
        let merge = mode == .leaveIfChanged ? " LEAVE_IF_CHANGED" : ""
        return latency > 0 ? "\(target) at \(latency) ms" : target + merge
    }

    var arguments: [String] {
        [
            "--contender", "up", "--changes", String(changes), "--kind", kind.rawValue, "--merge-mode", mode.rawValue, "--latency",
            String(latency),
        ]
    }
}

extension SyncWorkerCommand.Contender {
    /// The sync-down contenders, in the suite's order.
    static let downCases: [Self] = [.sync, .limit, .stream, .store]
}
