import ArgumentParser
import MobileSync
import SalesforceCore
import SalesforceREST
import SmartStore

/// A sync up of local changes, timed in a worker process against a LocalOrg of its own that
/// holds just the records the changes touch.
struct UpContender {
    let client: RestClient
    let store: SmartStore
    let transport: BenchTransport
    let serverPID: Int32
    let changes: Int
    let kind: SyncUpTarget.Kind
    let mode: MergeMode
    /// Added to each request of the timed sync up (not of the set-up).
    let latency: Duration

    /// Of the changes: 60% updates, 15% deletes (of records the org has) and the rest creates.
    static func split(_ changes: Int) -> (updates: Int, deletes: Int, creates: Int) {
        let updates = changes * 60 / 100
        let deletes = changes * 15 / 100
        return (updates, deletes, changes - updates - deletes)
    }

    /// Syncs the org's Accounts down, changes them locally, and times their sync up.
    func run() async throws -> RunFigures {
        let (updates, deletes, creates) = Self.split(changes)
        let manager = try await SyncManager(store: store, client: client)
        let down = try await manager.syncDown(
            target: try SoqlSyncDownTarget(query: "SELECT Name, Industry FROM Account"), soupName: "accounts")
        guard down.recordsSynced == updates + deletes else {
            throw ValidationError("the set-up synced \(down.recordsSynced) records, not \(updates + deletes)")
        }
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
            _ = try await store.createLocally(["Name": .string("Created \(index)")], objectType: "Account", inSoup: "accounts")
        }
        transport.setLatency(latency)
        let requestsBefore = transport.requests
        var result = RunFigures()
        let timing = TimedWork(serverPID: serverPID)
        let state = try await manager.syncUp(
            target: SyncUpTarget(kind: kind), options: .syncUp(fieldlist: ["Name", "Industry"], mergeMode: mode), soupName: "accounts")
        timing.end(into: &result)
        guard state.isDoneWithoutFailures, state.recordsSynced == changes else {
            throw ValidationError(
                "the sync up ended \(state.status) with \(state.recordsSynced) synced, \(state.recordsFailed) failed, \(state.recordsConflicted) conflicted"
            )
        }
        result["records"] = Double(changes)
        result["requests"] = Double(transport.requests - requestsBefore)
        return result
    }
}
