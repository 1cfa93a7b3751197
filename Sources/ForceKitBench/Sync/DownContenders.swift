import ArgumentParser
import MobileSync
import SalesforceCore
import SalesforceREST
import SmartStore

/// The sync-down contenders, each timed in a worker process: the sync, its limit (the sync's
/// fetch and parse with a writer that does nothing), the serial stream, and the store's stages.
struct DownContenders {
    let client: RestClient
    let store: SmartStore
    let serverPID: Int32
    /// The records every contender must see.
    let expected: Int
    let soupName = "accounts"

    /// A sync down of every Account into the store.
    func sync() async throws -> RunFigures {
        let manager = try await SyncManager(store: store, client: client)
        let target = try SoqlSyncDownTarget(query: SyncWorkerCommand.soql)
        var result = RunFigures()
        let timing = TimedWork(serverPID: serverPID)
        let state = try await manager.syncDown(target: target, soupName: soupName)
        timing.end(into: &result)
        guard state.status == .done else { throw ValidationError("the sync down ended \(state.status): \(state.error)") }
        return try counted(state.recordsSynced, into: &result)
    }

    /// The sync's own fetch (its target's, with the sync's query and page parsing) run ahead
    /// of the writer by as many pages as a sync's, into a writer that only counts.
    func limit() async throws -> RunFigures {
        let fetch = try await target().fetch(after: nil, context: SyncContext(client: client, store: store, soupName: soupName))
        var result = RunFigures()
        let timing = TimedWork(serverPID: serverPID)
        let buffer = PageBuffer<SyncDownPage>(capacity: SyncDownRun.pagesAhead)
        let count = try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await buffer.fill(from: fetch.nextPage) }
            var count = 0
            while let pages = try await buffer.takeAll() { count += pages.reduce(0) { $0 + $1.records.count } }
            return count
        }
        timing.end(into: &result)
        return try counted(count, into: &result)
    }

    /// The query the sync sends (with its cursor's fields and order), streamed record by record
    /// through `RestClient`, which asks for each page once the last is parsed.
    func stream() async throws -> RunFigures {
        let sent = try target().query(after: nil)
        var result = RunFigures()
        let timing = TimedWork(serverPID: serverPID)
        var count = 0
        for try await _ in client.records(forQuery: sent) { count += 1 }
        timing.end(into: &result)
        return try counted(count, into: &result)
    }

    /// The sync's pages, all fetched first (not timed); then, timed apart, prepared as the sync
    /// prepares them (its flags added, the server's JSON text kept) and written as it writes
    /// them (one series of upserts by `Id`), a page a transaction.
    func storeStages() async throws -> RunFigures {
        let fetch = try await target().fetch(after: nil, context: SyncContext(client: client, store: store, soupName: soupName))
        var pages: [SyncDownPage] = []
        while let page = try await fetch.nextPage() { pages.append(page) }
        var result = RunFigures()
        let flags = RecordFlags.cleanFields(syncId: 1)
        let preparing = TimedWork(serverPID: serverPID)
        var prepared: [PreparedEntries] = []
        for page in pages {
            prepared.append(try await store.prepare(entries: page.records, texts: page.texts, adding: flags, inSoup: soupName))
        }
        preparing.end(into: &result, stage: "prepare")
        pages = []
        let writing = TimedWork(serverPID: serverPID)
        let series = UpsertSeries()
        for entries in prepared {
            _ = try await store.transaction { tx in try tx.upsert(entries, withExternalIdPath: "Id", in: series) }
        }
        writing.end(into: &result, stage: "write")
        let records = try await store.count(using: .buildAllQuerySpec(soupName: soupName, orderPath: "_soupEntryId", pageSize: 1))
        return try counted(records, into: &result)
    }

    private func target() throws -> SoqlSyncDownTarget { try SoqlSyncDownTarget(query: SyncWorkerCommand.soql) }

    /// `result` with its record count, once checked: a contender that saw another number of
    /// records did other work, and its figure would mislead.
    private func counted(_ records: Int, into result: inout RunFigures) throws -> RunFigures {
        guard records == expected else { throw ValidationError("expected \(expected) records, saw \(records)") }
        result["records"] = Double(records)
        return result
    }
}
