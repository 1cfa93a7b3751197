import ArgumentParser
import BenchHarness
import Foundation

/// `forcekit-bench scale`: SmartStore, Mobile Sync and LocalOrg at a million records.
struct ScaleSuite: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scale",
        abstract: "SmartStore, Mobile Sync and LocalOrg at a million records, each against the same work done plainly.",
        discussion: """
            SmartStore: one soup of 1,000,000 entries (10 fields, 5 indexes, one full text), \
            encrypted and plain, against plain GRDB over the same table layout and indexes (no \
            encrypted SQLite is at hand, so GRDB's side is plain): upserts in batches of 1,000, \
            each database built once; opening it and reading one entry, as an app's start does \
            (the bar: 100 ms); exact, range, like and full-text queries by page (each page read as JSON \
            text, as the CLI reads it and as the GRDB side reads its rows), a Smart SQL join \
            and aggregate, and count, in rounds; alterSoup adding an index and re-indexing; the \
            file's size; the memory peak while upserting and querying (the bar: 100 MiB, whatever \
            the soup's size). The bar for queries: at most 2x plain SQL.

            LocalOrg: seeded with 1,000,000 Accounts and 3,000,000 Contacts (as forcekit serve \
            --seed-accounts does) in a process of its own, then started again on that data (its \
            start-up). In rounds: a selective query on an indexed field, relationship queries \
            both ways, and 16 clients at once, against the same SQL on its SQLite file; once \
            each: a paged query through every Account and a Bulk API 2.0 job of every Contact.

            Mobile Sync: a first sync of every Account into a new encrypted store, through REST \
            pages and primed through a Bulk API 2.0 job, each in a fresh process and followed by \
            a re-sync after 1% of the Accounts changed: records/s, the memory peak (the bar: \
            100 MiB) and the re-sync's time over the first's (the bar: 5%, proportional to what \
            changed).

            --quick runs a tenth of everything: 100,000 entries, Accounts and 300,000 Contacts. \
            The queries run three rounds after a warm-up (--rounds); the databases, the seed, the \
            long reads and the first syncs once each. Each store is built in a fresh process, so \
            its memory peak is its own.
            """
    )

    @Flag(help: "A tenth of the sizes: 100,000 entries and Accounts, 300,000 Contacts.") var quick = false
    @Option(help: "Soup entries (default 1,000,000; 100,000 with --quick).") var entries: Int?
    @Option(help: "Accounts in LocalOrg, synced by Mobile Sync (default 1,000,000; 100,000 with --quick).") var accounts: Int?
    @Option(name: .customLong("contacts-per-account"), help: "Contacts under each Account.") var contactsPerAccount = 3
    @Option(help: "Queries a round of the exact, selective and relationship kinds.") var queries = 1_000
    @Option(help: "The parts to run, comma-separated: store, org, sync (sync runs on the org).") var parts = "store,org,sync"
    @OptionGroup var options: SuiteOptions

    private var partSet: Set<String> { Set(parts.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }) }

    func validate() throws {
        guard partSet.isSubset(of: ["store", "org", "sync"]), !partSet.isEmpty else {
            throw ValidationError("--parts takes store, org and sync, separated by commas.")
        }
        guard (entries ?? 1) > 0, (accounts ?? 1) > 0, queries > 0, (0...100).contains(contactsPerAccount) else {
            throw ValidationError("--entries, --accounts and --queries must be above 0, --contacts-per-account from 0 to 100.")
        }
    }

    func run() async throws {
        let environment = BenchEnvironment.current()
        let size = quick ? 100_000 : 1_000_000
        let (entryCount, accountCount) = (entries ?? size, accounts ?? size)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("forcekit-bench-scale-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        // Three rounds: each round of a million records' queries is long enough to be steady.
        let plan = options.plan(defaultRounds: 3)
        var record = BenchRecord(
            suite: quick ? "scale-quick" : "scale", unit: "entries/s, queries/s, rows/s or records/s",
            command: options.command(defaultRounds: 3), plan: plan, environment: environment)
        let started = ContinuousClock.now
        if partSet.contains("store") {
            try await StoreScale(entries: entryCount, exactQueries: queries, plan: plan, say: options.say).measure(
                in: scratch.appendingPathComponent("store"), into: &record)
        }
        if partSet.contains("org") || partSet.contains("sync") {
            let org = OrgScale(
                accounts: accountCount, contactsPerAccount: contactsPerAccount, queries: queries, plan: plan, say: options.say)
            let sync = partSet.contains("sync") ? SyncScale(accounts: accountCount, say: options.say) : nil
            try await org.measure(in: scratch, measuring: partSet.contains("org"), into: &record) { running, record in
                try await sync?.measure(running, scratch: scratch, into: &record)
            }
        }
        record.notes.append(
            "Databases, the org's seed, the long reads and first syncs run once each; the queries in rounds. GRDB's side is plain SQLite.")
        options.say(String(format: "scale: %.1f minutes", (ContinuousClock.now - started).seconds / 60))
        try options.finish(record)
    }
}
