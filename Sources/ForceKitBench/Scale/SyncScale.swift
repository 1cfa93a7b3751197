import BenchHarness
import Foundation

/// `forcekit-bench scale`, Mobile Sync's part: a first sync of every Account of the scale org
/// into a new encrypted store, through REST pages and primed through a Bulk API 2.0 job, each
/// followed by a re-sync after 1% of the Accounts changed on the server; each in a fresh worker.
struct SyncScale {
    let accounts: Int
    let say: (String) -> Void

    /// The Accounts changed before the re-sync: 1%.
    var changes: Int { max(1, accounts / 100) }

    func measure(_ org: OrgProcess, scratch: URL, into record: inout BenchRecord) async throws {
        for bulk in [false, true] {
            let label = bulk ? "primed" : "rest"
            say(
                "Mobile Sync: first sync of \(accounts) Accounts (\(bulk ? "primed through a Bulk API job" : "REST pages")), then \(changes) changed and re-synced"
            )
            let figures = try await SyncWorkerCommand.run(
                on: org, scratch: scratch,
                ["--contender", "resync", "--expected", String(accounts), "--changes", String(changes)] + (bulk ? ["--bulk"] : []),
                pinning: nil)
            guard let first = figures["seconds"], let again = figures["resyncSeconds"] else { continue }
            let rate = figures.rate ?? .nan
            let peak = max(figures["peakGrowthMiB"] ?? 0, figures["resyncPeakGrowthMiB"] ?? 0)
            record.figures += [
                ("sync_\(label)_firstRecordsPerSecond", Sample([rate])), ("sync_\(label)_firstSeconds", Sample([first])),
                ("sync_\(label)_resyncSeconds", Sample([again])), ("sync_\(label)_resyncRecords", Sample([figures["resyncRecords"] ?? 0])),
                ("sync_\(label)_peakGrowthMiB", Sample([peak])),
            ]
            // Proportional to what changed: 1% of the records should take a few % of the time.
            record.ratios.append(("sync_\(label)_resyncOverFirst", Sample([again / first])))
            record.bars += [
                .atMost("sync_\(label)_peakUnder100MiB", peak, 100),
                .atMost("sync_\(label)_resyncUnder5PercentOfFirst", again / first, 0.05),
            ]
            say(
                String(
                    format: "  %.0f records/s; re-sync of %.0f records %.2f s against %.1f s (%.3f); peak growth %.1f MiB", rate,
                    figures["resyncRecords"] ?? 0, again, first, again / first, peak))
        }
        record.settings.append(("syncChanges", Double(changes)))
    }
}
