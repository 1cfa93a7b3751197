import ArgumentParser
import MobileSync
import SalesforceCore
import SalesforceREST
import SmartStore

/// First syncs into a new store, timed in a worker process: a SOQL sync primed through a Bulk
/// API 2.0 query job or through REST pages, and a parent-children sync of Accounts and Contacts.
struct FirstSyncContenders {
    let client: RestClient
    let store: SmartStore
    let serverPID: Int32
    /// The records the sync must bring.
    let expected: Int

    /// A first sync of every Account, primed through a Bulk API job or not.
    func primed(throughBulkAPI: Bool) async throws -> RunFigures {
        var target = try SoqlSyncDownTarget(query: SyncWorkerCommand.soql)
        target.primesWithBulkAPI = throughBulkAPI
        return try await firstSync(target, soupName: "accounts")
    }

    /// A parent-children sync of the Accounts named `Tree …` with their Contacts.
    func tree() async throws -> RunFigures {
        let tree = RelatedObject(
            objectType: "Account", soupName: "accounts", fieldlist: ["Name"],
            children: [
                RelatedObject(child: "Contact", soupName: "contacts", parentIdFieldName: "AccountId", fieldlist: ["LastName", "Email"])
            ])
        return try await firstSync(
            try ParentChildrenSyncDownTarget(tree: tree, parentSoqlFilter: "Name LIKE 'Tree %'"), soupName: "accounts")
    }

    /// A first sync of every Account, then `changes` of them changed on the server (every
    /// hundredth, say) and the sync run again: the figures of both, the second's prefixed `resync`.
    func resync(throughBulkAPI: Bool, changes: Int) async throws -> RunFigures {
        var target = try SoqlSyncDownTarget(query: SyncWorkerCommand.soql)
        target.primesWithBulkAPI = throughBulkAPI
        let manager = try await SyncManager(store: store, client: client)
        var result = try await firstSync(target, soupName: "accounts", manager: manager)
        guard let syncID = try await manager.allSyncs().first?.id else { throw ValidationError("the first sync left no sync") }
        try await changeOnServer(changes)
        let timing = TimedWork(serverPID: serverPID)
        let state = try await manager.reSync(id: syncID)
        timing.end(into: &result, stage: "resync")
        guard state.isDoneWithoutFailures else { throw ValidationError("the re-sync ended \(state.status): \(state.error)") }
        result["resyncRecords"] = Double(state.recordsSynced)
        return result
    }

    /// Changes the Industry of `count` synced Accounts, spread through the soup, 200 a request.
    private func changeOnServer(_ count: Int) async throws {
        guard count > 0 else { return }
        let every = max(1, expected / count)
        let rows = try await store.query(
            using: .buildSmartQuerySpec(
                smartSQL: "SELECT {accounts:Id} FROM {accounts} WHERE {accounts:_soupEntryId} % \(every) = 0", pageSize: count))
        let ids = rows.prefix(count).compactMap { $0.arrayValue?.first?.stringValue }
        for start in stride(from: 0, to: ids.count, by: 200) {
            let records = ids[start..<min(start + 200, ids.count)].map { id in
                SObjectRecord("Account", fields: ["Id": .string(id), "Industry": "Utilities"])
            }
            let reply = try await client.send(client.requests.updateRecords(records, allOrNone: true))
            let saved = reply.json?.arrayValue?.filter { $0["success"] == true }.count ?? 0
            guard reply.status == 200, saved == records.count else {
                throw ValidationError("changing Accounts on the server failed: \(reply.status), \(saved) of \(records.count) saved")
            }
        }
    }

    private func firstSync(_ target: any SyncDownTarget, soupName: String, manager: SyncManager? = nil) async throws -> RunFigures {
        let manager = if let manager { manager } else { try await SyncManager(store: store, client: client) }
        var result = RunFigures()
        let timing = TimedWork(serverPID: serverPID)
        let state = try await manager.syncDown(target: target, soupName: soupName)
        timing.end(into: &result)
        guard state.isDoneWithoutFailures else { throw ValidationError("the sync ended \(state.status): \(state.error)") }
        guard state.recordsSynced == expected else {
            throw ValidationError("expected \(expected) records, the sync saved \(state.recordsSynced)")
        }
        result["records"] = Double(expected)
        return result
    }
}
