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

    private func firstSync(_ target: any SyncDownTarget, soupName: String) async throws -> RunFigures {
        let manager = try await SyncManager(store: store, client: client)
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
