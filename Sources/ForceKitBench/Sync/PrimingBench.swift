import ArgumentParser
import Crypto
import Foundation
import LocalOrg
import LocalOrgEngine
import MobileSync
import SalesforceAuth
import SalesforceCore
import SalesforceREST
import SmartStore

/// `forcekit-bench sync --prime`: a first sync of a large object through a Bulk API 2.0 query
/// job against the same through REST pages, and a parent-children sync down.
struct PrimingBench {
    let accounts: Int
    let treeAccounts: Int
    let contactsPerAccount: Int
    let rounds: Int
    let json: Bool
    let encryption: @Sendable () -> StoreEncryption

    func measure(
        _ server: LocalOrgServer, userID: String, client: RestClient, distantClient: RestClient, latency: Int, scratch: URL
    ) async throws {
        try await BenchOrg.load(accounts: accounts, into: server.store, as: userID)
        // An org's records are seldom all changed in the last second: priming hands over to the
        // REST cursor from one second before its job, so records younger than that would be
        // fetched twice, which is not the work being measured.
        try await Task.sleep(for: .seconds(1.5))
        let soql = "SELECT Name, Industry, AnnualRevenue, BillingCity FROM Account"
        var bulk: [Double] = []
        var rest: [Double] = []
        var distantBulk: [Double] = []
        var distantRest: [Double] = []
        for round in 0..<rounds {
            for (distant, primes) in [(false, true), (false, false), (true, true), (true, false)] {
                var target = try SoqlSyncDownTarget(query: soql)
                target.primesWithBulkAPI = primes
                if !json {
                    let way = primes ? "a Bulk API job" : "REST pages"
                    let network = distant ? " with \(latency) ms a request" : ""
                    FileHandle.standardError.write(
                        Data("first sync of \(accounts) Accounts through \(way)\(network), round \(round + 1)\n".utf8))
                }
                let rate = try await firstSync(
                    target, soup: "accounts", expected: accounts, client: distant ? distantClient : client, scratch: scratch,
                    name: "prime-\(round)-\(distant)-\(primes)")
                switch (distant, primes) {
                case (false, true): bulk.append(rate)
                case (false, false): rest.append(rate)
                case (true, true): distantBulk.append(rate)
                case (true, false): distantRest.append(rate)
                }
            }
        }
        // The tree: Accounts of their own, each with its Contacts.
        var accountIds: [String] = []
        for start in stride(from: 0, to: treeAccounts, by: 5_000) {
            let batch = (start..<min(start + 5_000, treeAccounts)).map { JSON.object(["Name": .string("Tree \($0)")]) }
            accountIds += try await server.store.create("Account", records: batch, as: userID)
        }
        var contacts: [JSON] = []
        for (index, id) in accountIds.enumerated() {
            for number in 0..<contactsPerAccount {
                contacts.append(["LastName": .string("Contact \(index)-\(number)"), "AccountId": .string(id)])
            }
        }
        for start in stride(from: 0, to: contacts.count, by: 5_000) {
            _ = try await server.store.create("Contact", records: Array(contacts[start..<min(start + 5_000, contacts.count)]), as: userID)
        }
        let tree = RelatedObject(
            objectType: "Account", soupName: "accounts", fieldlist: ["Name"],
            children: [
                RelatedObject(child: "Contact", soupName: "contacts", parentIdFieldName: "AccountId", fieldlist: ["LastName", "Email"])
            ])
        let treeTarget = try ParentChildrenSyncDownTarget(tree: tree, parentSoqlFilter: "Name LIKE 'Tree %'")
        let treeTotal = treeAccounts * (1 + contactsPerAccount)
        var treeRates: [Double] = []
        for round in 0..<rounds {
            if !json {
                FileHandle.standardError.write(
                    Data("parent-children sync down of \(treeAccounts) Accounts with \(contacts.count) Contacts, round \(round + 1)\n".utf8)
                )
            }
            treeRates.append(
                try await firstSync(
                    treeTarget, soup: "accounts", expected: treeTotal, client: client, scratch: scratch, name: "tree-\(round)"))
        }
        let ratio = Measurement.median(zip(bulk, rest).map { $0 / $1 })
        let distantRatio = Measurement.median(zip(distantBulk, distantRest).map { $0 / $1 })
        let treeRate = Measurement.median(treeRates)
        if !json {
            print(
                String(
                    format:
                        "first sync of %d Accounts: through a Bulk API 2.0 job %.0f records/s, through REST pages %.0f records/s; ratio %.2f",
                    accounts, Measurement.median(bulk), Measurement.median(rest), ratio))
            print(
                String(
                    format: "  with %d ms a request: through the job %.0f records/s, through REST pages %.0f records/s; ratio %.2f",
                    latency, Measurement.median(distantBulk), Measurement.median(distantRest), distantRatio))
            print(
                String(
                    format: "parent-children sync down of %d Accounts with %d Contacts: %.0f records/s", treeAccounts, contacts.count,
                    treeRate))
        }
        var report = BenchReport()
        report.add("suite", "sync-prime")
        report.add("unit", "records/s")
        report.add("ours", Measurement.median(bulk))
        report.add("baseline", Measurement.median(rest))
        report.add("ratio", ratio)
        report.add("latencyMs", latency)
        report.add("oursWithLatency", Measurement.median(distantBulk))
        report.add("baselineWithLatency", Measurement.median(distantRest))
        report.add("ratioWithLatency", distantRatio)
        report.add("parentChildren", treeRate)
        report.add("accounts", accounts)
        report.add("treeAccounts", treeAccounts)
        report.add("treeContacts", contacts.count)
        report.add("rounds", rounds)
        print(report.line)
    }

    /// Records/s of a first sync of `target` into a new store.
    private func firstSync(
        _ target: any SyncDownTarget, soup: String, expected: Int, client: RestClient, scratch: URL, name: String
    ) async throws -> Double {
        let store = try await SmartStore(url: scratch.appendingPathComponent("\(name).sqlite"), encryption: encryption())
        for (soupName, parentField) in [(soup, nil), ("contacts", "AccountId")] as [(String, String?)] {
            var indexes = [
                IndexSpec(path: "Id", type: .string), IndexSpec(path: SyncField.local, type: .string),
                IndexSpec(path: SyncField.syncId, type: .integer),
            ]
            if let parentField { indexes.append(IndexSpec(path: parentField, type: .string)) }
            try await store.registerSoup(soupName, indexSpecs: indexes)
        }
        let manager = try await SyncManager(store: store, client: client)
        let rate = try await Measurement.rate(expected) {
            let state = try await manager.syncDown(target: target, soupName: soup)
            guard state.isDoneWithoutFailures else { throw ValidationError("the sync ended \(state.status): \(state.error)") }
            return state.recordsSynced
        }
        try store.close()
        return rate
    }
}
