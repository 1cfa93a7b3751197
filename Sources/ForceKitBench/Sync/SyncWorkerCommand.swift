import ArgumentParser
import Crypto
import Foundation
import Logging
import MobileSync
import SalesforceAuth
import SalesforceCore
import SalesforceREST
import SmartStore

/// `forcekit-bench sync-worker` (hidden): one contender of the sync suite, run once in a fresh
/// process against a LocalOrg in another; prints what it measured as its last line.
struct SyncWorkerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync-worker", abstract: "One run of one contender of the sync suite (used by the suite).", shouldDisplay: false)

    /// What the worker runs.
    enum Contender: String, ExpressibleByArgument, CaseIterable {
        /// A sync down into a new store.
        case sync
        /// The sync's own fetch and parse, pages fetched ahead as the sync fetches them, into a
        /// writer that does nothing: the most a sync down could reach.
        case limit
        /// The query streamed through `RestClient`, each page asked for after the last is parsed.
        case stream
        /// The sync's pages, fetched first, then prepared and written as the sync prepares and
        /// writes them: the store's part, stage by stage.
        case store
        /// A sync up of local changes.
        case up
        /// A first sync of every Account, primed through a Bulk API job with `--bulk`.
        case prime
        /// A parent-children sync of Accounts and their Contacts.
        case tree
        /// A first sync of every Account (primed through a Bulk API job with `--bulk`), then
        /// `--changes` of them changed on the server and the sync run again.
        case resync
    }

    @Option(help: "The credentials line of the LocalOrg to use.") var org: String
    @Option(name: .customLong("server-pid"), help: "LocalOrg's process, for its CPU time.") var serverPID: Int32
    @Option(help: "A folder for the store.") var scratch: String
    @Option(help: "The contender.") var contender: Contender
    @Option(help: "Records a sync down must bring.") var expected = 0
    @Flag(help: "Sync into a plain store instead of an encrypted one.") var plaintext = false
    @Option(help: "Local changes to sync up (60% updates, 25% creates, 15% deletes).") var changes = 0
    @Option(help: "Sync up by sObject collections (collection) or one request per record (singleRecord).") var kind = "collection"
    @Option(name: .customLong("merge-mode"), help: "The sync up's merge mode: OVERWRITE or LEAVE_IF_CHANGED.") var mergeMode = "OVERWRITE"
    @Option(help: "Milliseconds added to each request of the timed sync.") var latency = 0
    @Flag(help: "Prime the first sync through a Bulk API 2.0 query job.") var bulk = false

    /// The query the sync down runs.
    static let soql = "SELECT Name, Industry, AnnualRevenue, BillingCity FROM Account"

    func run() async throws {
        // The suite prints the figures; the SDK's progress lines would bury them.
        ForceKitLogging.setLevel(.warning)
        let transport = BenchTransport()
        let client = try await logIn(transport)
        let url = URL(fileURLWithPath: scratch).appendingPathComponent("worker-\(UUID().uuidString).sqlite")
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: url.path + suffix) } }
        let store = try await SmartStore(url: url, encryption: plaintext ? .plaintext : .key(SymmetricKey(size: .bits256)))
        let synced = [
            IndexSpec(path: "Id", type: .string), IndexSpec(path: SyncField.local, type: .string),
            IndexSpec(path: SyncField.syncId, type: .integer),
        ]
        try await store.registerSoup("accounts", indexSpecs: synced)
        try await store.registerSoup("contacts", indexSpecs: synced + [IndexSpec(path: "AccountId", type: .string)])
        let down = DownContenders(client: client, store: store, serverPID: serverPID, expected: expected)
        let first = FirstSyncContenders(client: client, store: store, serverPID: serverPID, expected: expected)
        var result: RunFigures
        switch contender {
        case .sync: result = try await down.sync()
        case .limit: result = try await down.limit()
        case .stream: result = try await down.stream()
        case .store: result = try await down.storeStages()
        case .up:
            guard let kind = SyncUpTarget.Kind(rawValue: kind), let mergeMode = MergeMode(rawValue: mergeMode) else {
                throw ValidationError("--kind or --merge-mode names no target or mode")
            }
            let up = UpContender(
                client: client, store: store, transport: transport, serverPID: serverPID, changes: changes, kind: kind, mode: mergeMode,
                latency: .milliseconds(latency))
            result = try await up.run()
        case .prime:
            transport.setLatency(.milliseconds(latency))
            result = try await first.primed(throughBulkAPI: bulk)
        case .tree:
            result = try await first.tree()
        case .resync:
            result = try await first.resync(throughBulkAPI: bulk, changes: changes)
        }
        try store.close()
        print(result.line)
    }

    /// Runs one contender in a fresh worker process against `org` and reads what it measured.
    static func run(on org: OrgProcess, scratch: URL, _ arguments: [String], pinning: CorePinning?) async throws -> RunFigures {
        SyncSuite.settleDisk()
        let child = try BenchChild(
            ["sync-worker", "--org", org.credentials.line, "--server-pid", String(org.pid), "--scratch", scratch.path] + arguments,
            cores: pinning?.client)
        return try RunFigures(line: try await child.finish())
    }

    private func logIn(_ transport: BenchTransport) async throws -> RestClient {
        RestClient(credentials: try await OrgCredentials(line: org).logIn(), refresher: nil, transport: transport)
    }
}
