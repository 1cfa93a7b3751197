import ForceKitTesting
import Foundation
import MobileSync
import SalesforceAuth
import SalesforceCore
import SalesforceREST
import SmartStore
import Testing

/// Sync up of related records (mobilesync.md §4.5, SU-19…22), and where ForceKit does better than
/// the SDK: any depth in one go, children of a failed parent that say why, a failed child that
/// is not stuck.
@Suite("Parent-children sync up")
struct ParentChildrenSyncUpTests {
    static let options = SyncOptions.syncUp(fieldlist: ["Name"])

    /// Creates an Account and its Contacts offline; returns the Account as stored.
    @discardableResult
    static func createTreeLocally(_ fixture: SyncFixture, account: String, contacts: [String]) async throws -> JSON {
        let parent = try await fixture.store.createLocally(["Name": .string(account)], objectType: "Account", inSoup: SyncFixture.soup)
        for name in contacts {
            var fields: [String: JSON] = ["AccountId": parent["Id"] ?? .null]
            if !name.isEmpty { fields["LastName"] = .string(name) }
            _ = try await fixture.store.createLocally(.object(fields), objectType: "Contact", inSoup: SyncFixture.contacts)
        }
        return parent
    }

    @Test("a parent and its children created offline go up in one composite request, the children referencing the new parent")
    func createsInOneRequest() async throws {
        try await withSyncFixture { fixture throws in
            try await fixture.registerTreeSoups()
            try await Self.createTreeLocally(fixture, account: "New Acc", contacts: ["Lee", "Kim"])
            let state = try await fixture.manager.syncUp(
                target: ParentChildrenSyncUpTarget(tree: SyncFixture.accountTree()), options: Self.options)
            #expect(state.status == .done && state.isDoneWithoutFailures && state.recordsSynced == 3 && state.totalSize == 3)
            let requests = fixture.compositeRequests
            try #require(requests.count == 1)
            let subrequests = requests[0]["compositeRequest"]?.arrayValue ?? []
            #expect(subrequests.map { $0["method"]?.stringValue } == ["POST", "POST", "POST"])
            let parentReference = try #require(subrequests[0]["referenceId"]?.stringValue)
            #expect(subrequests[1]["body"]?["AccountId"]?.stringValue == "@{\(parentReference).id}")
            let account = try #require(try await fixture.localRecords()["New Acc"])
            let accountId = try #require(account["Id"]?.stringValue)
            #expect(!LocalID.isLocal(accountId) && account[SyncField.local] == false)
            for contact in try await fixture.records(in: SyncFixture.contacts, by: "LastName").values {
                #expect(contact["AccountId"]?.stringValue == accountId && contact[SyncField.local] == false)
                let onServer = try await fixture.serverRecord("Contact", id: try #require(contact["Id"]?.stringValue))
                #expect(onServer?["AccountId"]?.stringValue == accountId)
            }
        }
    }

    @Test("Better than the SDK: a parent, its child and its grandchild created offline go up in one request, linked on the server")
    func threeLevelsInOneGo() async throws {
        try await withSyncFixture { fixture throws in
            try await fixture.registerTreeSoups()
            let account = try await fixture.store.createLocally(["Name": "Root Co"], objectType: "Account", inSoup: SyncFixture.soup)
            let contact = try await fixture.store.createLocally(
                ["LastName": "Middle", "AccountId": account["Id"] ?? .null], objectType: "Contact", inSoup: SyncFixture.contacts)
            _ = try await fixture.store.createLocally(
                ["Subject": "Leaf", "ContactId": contact["Id"] ?? .null], objectType: "Case", inSoup: SyncFixture.cases)
            let state = try await fixture.manager.syncUp(
                target: ParentChildrenSyncUpTarget(tree: SyncFixture.accountTree(cases: true)), options: Self.options)
            #expect(state.status == .done && state.isDoneWithoutFailures && state.recordsSynced == 3)
            #expect(fixture.compositeRequests.count == 1)
            let leaf = try #require(try await fixture.records(in: SyncFixture.cases, by: "Subject")["Leaf"])
            let middle = try #require(try await fixture.records(in: SyncFixture.contacts, by: "LastName")["Middle"])
            let root = try #require(try await fixture.localRecords()["Root Co"])
            let leafId = try #require(leaf["Id"]?.stringValue)
            let middleId = try #require(middle["Id"]?.stringValue)
            let serverCase = try #require(try await fixture.serverRecord("Case", id: leafId))
            #expect(serverCase["ContactId"] == middle["Id"] && leaf["ContactId"] == middle["Id"])
            let serverContact = try #require(try await fixture.serverRecord("Contact", id: middleId))
            #expect(serverContact["AccountId"] == root["Id"] && middle["AccountId"] == root["Id"])
        }
    }

    @Test(
        "Better than the SDK: when a child fails its parent and siblings are synced, and the child, corrected, goes up under the new parent"
    )
    func failedChildNotStuck() async throws {
        try await withSyncFixture { fixture throws in
            try await fixture.registerTreeSoups()
            try await Self.createTreeLocally(fixture, account: "Parent", contacts: ["Good", ""])
            let state = try await fixture.manager.syncUp(
                target: ParentChildrenSyncUpTarget(tree: SyncFixture.accountTree()), options: Self.options, name: "up")
            #expect(state.status == .done && state.recordsSynced == 2 && state.recordsFailed == 1)
            let accountId = try #require(try await fixture.localRecords()["Parent"]?["Id"]?.stringValue)
            let contacts = try await fixture.store.query(using: .buildAllQuerySpec(soupName: SyncFixture.contacts, pageSize: 10))
            let failed = try #require(contacts.first { $0["LastName"] == nil })
            #expect(failed[SyncField.lastError]?.stringValue?.contains("REQUIRED_FIELD_MISSING") == true)
            #expect(failed[SyncField.locallyCreated] == true && failed["AccountId"]?.stringValue == accountId)
            try await fixture.store.updateLocally(
                soupEntryId: try #require(failed["_soupEntryId"]?.integerValue), inSoup: SyncFixture.contacts
            ) { $0["LastName"] = "Fixed" }
            let again = try await fixture.manager.reSync(named: "up")
            #expect(again.isDoneWithoutFailures && again.recordsSynced == 1)
            let fixed = try #require(try await fixture.records(in: SyncFixture.contacts, by: "LastName")["Fixed"]?["Id"]?.stringValue)
            #expect(try await fixture.serverRecord("Contact", id: fixed)?["AccountId"]?.stringValue == accountId)
        }
    }

    @Test("Better than the SDK: children of a parent the server refused are not sent, and say it was their parent")
    func childrenOfFailedParent() async throws {
        try await withSyncFixture { fixture throws in
            try await fixture.registerTreeSoups()
            let parent = try await fixture.store.createLocally([:], objectType: "Account", inSoup: SyncFixture.soup)
            _ = try await fixture.store.createLocally(
                ["LastName": "Orphan", "AccountId": parent["Id"] ?? .null], objectType: "Contact", inSoup: SyncFixture.contacts)
            try await Self.createTreeLocally(fixture, account: "Fine", contacts: ["Sibling"])
            let state = try await fixture.manager.syncUp(
                target: ParentChildrenSyncUpTarget(tree: SyncFixture.accountTree()), options: Self.options)
            #expect(state.status == .done && state.recordsFailed == 2 && state.recordsSynced == 2)
            let orphan = try #require(try await fixture.records(in: SyncFixture.contacts, by: "LastName")["Orphan"])
            let error = try #require(orphan[SyncField.lastError]?.stringValue)
            #expect(error.contains("parent Account") && error.contains("REQUIRED_FIELD_MISSING"))
            #expect(try await fixture.records(in: SyncFixture.contacts, by: "LastName")["Sibling"]?[SyncField.local] == false)
        }
    }

    @Test("deleting a master-detail parent sends one DELETE for it alone and removes its children locally")
    func masterDetailDelete() async throws {
        try await withSyncFixture { fixture throws in
            try await fixture.registerTreeSoups()
            try await Self.createTreeLocally(fixture, account: "Doomed", contacts: ["C1", "C2"])
            let target = ParentChildrenSyncUpTarget(tree: SyncFixture.accountTree(relationship: .masterDetail))
            _ = try await fixture.manager.syncUp(target: target, options: Self.options, name: "up")
            let parent = try #require(try await fixture.localRecords()["Doomed"])
            try await fixture.store.deleteLocally(soupEntryId: try #require(parent["_soupEntryId"]?.integerValue), inSoup: SyncFixture.soup)
            let contact = try #require(try await fixture.records(in: SyncFixture.contacts, by: "LastName")["C1"])
            try await fixture.store.deleteLocally(
                soupEntryId: try #require(contact["_soupEntryId"]?.integerValue), inSoup: SyncFixture.contacts)
            let state = try await fixture.manager.reSync(named: "up")
            #expect(state.isDoneWithoutFailures)
            let last = try #require(fixture.compositeRequests.last?["compositeRequest"]?.arrayValue)
            #expect(last.map { $0["method"]?.stringValue } == ["DELETE"])
            #expect(try await fixture.localRecords().isEmpty)
            #expect(try await fixture.records(in: SyncFixture.contacts, by: "LastName").isEmpty)
        }
    }

    @Test("under LEAVE_IF_CHANGED a tree with a record changed on the server is left alone, with no write at all")
    func changedTreeLeftAlone() async throws {
        try await withSyncFixture { fixture throws in
            try await fixture.registerTreeSoups()
            let p1 = try await fixture.createOnServer("Account", ["Name": "P1"])
            let c1 = try await fixture.createOnServer("Contact", ["LastName": "C1", "AccountId": .string(p1)])
            _ = try await fixture.manager.syncDown(target: try SyncFixture.accountsWithContacts(), soupName: SyncFixture.soup)
            let local = try #require(try await fixture.localRecords()["P1"])
            try await fixture.store.updateLocally(soupEntryId: try #require(local["_soupEntryId"]?.integerValue), inSoup: SyncFixture.soup)
            {
                $0["Name"] = "P1 local"
            }
            fixture.org.clock.advance(by: 5)
            try await fixture.updateOnServer("Contact", id: c1, ["LastName": "C1 server"])
            let before = fixture.compositeRequests.count
            let state = try await fixture.manager.syncUp(
                target: ParentChildrenSyncUpTarget(tree: SyncFixture.accountTree()),
                options: .syncUp(fieldlist: ["Name"], mergeMode: .leaveIfChanged))
            #expect(state.status == .done && state.recordsConflicted == 1 && state.recordsSynced == 0)
            #expect(fixture.compositeRequests.count == before)
            let after = try #require(try await fixture.localRecords()["P1 local"])
            #expect(after[SyncField.local] == true && after[SyncField.lastError]?.stringValue?.contains("Contact") == true)
            #expect(try await fixture.serverRecord("Account", id: p1)?["Name"] == "P1")
            // Not stuck (the SDK's users were, iOS#2637): the clean Contact took the server's
            // change, the Account is a conflict to resolve, and the next sync up sends it.
            #expect(try await fixture.records(in: SyncFixture.contacts, by: "LastName")["C1 server"]?[SyncField.local] == false)
            let conflict = try #require(try await fixture.manager.conflicts(inSoup: SyncFixture.soup).first)
            #expect(conflict.server?["Name"] == "P1" && conflict.local["Name"] == "P1 local")
            try await fixture.manager.resolveConflict(soupEntryId: conflict.soupEntryId, inSoup: SyncFixture.soup, .keepMine)
            let again = try await fixture.manager.syncUp(
                target: ParentChildrenSyncUpTarget(tree: SyncFixture.accountTree()),
                options: .syncUp(fieldlist: ["Name"], mergeMode: .leaveIfChanged))
            #expect(again.isDoneWithoutFailures && again.recordsSynced == 1)
            #expect(try await fixture.serverRecord("Account", id: p1)?["Name"] == "P1 local")
        }
    }

    @Test("only a child changed: the parent is not sent, the child's PATCH is the request's only subrequest")
    func onlyChildChanged() async throws {
        try await withSyncFixture { fixture throws in
            try await fixture.registerTreeSoups()
            let p1 = try await fixture.createOnServer("Account", ["Name": "P1"])
            let c1 = try await fixture.createOnServer("Contact", ["LastName": "C1", "AccountId": .string(p1)])
            _ = try await fixture.manager.syncDown(target: try SyncFixture.accountsWithContacts(), soupName: SyncFixture.soup)
            let contact = try #require(try await fixture.records(in: SyncFixture.contacts, by: "LastName")["C1"])
            try await fixture.store.updateLocally(
                soupEntryId: try #require(contact["_soupEntryId"]?.integerValue), inSoup: SyncFixture.contacts
            ) { $0["LastName"] = "C1 local" }
            let state = try await fixture.manager.syncUp(
                target: ParentChildrenSyncUpTarget(tree: SyncFixture.accountTree()),
                options: .syncUp(fieldlist: ["Name"], mergeMode: .leaveIfChanged))
            #expect(state.isDoneWithoutFailures && state.recordsSynced == 1)
            let subrequests = try #require(fixture.compositeRequests.last?["compositeRequest"]?.arrayValue)
            #expect(subrequests.count == 1 && subrequests[0]["method"] == "PATCH" && subrequests[0]["body"] == ["LastName": "C1 local"])
            #expect(try await fixture.serverRecord("Contact", id: c1)?["LastName"] == "C1 local")
            #expect(try await fixture.records(in: SyncFixture.contacts, by: "LastName")["C1 local"]?[SyncField.local] == false)
        }
    }

    @Test("Trees are packed into as few composite requests as the 25-subrequest limit allows; a bigger tree spans requests by real ids")
    func packing() async throws {
        try await withSyncFixture { fixture throws in
            try await fixture.registerTreeSoups()
            for index in 0..<8 { try await Self.createTreeLocally(fixture, account: "A\(index)", contacts: ["x\(index)", "y\(index)"]) }
            try await Self.createTreeLocally(fixture, account: "Big", contacts: (0..<30).map { "Big \($0)" })
            let state = try await fixture.manager.syncUp(
                target: ParentChildrenSyncUpTarget(tree: SyncFixture.accountTree()), options: Self.options)
            #expect(state.isDoneWithoutFailures && state.recordsSynced == 55)
            #expect(fixture.compositeRequests.map { $0["compositeRequest"]?.arrayValue?.count ?? 0 } == [24, 25, 6])
            let big = try #require(try await fixture.localRecords()["Big"]?["Id"]?.stringValue)
            let children = try await fixture.records(in: SyncFixture.contacts, by: "LastName").values.filter {
                $0["LastName"]?.stringValue?.hasPrefix("Big") == true
            }
            #expect(children.count == 30 && children.allSatisfy { $0["AccountId"]?.stringValue == big })
        }
    }
}

/// Under OVERWRITE, what the server deleted is made again (mobilesync.md §4.5).
@Suite("Parent-children sync up: deleted on the server")
struct ParentChildrenRecreationTests {
    /// A parent with two children on the server, synced down, the parent then edited locally
    /// and deleted on the server. Returns the parent's old id.
    static func deletedParent(_ fixture: SyncFixture) async throws -> String {
        try await fixture.registerTreeSoups()
        let parent = try await fixture.createOnServer("Account", ["Name": "Gone"])
        for name in ["C1", "C2"] { try await fixture.createOnServer("Contact", ["LastName": .string(name), "AccountId": .string(parent)]) }
        _ = try await fixture.manager.syncDown(target: try SyncFixture.accountsWithContacts(), soupName: SyncFixture.soup)
        let local = try #require(try await fixture.localRecords()["Gone"])
        try await fixture.store.updateLocally(soupEntryId: try #require(local["_soupEntryId"]?.integerValue), inSoup: SyncFixture.soup) {
            $0["Name"] = "Back"
        }
        _ = try await fixture.server.send(fixture.server.requests.delete("Account", id: parent))
        return parent
    }

    @Test("Master-detail: the parent is made again with the local edit, and its children with it, all pointing to the new parent")
    func masterDetail() async throws {
        try await withSyncFixture { fixture throws in
            let old = try await Self.deletedParent(fixture)
            let state = try await fixture.manager.syncUp(
                target: ParentChildrenSyncUpTarget(tree: SyncFixture.accountTree(relationship: .masterDetail)),
                options: ParentChildrenSyncUpTests.options)
            #expect(state.isDoneWithoutFailures && state.recordsSynced == 3)
            let parent = try #require(try await fixture.localRecords()["Back"])
            let newId = try #require(parent["Id"]?.stringValue)
            #expect(newId != old && parent[SyncField.local] == false)
            let children = try await fixture.records(in: SyncFixture.contacts, by: "LastName")
            #expect(
                children.count == 2 && children.values.allSatisfy { $0["AccountId"]?.stringValue == newId && $0[SyncField.local] == false })
            let onServer = try await fixture.server.send(
                fixture.server.requests.query("SELECT LastName FROM Contact WHERE AccountId = '\(newId)' ORDER BY LastName")
            ).json
            #expect(onServer?["records"]?.arrayValue?.compactMap { $0["LastName"]?.stringValue } == ["C1", "C2"])
        }
    }

    @Test("Lookup: the parent is made again and its children, still on the server, are pointed to it; LEAVE_IF_CHANGED makes nothing")
    func lookup() async throws {
        try await withSyncFixture { fixture throws in
            let old = try await Self.deletedParent(fixture)
            let before = try await fixture.records(in: SyncFixture.contacts, by: "LastName").mapValues { $0["Id"] }
            let leave = try await fixture.manager.syncUp(
                target: ParentChildrenSyncUpTarget(tree: SyncFixture.accountTree()),
                options: .syncUp(fieldlist: ["Name"], mergeMode: .leaveIfChanged))
            #expect(leave.recordsConflicted == 1 && leave.recordsSynced == 0)
            let state = try await fixture.manager.syncUp(
                target: ParentChildrenSyncUpTarget(tree: SyncFixture.accountTree()), options: ParentChildrenSyncUpTests.options)
            #expect(state.isDoneWithoutFailures)
            let newId = try #require(try await fixture.localRecords()["Back"]?["Id"]?.stringValue)
            #expect(newId != old)
            let children = try await fixture.records(in: SyncFixture.contacts, by: "LastName")
            #expect(children.mapValues { $0["Id"] } == before)
            for child in children.values {
                let id = try #require(child["Id"]?.stringValue)
                #expect(try await fixture.serverRecord("Contact", id: id)?["AccountId"]?.stringValue == newId)
            }
        }
    }

    @Test("A child whose update finds it deleted on the server is made again under its parent")
    func deletedChild() async throws {
        try await withSyncFixture { fixture throws in
            try await fixture.registerTreeSoups()
            let parent = try await fixture.createOnServer("Account", ["Name": "Stays"])
            let child = try await fixture.createOnServer("Contact", ["LastName": "Gone", "AccountId": .string(parent)])
            _ = try await fixture.manager.syncDown(target: try SyncFixture.accountsWithContacts(), soupName: SyncFixture.soup)
            let local = try #require(try await fixture.records(in: SyncFixture.contacts, by: "LastName")["Gone"])
            try await fixture.store.updateLocally(
                soupEntryId: try #require(local["_soupEntryId"]?.integerValue), inSoup: SyncFixture.contacts
            ) {
                $0["LastName"] = "Back"
            }
            _ = try await fixture.server.send(fixture.server.requests.delete("Contact", id: child))
            let state = try await fixture.manager.syncUp(
                target: ParentChildrenSyncUpTarget(tree: SyncFixture.accountTree()), options: ParentChildrenSyncUpTests.options)
            #expect(state.isDoneWithoutFailures && state.recordsSynced == 1)
            let back = try #require(try await fixture.records(in: SyncFixture.contacts, by: "LastName")["Back"])
            let newId = try #require(back["Id"]?.stringValue)
            #expect(newId != child && back[SyncField.local] == false)
            #expect(try await fixture.serverRecord("Contact", id: newId)?["AccountId"]?.stringValue == parent)
        }
    }
}

extension ParentChildrenRecreationTests {
    @Test("A child created under a parent the server deleted makes the parent again, and goes up under it")
    func childOfDeletedParent() async throws {
        try await withSyncFixture { fixture throws in
            try await fixture.registerTreeSoups()
            let parent = try await fixture.createOnServer("Account", ["Name": "Vanished"])
            _ = try await fixture.manager.syncDown(target: try SyncFixture.accountsWithContacts(), soupName: SyncFixture.soup)
            _ = try await fixture.store.createLocally(
                ["LastName": "Newcomer", "AccountId": .string(parent)], objectType: "Contact", inSoup: SyncFixture.contacts)
            _ = try await fixture.server.send(fixture.server.requests.delete("Account", id: parent))
            let state = try await fixture.manager.syncUp(
                target: ParentChildrenSyncUpTarget(tree: SyncFixture.accountTree()), options: ParentChildrenSyncUpTests.options)
            #expect(state.isDoneWithoutFailures, "\(state.json.serialized())")
            let account = try #require(try await fixture.localRecords()["Vanished"]?["Id"]?.stringValue)
            #expect(account != parent)
            let child = try #require(try await fixture.records(in: SyncFixture.contacts, by: "LastName")["Newcomer"])
            #expect(child["AccountId"]?.stringValue == account && child[SyncField.local] == false)
            let childId = try #require(child["Id"]?.stringValue)
            #expect(try await fixture.serverRecord("Contact", id: childId)?["AccountId"]?.stringValue == account)
        }
    }
}
