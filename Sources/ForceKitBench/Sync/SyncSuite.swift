import ArgumentParser
import Crypto
import Foundation
import GRDB
import LocalOrg
import LocalOrgEngine
import MobileSync
import SalesforceAuth
import SalesforceCore
import SalesforceREST
import SmartStore

/// `forcekit-bench sync`: Mobile Sync against the work it cannot avoid, on LocalOrg in process.
struct SyncSuite: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract:
            "Sync down 100,000 Accounts into an encrypted store against streaming them; sync up 10,000 changes by collection against one request each.",
        discussion: """
            Down: a SOQL sync down of every Account (100,000 by default) into a new encrypted \
            SmartStore, against the same query streamed through RestClient without storing (the \
            network-and-parse limit); the bar is 0.6. Memory: the resident size's growth during \
            the sync, at its peak. Up: 10,000 local changes (6,000 updates, 2,500 creates, 1,500 \
            deletes) sent with the collection target against the single-record target (the bar is \
            10), and LEAVE_IF_CHANGED against OVERWRITE with the collection target (the bar is 0.5). \
            With --rounds N every contender runs N times, interleaved, and each ratio is the median \
            of the rounds' ratios, so that a machine slowed for a while weighs on both sides. \
            Before each timed run the bench removes the databases it no longer needs and waits \
            for the disk to settle, so that the system writing back one run's data does not slow \
            the next.

            With --prime: a first sync of 200,000 Accounts (--prime-accounts) primed through a \
            Bulk API 2.0 query job against the same through REST pages, on loopback and again with \
            50 ms added to every request (--prime-latency), and a parent-children sync down of \
            10,000 Accounts (--tree-accounts) with 5 Contacts each.
            """
    )

    @Option(help: "Accounts to sync down.") var accounts = 100_000
    @Option(help: "Local changes to sync up (60% updates, 25% creates, 15% deletes).") var changes = 10_000
    @Option(help: "Timed rounds, each of every contender; the median of each round's ratio counts.") var rounds = 1
    @Flag(help: "Print only the JSON line.") var json = false
    @Flag(help: "Sync down into a plain store instead of an encrypted one.") var plaintext = false
    @Flag(help: "Measure priming through the Bulk API and a parent-children sync down instead.") var prime = false
    @Option(name: .customLong("prime-accounts"), help: "Accounts primed with --prime.") var primeAccounts = 200_000
    @Option(name: .customLong("tree-accounts"), help: "Parent Accounts of the parent-children sync with --prime.") var treeAccounts = 10_000
    @Option(name: .customLong("contacts-per-account"), help: "Contacts under each of them.") var contactsPerAccount = 5
    @Option(
        name: .customLong("prime-latency"),
        help: "Milliseconds added to every request for the second priming comparison, as a phone's network would.")
    var primeLatency = 50

    private var storeEncryption: StoreEncryption { plaintext ? .plaintext : .key(SymmetricKey(size: .bits256)) }

    func run() async throws {
        var configuration = LocalOrgConfiguration()
        configuration.seedsSampleData = false
        try await LocalOrgServer.withRunning(configuration) { server in try await measure(server) }
    }

    private func measure(_ server: LocalOrgServer) async throws {
        let userID = try await server.store.query("SELECT Id FROM User").records.first?["Id"]?.stringValue ?? ""
        let credentials = server.credentials
        let oauth = OAuthClient(consumerKey: credentials.clientID, redirectURI: credentials.redirectURI, scopes: ["api"])
        let login = try await oauth.logIn(
            username: credentials.username, password: credentials.password, at: LoginHost(credentials.loginURL)!)
        let transport = TimedTransport()
        let client = RestClient(credentials: login, refresher: nil, transport: transport)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("forcekit-bench-sync-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        if prime {
            let plaintext = self.plaintext
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            let bench = PrimingBench(
                accounts: primeAccounts, treeAccounts: treeAccounts, contactsPerAccount: contactsPerAccount, rounds: rounds, json: json,
                encryption: { plaintext ? .plaintext : .key(SymmetricKey(size: .bits256)) })
            let distant = RestClient(
                credentials: login, refresher: nil, transport: LatencyTransport(inner: transport, latency: .milliseconds(primeLatency)))
            try await bench.measure(server, userID: userID, client: client, distantClient: distant, latency: primeLatency, scratch: scratch)
            return
        }
        try await BenchOrg.load(accounts: accounts, into: server.store, as: userID)
        let soql = "SELECT Name, Industry, AnnualRevenue, BillingCity FROM Account"

        var downOurs: [Double] = []
        var downBase: [Double] = []
        var storeOnly: [Double] = []
        var sqliteOnly: [Double] = []
        var networkShare: [Double] = []
        // Cores each contender kept busy: whether the sync waits (a pipeline stall) or computes.
        var coresOurs: [Double] = []
        var coresBase: [Double] = []
        var coresStore: [Double] = []
        var peakGrowth = 0.0
        // The baseline streams the query exactly as the sync sends it (with the cursor's fields and order).
        let sent = try SoqlSyncDownTarget(query: soql).query(after: nil)
        for round in 0..<rounds {
            Self.settleDisk()
            let base = try await ProcessCPU.cores {
                try await Measurement.rate(accounts) {
                    var count = 0
                    for try await _ in client.records(forQuery: sent) { count += 1 }
                    return count
                }
            }
            downBase.append(base.result)
            coresBase.append(base.cores)
            var pages: [[JSON]] = []
            for try await page in client.pages(forQuery: sent) {
                pages.append(page.records)
            }
            let storing = try await ProcessCPU.cores { try await storeRate(pages, scratch.appendingPathComponent("store-\(round).sqlite")) }
            storeOnly.append(storing.result)
            coresStore.append(storing.cores)
            sqliteOnly.append(try await sqliteRate(pages, scratch.appendingPathComponent("sqlite-\(round).sqlite")))
            Self.settleDisk(removing: ["store-\(round)", "sqlite-\(round)"].map { scratch.appendingPathComponent("\($0).sqlite") })
            pages = []
            let url = scratch.appendingPathComponent("down-\(round).sqlite")
            let store = try await SmartStore(url: url, encryption: storeEncryption)
            try await Self.prepareSoup(store)
            let manager = try await SyncManager(store: store, client: client)
            Self.settleDisk()
            let before = ProcessMemory.residentMiB() ?? 0
            let peak = PeakMemory(start: before)
            if !json { FileHandle.standardError.write(Data("sync down of \(accounts) Accounts, round \(round + 1)\n".utf8)) }
            let inTransport = transport.elapsed
            let started = ContinuousClock.now
            let syncing = try await ProcessCPU.cores {
                try await Measurement.rate(accounts) {
                    let state = try await manager.syncDown(
                        target: try SoqlSyncDownTarget(query: soql), soupName: "accounts",
                        onUpdate: { _ in peak.sample() })
                    guard state.status == .done else { throw ValidationError("the sync down ended \(state.status): \(state.error)") }
                    return state.recordsSynced
                }
            }
            downOurs.append(syncing.result)
            coresOurs.append(syncing.cores)
            peakGrowth = max(peakGrowth, peak.growth)
            networkShare.append((transport.elapsed - inTransport) / (ContinuousClock.now - started).seconds)
            try store.close()
            Self.settleDisk(removing: [url])
        }
        let down = (Measurement.median(downOurs), Measurement.median(downBase))
        // Each round's ratio compares runs made moments apart, so a machine slowed for a while
        // (a shared one, say) weighs on both sides of it.
        let downRatio = Measurement.median(zip(downOurs, downBase).map { $0 / $1 })
        let store = Measurement.median(storeOnly)
        let sqlite = Measurement.median(sqliteOnly)
        let share = Measurement.median(networkShare)
        let cores = (ours: Measurement.median(coresOurs), base: Measurement.median(coresBase), store: Measurement.median(coresStore))

        var collection: [Double] = []
        var leave: [Double] = []
        var single: [Double] = []
        var collectionShares: [Double] = []
        var singleShares: [Double] = []
        for round in 0..<rounds {
            let run = round * 3
            let (upCollection, collectionShare) = try await syncUp(
                server, client, transport, scratch, kind: .collection, mode: .overwrite, userID: userID, run: run + 1)
            let (upLeave, _) = try await syncUp(
                server, client, transport, scratch, kind: .collection, mode: .leaveIfChanged, userID: userID, run: run + 2)
            let (upSingle, singleShare) = try await syncUp(
                server, client, transport, scratch, kind: .singleRecord, mode: .overwrite, userID: userID, run: run + 3)
            collection.append(upCollection)
            leave.append(upLeave)
            single.append(upSingle)
            collectionShares.append(collectionShare)
            singleShares.append(singleShare)
        }
        let upCollection = Measurement.median(collection)
        let upLeave = Measurement.median(leave)
        let upSingle = Measurement.median(single)
        let upRatio = Measurement.median(zip(collection, single).map { $0 / $1 })
        let leaveRatio = Measurement.median(zip(leave, collection).map { $0 / $1 })
        let collectionShare = Measurement.median(collectionShares)
        let singleShare = Measurement.median(singleShares)

        if !json {
            print(
                String(
                    format:
                        "sync down of %d Accounts into %@ store: %.0f records/s; streaming the query: %.0f records/s; ratio %.3f; peak memory growth %.1f MiB",
                    accounts, plaintext ? "a plain" : "an encrypted", down.0, down.1, downRatio, peakGrowth))
            print(
                String(
                    format:
                        "  the same pages upserted into the same kind of soup without syncing: %.0f records/s; waiting on the server: %.0f%% of the sync",
                    store, share * 100))
            print(
                String(
                    format: "  their JSON text and index values inserted into a plain SQLite table through GRDB: %.0f records/s", sqlite))
            print(
                String(
                    format: "  cores kept busy: %.2f by the sync, %.2f by streaming the query, %.2f by the store alone (of %d)",
                    cores.ours, cores.base, cores.store, ProcessInfo.processInfo.activeProcessorCount))
            print(
                String(
                    format:
                        "sync up of %d changes: collection %.0f records/s, single record %.0f records/s, ratio %.1f; LEAVE_IF_CHANGED %.0f records/s, %.2f of OVERWRITE",
                    changes, upCollection, upSingle, upRatio, upLeave, leaveRatio))
            print(
                String(
                    format: "  waiting on the server: %.0f%% of the collection sync up, %.0f%% of the single-record one",
                    collectionShare * 100, singleShare * 100))
        }
        var report = BenchReport()
        report.add("suite", "sync")
        report.add("unit", "records/s")
        report.add("ours", down.0)
        report.add("baseline", down.1)
        report.add("ratio", downRatio)
        report.add("peakMemoryGrowthMiB", peakGrowth)
        report.add("storeOnly", store)
        report.add("encrypted", !plaintext)
        report.add("sqliteOnly", sqlite)
        report.add("downNetworkShare", share)
        report.add("downCores", cores.ours)
        report.add("baselineCores", cores.base)
        report.add("storeOnlyCores", cores.store)
        report.add("upCollection", upCollection)
        report.add("upSingleRecord", upSingle)
        report.add("upRatio", upRatio)
        report.add("upLeaveIfChanged", upLeave)
        report.add("leaveIfChangedRatio", leaveRatio)
        report.add("upCollectionNetworkShare", collectionShare)
        report.add("upSingleRecordNetworkShare", singleShare)
        report.add("accounts", accounts)
        report.add("changes", changes)
        report.add("rounds", rounds)
        print(report.line)
    }

    /// Records/s of one sync up of `changes` local changes, set up on Accounts of its own.
    private func syncUp(
        _ server: LocalOrgServer, _ client: RestClient, _ transport: TimedTransport, _ scratch: URL, kind: SyncUpTarget.Kind,
        mode: MergeMode, userID: String, run: Int
    ) async throws -> (rate: Double, networkShare: Double) {
        let updates = changes * 60 / 100
        let deletes = changes * 15 / 100
        let creates = changes - updates - deletes
        let prefix = "Up\(run) "
        var records: [JSON] = []
        for index in 0..<(updates + deletes) { records.append(["Name": .string("\(prefix)\(index)")]) }
        for chunk in stride(from: 0, to: records.count, by: 5_000) {
            _ = try await server.store.create("Account", records: Array(records[chunk..<min(chunk + 5_000, records.count)]), as: userID)
        }
        let store = try await SmartStore(url: scratch.appendingPathComponent("up-\(run).sqlite"), encryption: .plaintext)
        try await Self.prepareSoup(store)
        let manager = try await SyncManager(store: store, client: client)
        let down = try await manager.syncDown(
            target: try SoqlSyncDownTarget(query: "SELECT Name, Industry FROM Account WHERE Name LIKE '\(prefix)%'"), soupName: "accounts")
        guard down.recordsSynced == updates + deletes else { throw ValidationError("the setup synced \(down.recordsSynced) records") }
        var entryIds: [Int64] = []
        for page in 0... {
            let found = try await store.query(
                using: .buildAllQuerySpec(soupName: "accounts", orderPath: "_soupEntryId", pageSize: 5_000), startingFromPageIndex: page)
            entryIds += found.compactMap { $0["_soupEntryId"]?.integerValue }
            if found.count < 5_000 { break }
        }
        for (index, entryId) in entryIds.enumerated() {
            if index < updates {
                try await store.updateLocally(soupEntryId: entryId, inSoup: "accounts") { $0["Industry"] = "Energy" }
            } else {
                try await store.deleteLocally(soupEntryId: entryId, inSoup: "accounts")
            }
        }
        for index in 0..<creates {
            _ = try await store.createLocally(["Name": .string("\(prefix)new \(index)")], objectType: "Account", inSoup: "accounts")
        }
        if !json { FileHandle.standardError.write(Data("sync up of \(changes) changes, \(kind.rawValue), \(mode.rawValue)\n".utf8)) }
        Self.settleDisk()
        let inTransport = transport.elapsed
        let started = ContinuousClock.now
        let rate = try await Measurement.rate(changes) {
            let state = try await manager.syncUp(
                target: SyncUpTarget(kind: kind), options: .syncUp(fieldlist: ["Name", "Industry"], mergeMode: mode), soupName: "accounts")
            guard state.isDoneWithoutFailures else {
                throw ValidationError(
                    "the sync up ended \(state.status) with \(state.recordsFailed) failed, \(state.recordsConflicted) conflicted")
            }
            return state.recordsSynced
        }
        let share = (transport.elapsed - inTransport) / (ContinuousClock.now - started).seconds
        try store.close()
        Self.settleDisk(removing: [scratch.appendingPathComponent("up-\(run).sqlite")])
        return (rate, share)
    }

    /// Records/s of upserting the query's pages (fetched once, beforehand) into an encrypted soup by
    /// `Id`, 2,000 a transaction: what the store alone costs a sync down.
    private func storeRate(_ pages: [[JSON]], _ url: URL) async throws -> Double {
        let store = try await SmartStore(url: url, encryption: storeEncryption)
        try await Self.prepareSoup(store)
        let rate = try await Measurement.rate(accounts) {
            var count = 0
            for page in pages { count += try await store.upsert(entries: page, inSoup: "accounts", withExternalIdPath: "Id").count }
            return count
        }
        try store.close()
        return rate
    }

    /// Records/s of inserting the pages' JSON text with the same three index columns into a
    /// plain SQLite table through GRDB, 2,000 a transaction: the floor under any store.
    private func sqliteRate(_ pages: [[JSON]], _ url: URL) async throws -> Double {
        let pool = try DatabasePool(path: url.path)
        try await pool.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE rows (id INTEGER PRIMARY KEY, soup TEXT, lastModified INTEGER, created INTEGER, sfid TEXT, local TEXT, syncId INTEGER);
                    CREATE INDEX rows_sfid ON rows(sfid); CREATE INDEX rows_local ON rows(local); CREATE INDEX rows_sync ON rows(syncId);
                    """)
        }
        let rate = try await Measurement.rate(accounts) {
            var count = 0
            for page in pages {
                count += try await pool.write { db in
                    let statement = try db.cachedStatement(
                        sql: "INSERT INTO rows (soup, lastModified, created, sfid, local, syncId) VALUES (?, ?, ?, ?, ?, ?)")
                    for record in page {
                        try statement.execute(arguments: [record.serialized(), 0, 0, record["Id"]?.stringValue, "false", 1])
                    }
                    return page.count
                }
            }
            return count
        }
        try pool.close()
        return rate
    }

    /// Removes the databases at `urls` (with their logs) and waits until the system has written
    /// what earlier work left to write, so that the kernel writing it back does not take CPU
    /// from the next contender (the disk work of one round would otherwise slow the next).
    static func settleDisk(removing urls: [URL] = []) {
        for url in urls {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: url.path + suffix) }
        }
        sync()
    }

    /// A soup with the indexes a synced soup needs.
    static func prepareSoup(_ store: SmartStore) async throws {
        try await store.registerSoup(
            "accounts",
            indexSpecs: [
                IndexSpec(path: "Id", type: .string), IndexSpec(path: SyncField.local, type: .string),
                IndexSpec(path: SyncField.syncId, type: .integer),
            ])
    }
}

/// The highest resident size seen, sampled from progress updates.
final class PeakMemory: Sendable {
    private let start: Double
    private let peak: Locked<Double>

    init(start: Double) {
        self.start = start
        peak = Locked(start)
    }

    func sample() {
        let now = ProcessMemory.residentMiB() ?? 0
        peak.withLock { $0 = max($0, now) }
    }

    var growth: Double { peak.current - start }
}

/// A transport that waits `latency` before each request, as a distant server would make it.
final class LatencyTransport: HTTPTransport {
    private let inner: any HTTPTransport
    private let latency: Duration

    init(inner: any HTTPTransport, latency: Duration) {
        self.inner = inner
        self.latency = latency
    }

    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        do {
            try await Task.sleep(for: latency)
        } catch {
            throw .unreachable("cancelled")
        }
        return try await inner.send(request)
    }
}

/// The loopback transport, timing how long requests wait on the server.
final class TimedTransport: HTTPTransport {
    private let inner = URLSessionTransport(maximumConnectionsPerHost: 4)
    private let total = Locked<Double>(0)

    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        let start = ContinuousClock.now
        defer {
            let seconds = (ContinuousClock.now - start).seconds
            total.withLock { $0 += seconds }
        }
        return try await inner.send(request)
    }

    /// Seconds spent in requests so far.
    var elapsed: Double { total.current }
}
