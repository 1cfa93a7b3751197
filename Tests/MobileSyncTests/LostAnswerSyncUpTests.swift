import ForceKitTesting
import Foundation
import SalesforceCore
import SalesforceREST
import Testing

@testable import MobileSync
@testable import SmartStore

/// A sync up whose answer is lost after the server committed the creates (the app killed, the
/// network dropped): the next run must not create those records a second time.
@Suite("Sync up after a lost answer")
struct LostAnswerSyncUpTests {
    static let records = 450

    /// Each target kind, with the write requests whose answer is lost: the first, one in the
    /// middle and the last of a run of 450 creates (collections of 200, composites of 25, one by one).
    static let points: [(SyncUpTarget.Kind, String, Int)] = [
        (.collection, "/composite/sobjects", 1), (.collection, "/composite/sobjects", 2), (.collection, "/composite/sobjects", 3),
        (.batch, "/composite", 1), (.batch, "/composite", 9), (.batch, "/composite", 18),
        (.singleRecord, "/sobjects/Account", 1), (.singleRecord, "/sobjects/Account", 200), (.singleRecord, "/sobjects/Account", 450),
    ]

    @Test("no record is created twice, whichever request's answer was lost; the resume says how many it reconciled", arguments: points)
    func noDuplicates(kind: SyncUpTarget.Kind, path: String, request: Int) async throws {
        try await withSyncFixture { fixture throws in
            for index in 0..<Self.records {
                // Names repeat within and across batches: matching must pair records one to one and
                // leave alone the server records that earlier batches already linked.
                _ = try await fixture.store.createLocally(
                    ["Name": .string("Lost \(index % 100)")], objectType: "Account", inSoup: SyncFixture.soup)
            }
            fixture.transport.loseAnswer(number: request, toPathContaining: path)
            let target = SyncUpTarget(kind: kind)
            let options = SyncOptions.syncUp(fieldlist: ["Name"])
            let first = try await fixture.manager.syncUp(target: target, options: options, soupName: SyncFixture.soup)
            #expect(first.status == .failed)

            let again = try await fixture.manager.reSync(id: first.id)
            #expect(again.status == .done && again.isDoneWithoutFailures, "\(again.error)")
            let lost = kind == .collection ? min(200, Self.records - (request - 1) * 200) : kind == .batch ? 25 : 1
            #expect(again.recordsReconciled == lost)
            #expect(again.recordsSynced + again.recordsReconciled + first.recordsSynced == Self.records)

            let count = try await fixture.server.send(
                fixture.server.requests.query("SELECT COUNT() FROM Account WHERE Name LIKE 'Lost %'")
            ).json?["totalSize"]?.integerValue
            #expect(count == Int64(Self.records))
            let local = try await fixture.store.query(using: .buildAllQuerySpec(soupName: SyncFixture.soup, pageSize: 1_000))
            let ids = local.compactMap { $0["Id"]?.stringValue }
            #expect(ids.count == Self.records && Set(ids).count == Self.records && !ids.contains(where: LocalID.isLocal))
            #expect(local.allSatisfy { $0[SyncField.local] == false })
        }
    }

    @Test("a new sync up of the soup (not a re-run of the one that failed) finds the lost records too")
    func resumedByAnotherSync() async throws {
        try await withSyncFixture { fixture throws in
            for index in 0..<30 {
                _ = try await fixture.store.createLocally(
                    ["Name": .string("Other \(index)")], objectType: "Account", inSoup: SyncFixture.soup)
            }
            fixture.transport.loseAnswer(number: 1, toPathContaining: "/composite/sobjects")
            let options = SyncOptions.syncUp(fieldlist: ["Name"])
            let first = try await fixture.manager.syncUp(options: options, soupName: SyncFixture.soup)
            #expect(first.status == .failed)
            let second = try await fixture.manager.syncUp(options: options, soupName: SyncFixture.soup)
            #expect(second.id != first.id && second.isDoneWithoutFailures && second.recordsReconciled == 30 && second.recordsSynced == 0)
            let count = try await fixture.server.send(
                fixture.server.requests.query("SELECT COUNT() FROM Account WHERE Name LIKE 'Other %'")
            ).json?["totalSize"]?.integerValue
            #expect(count == 30)
            // Reconciled once: the failed sync no longer holds its sent creates.
            #expect(try await fixture.manager.syncStatus(id: first.id)?.json["sentCreates"] == nil)
        }
    }

    @Test("a sent value matches the server's form of it: empty text as null, a date-time in any offset, numbers as numbers")
    func serverForms() {
        #expect(CreateReconciliation.sameValue(sent: "", stored: .null))
        #expect(CreateReconciliation.sameValue(sent: "", stored: nil))
        #expect(CreateReconciliation.sameValue(sent: "2024-05-01T03:00:00-07:00", stored: "2024-05-01T10:00:00.000+0000"))
        #expect(CreateReconciliation.sameValue(sent: 120, stored: 120.0))
        #expect(CreateReconciliation.sameValue(sent: true, stored: true))
        #expect(!CreateReconciliation.sameValue(sent: "2024-05-01T03:00:00Z", stored: "2024-05-01T10:00:00.000+0000"))
        #expect(!CreateReconciliation.sameValue(sent: "Acme", stored: "acme"))
        #expect(!CreateReconciliation.sameValue(sent: "Acme", stored: nil))
    }

    /// Trees (an Account and three Contacts each) as many as fill five composite requests.
    static let trees = 30

    @Test(
        "a tree sync up whose answer was lost creates no parent or child twice; children are linked to their found parents",
        arguments: [1, 3, 5])
    func treeNoDuplicates(request: Int) async throws {
        try await withSyncFixture { fixture throws in
            try await fixture.registerTreeSoups()
            for index in 0..<Self.trees {
                let account = try await fixture.store.createLocally(
                    ["Name": .string("Tree \(index % 10)")], objectType: "Account", inSoup: SyncFixture.soup)
                for child in 0..<3 {
                    // The same names under every parent: only the parent tells the children apart.
                    _ = try await fixture.store.createLocally(
                        ["LastName": .string("Child \(child)"), "AccountId": account["Id"] ?? .null], objectType: "Contact",
                        inSoup: SyncFixture.contacts)
                }
            }
            fixture.transport.loseAnswer(number: request, toPathContaining: "/composite")
            let target = ParentChildrenSyncUpTarget(tree: SyncFixture.accountTree())
            let options = SyncOptions.syncUp(fieldlist: ["Name"])
            let first = try await fixture.manager.syncUp(target: target, options: options)
            #expect(first.status == .failed)

            let again = try await fixture.manager.reSync(id: first.id)
            #expect(again.status == .done && again.isDoneWithoutFailures, "\(again.error)")
            #expect(again.recordsReconciled == 24)
            #expect(again.recordsSynced + again.recordsReconciled + first.recordsSynced == Self.trees * 4)

            let accounts =
                try await fixture.server.send(
                    fixture.server.requests.query("SELECT Id FROM Account WHERE Name LIKE 'Tree %'")
                ).json?["records"]?.arrayValue ?? []
            let contacts =
                try await fixture.server.send(
                    fixture.server.requests.query("SELECT Id, AccountId FROM Contact WHERE LastName LIKE 'Child %'")
                ).json?["records"]?.arrayValue ?? []
            #expect(accounts.count == Self.trees && contacts.count == Self.trees * 3)
            let serverParent = Dictionary(
                uniqueKeysWithValues: contacts.compactMap { contact in
                    contact["Id"]?.stringValue.map { ($0, contact["AccountId"]?.stringValue) }
                })
            let local = try await fixture.store.query(using: .buildAllQuerySpec(soupName: SyncFixture.contacts, pageSize: 1_000))
            #expect(local.count == Self.trees * 3 && local.allSatisfy { $0[SyncField.local] == false })
            for contact in local {
                let id = try #require(contact["Id"]?.stringValue)
                // Linked to the right server record: the one under the parent the local record is under.
                #expect(!LocalID.isLocal(id) && serverParent[id] == contact["AccountId"]?.stringValue)
            }
            let parents = Set(local.compactMap { $0["AccountId"]?.stringValue })
            #expect(parents.count == Self.trees && !parents.contains(where: LocalID.isLocal))
        }
    }
}

@Suite("Sync up after a lost answer, under OVERWRITE: records made again")
struct LostRecreationSyncUpTests {
    @Test("records edited here and deleted in the org are made again once, also when the answer to that create was lost")
    func recreatedOnce() async throws {
        try await withSyncFixture { fixture throws in
            let ids = try await fixture.createAccounts(["Gone 1", "Gone 2", "Gone 3"])
            _ = try await fixture.manager.syncDown(
                target: try SoqlSyncDownTarget(query: "SELECT Name FROM Account WHERE Name LIKE 'Gone %'"), soupName: SyncFixture.soup)
            for (name, record) in try await fixture.localRecords() {
                let entry = try #require(record["_soupEntryId"]?.integerValue)
                try await fixture.store.updateLocally(soupEntryId: entry, inSoup: SyncFixture.soup) { $0["Name"] = .string("Mine " + name) }
            }
            for id in ids { _ = try await fixture.server.send(fixture.server.requests.delete("Account", id: id)) }
            // The updates find the records gone (request 1); the creates that make them again are
            // taken by the server, but their answer is lost (request 2).
            fixture.transport.loseAnswer(number: 2, toPathContaining: "/composite/sobjects")
            let options = SyncOptions.syncUp(fieldlist: ["Name"], mergeMode: .overwrite)
            let first = try await fixture.manager.syncUp(options: options, soupName: SyncFixture.soup)
            #expect(first.status == .failed)

            let again = try await fixture.manager.reSync(id: first.id)
            #expect(again.status == .done && again.isDoneWithoutFailures, "\(again.error)")
            let count = try await fixture.server.send(
                fixture.server.requests.query("SELECT COUNT() FROM Account WHERE Name LIKE 'Mine Gone %'")
            ).json?["totalSize"]?.integerValue
            #expect(
                count == 3,
                "each record made again once; first \(first.recordsSynced) synced: \(first.error); again \(again.recordsSynced) synced, \(again.recordsReconciled) reconciled"
            )
            let local = try await fixture.localRecords()
            #expect(
                local.count == 3 && local.values.allSatisfy { $0[SyncField.local] == false && !ids.contains($0["Id"]?.stringValue ?? "") })
        }
    }
}
