import ForceKitTesting
import Foundation
import MobileSync
import SOQL
import SalesforceAuth
import SalesforceCore
import SalesforceREST
import SmartStore
import Testing

/// Sync down of related records (mobilesync.md §3.3.5, SD-19…21), and where ForceKit does better
/// than the SDK: child-only changes, paged children, a parents' cursor no child can push.
@Suite("Parent-children sync down")
struct ParentChildrenSyncDownTests {
    @Test("the filter picks the parents; their children come into their own soup, pointing to them, clean")
    func firstSync() async throws {
        try await withSyncFixture { fixture throws in
            try await fixture.registerTreeSoups()
            let alpha = try await fixture.createOnServer("Account", ["Name": "Alpha"])
            let beta = try await fixture.createOnServer("Account", ["Name": "Beta"])
            try await fixture.createOnServer("Contact", ["LastName": "C1", "AccountId": .string(alpha)])
            try await fixture.createOnServer("Contact", ["LastName": "C2", "AccountId": .string(alpha)])
            try await fixture.createOnServer("Contact", ["LastName": "C3", "AccountId": .string(beta)])
            try await fixture.createOnServer("Contact", ["LastName": "Loose"])
            let state = try await fixture.manager.syncDown(
                target: try SyncFixture.accountsWithContacts(filter: "Name LIKE 'A%'"), soupName: SyncFixture.soup)
            #expect(state.status == .done && state.recordsSynced == 3 && state.totalSize == 3)
            #expect(try await fixture.localRecords().keys.sorted() == ["Alpha"])
            let contacts = try await fixture.records(in: SyncFixture.contacts, by: "LastName")
            #expect(contacts.keys.sorted() == ["C1", "C2"])
            for contact in contacts.values {
                #expect(contact["AccountId"]?.stringValue == alpha)
                #expect(contact[SyncField.local] == false && contact[SyncField.syncId]?.integerValue == state.id)
            }
        }
    }

    @Test("under LEAVE_IF_CHANGED a tree with a local change is left whole, even its clean parent changed on the server")
    func dirtyTreeLeftAlone() async throws {
        try await withSyncFixture { fixture throws in
            try await fixture.registerTreeSoups()
            let alpha = try await fixture.createOnServer("Account", ["Name": "Alpha"])
            let c1 = try await fixture.createOnServer("Contact", ["LastName": "C1", "AccountId": .string(alpha)])
            let c2 = try await fixture.createOnServer("Contact", ["LastName": "C2", "AccountId": .string(alpha)])
            let other = try await fixture.createOnServer("Account", ["Name": "Another"])
            _ = try await fixture.manager.syncDown(
                target: try SyncFixture.accountsWithContacts(filter: "Name LIKE 'A%'"), options: .syncDown(.leaveIfChanged),
                soupName: SyncFixture.soup, name: "tree")
            let local = try await fixture.records(in: SyncFixture.contacts, by: "LastName")
            try await fixture.store.updateLocally(
                soupEntryId: try #require(local["C1"]?["_soupEntryId"]?.integerValue), inSoup: SyncFixture.contacts
            ) { $0["LastName"] = "C1 local" }
            fixture.org.clock.advance(by: 5)
            try await fixture.updateOnServer("Account", id: alpha, ["Name": "Alpha 2"])
            try await fixture.updateOnServer("Contact", id: c2, ["LastName": "C2 server"])
            try await fixture.updateOnServer("Contact", id: c1, ["LastName": "C1 server"])
            try await fixture.updateOnServer("Account", id: other, ["Name": "Another 2"])
            let state = try await fixture.manager.reSync(named: "tree")
            #expect(state.status == .done && state.recordsConflicted == 3 && state.recordsSynced == 1)
            let accounts = try await fixture.localRecords()
            #expect(accounts["Alpha"] != nil && accounts["Alpha 2"] == nil && accounts["Another 2"] != nil)
            let contacts = try await fixture.records(in: SyncFixture.contacts, by: "LastName")
            #expect(contacts.keys.sorted() == ["C1 local", "C2"])
        }
    }

    @Test("Better than the SDK (SD-21): a child changed on the server comes down on re-sync although its parent did not change")
    func childOnlyChange() async throws {
        try await withSyncFixture { fixture throws in
            try await fixture.registerTreeSoups()
            let alpha = try await fixture.createOnServer("Account", ["Name": "Alpha"])
            try await fixture.createOnServer("Contact", ["LastName": "C1", "AccountId": .string(alpha)])
            let c2 = try await fixture.createOnServer("Contact", ["LastName": "C2", "AccountId": .string(alpha)])
            _ = try await fixture.manager.syncDown(
                target: try SyncFixture.accountsWithContacts(filter: "Name LIKE 'A%'"), soupName: SyncFixture.soup, name: "tree")
            fixture.org.clock.advance(by: 5)
            try await fixture.updateOnServer("Contact", id: c2, ["LastName": "C2 changed"])
            let late = try await fixture.createOnServer("Contact", ["LastName": "C3", "AccountId": .string(alpha)])
            let state = try await fixture.manager.reSync(named: "tree")
            #expect(state.status == .done && state.recordsSynced == 2)
            let contacts = try await fixture.records(in: SyncFixture.contacts, by: "LastName")
            #expect(contacts.keys.sorted() == ["C1", "C2 changed", "C3"])
            #expect(contacts["C3"]?["Id"]?.stringValue == late)
        }
    }

    @Test("Better than the SDK: a child deleted on the server is removed on re-sync; ghosts of a parent that left the filter go")
    func childDeletesAndGhosts() async throws {
        try await withSyncFixture { fixture throws in
            try await fixture.registerTreeSoups()
            let alpha = try await fixture.createOnServer("Account", ["Name": "Alpha"])
            let c1 = try await fixture.createOnServer("Contact", ["LastName": "C1", "AccountId": .string(alpha)])
            let amber = try await fixture.createOnServer("Account", ["Name": "Amber"])
            try await fixture.createOnServer("Contact", ["LastName": "C2", "AccountId": .string(amber)])
            _ = try await fixture.manager.syncDown(
                target: try SyncFixture.accountsWithContacts(filter: "Name LIKE 'A%'"), soupName: SyncFixture.soup, name: "tree")
            fixture.org.clock.advance(by: 5)
            _ = try await fixture.server.send(fixture.server.requests.delete("Contact", id: c1))
            try await fixture.updateOnServer("Account", id: amber, ["Name": "Bronze"])
            _ = try await fixture.manager.reSync(named: "tree")
            #expect(try await fixture.records(in: SyncFixture.contacts, by: "LastName").keys.sorted() == ["C2"])
            let removed = try await fixture.manager.cleanResyncGhosts(named: "tree")
            #expect(removed == 2)
            #expect(try await fixture.localRecords().keys.sorted() == ["Alpha"])
            #expect(try await fixture.records(in: SyncFixture.contacts, by: "LastName").isEmpty)
        }
    }

    @Test("Any depth: Accounts, their Contacts and the Contacts' Cases, each in its soup, only under the parents the filter picks")
    func threeLevels() async throws {
        try await withSyncFixture { fixture throws in
            try await fixture.registerTreeSoups()
            let alpha = try await fixture.createOnServer("Account", ["Name": "Alpha"])
            let beta = try await fixture.createOnServer("Account", ["Name": "Beta"])
            let c1 = try await fixture.createOnServer("Contact", ["LastName": "C1", "AccountId": .string(alpha)])
            let c2 = try await fixture.createOnServer("Contact", ["LastName": "C2", "AccountId": .string(beta)])
            try await fixture.createOnServer("Case", ["Subject": "Under alpha", "ContactId": .string(c1)])
            try await fixture.createOnServer("Case", ["Subject": "Under beta", "ContactId": .string(c2)])
            try await fixture.createOnServer("Case", ["Subject": "Loose"])
            let target = try ParentChildrenSyncDownTarget(tree: SyncFixture.accountTree(cases: true), parentSoqlFilter: "Name = 'Alpha'")
            let state = try await fixture.manager.syncDown(target: target, soupName: SyncFixture.soup)
            #expect(state.status == .done && state.recordsSynced == 3)
            let cases = try await fixture.records(in: SyncFixture.cases, by: "Subject")
            #expect(cases.keys.sorted() == ["Under alpha"] && cases["Under alpha"]?["ContactId"]?.stringValue == c1)
            #expect(target.queries.map(\.path) == ["Account", "Account/Contact", "Account/Contact/Case"])
            #expect(target.queries[2].query.contains("WHERE Contact.AccountId != null AND Contact.Account.Name = 'Alpha' "))
        }
    }

    @Test("Better than the SDK: children are paged like any query, never assumed to fit in their parent's response")
    func childrenPaged() async throws {
        try await withSyncFixture { fixture throws in
            try await fixture.registerTreeSoups()
            let alpha = try await fixture.createOnServer("Account", ["Name": "Alpha"])
            let contacts = (0..<450).map { SObjectRecord("Contact", fields: ["LastName": .string("C\($0)"), "AccountId": .string(alpha)]) }
            for chunk in contacts.chunks(of: 200) { _ = try await fixture.server.send(fixture.server.requests.createRecords(chunk)) }
            let target = try SyncFixture.accountsWithContacts().withBatchSize(200)
            let state = try await fixture.manager.syncDown(target: target, soupName: SyncFixture.soup)
            #expect(state.status == .done && state.recordsSynced == 451)
            #expect(try await fixture.store.count(using: .buildAllQuerySpec(soupName: SyncFixture.contacts)) == 450)
            let pages = fixture.transport.requests.filter { $0.url.path.contains("/query") }.count
            #expect(pages == 4)
        }
    }

    @Test("Better than the SDK: the parents' cursor follows parents only, so a child's later stamp never skips parents after a failure")
    func parentsCursorNeverSkips() async throws {
        try await withSyncFixture { fixture throws in
            try await fixture.registerTreeSoups()
            let first = try await fixture.createAccounts((0..<200).map { "First \($0)" })
            fixture.org.clock.advance(by: 5)
            try await fixture.createAccounts((0..<200).map { "Second \($0)" })
            fixture.org.clock.advance(by: 5)
            // The newest stamp of all is a child's, under a parent of the first page.
            try await fixture.createOnServer("Contact", ["LastName": "Late", "AccountId": .string(first[0])])
            fixture.transport.failRequest(number: 2, toPathContaining: "/query")
            let target = try SyncFixture.accountsWithContacts().withBatchSize(200)
            let failed = try await fixture.manager.syncDown(target: target, soupName: SyncFixture.soup, name: "tree")
            #expect(failed.status == .failed)
            let firstStamp = try #require(try await fixture.serverRecord(first[0])?["LastModifiedDate"]?.stringValue)
            #expect(failed.maxTimeStamp == SOQLDateTime(parsing: firstStamp)?.millisecondsSinceEpoch)
            let again = try await fixture.manager.reSync(named: "tree")
            #expect(again.status == .done)
            #expect(try await fixture.localCount() == 400)
            #expect(try await fixture.records(in: SyncFixture.contacts, by: "LastName").keys.sorted() == ["Late"])
        }
    }

    @Test("both spellings of the type read as the tree target; the SDK's JSON reads back and is written again the same")
    func sdkJSON() throws {
        let sdk: JSON = try JSON(
            parsing: Data(
                #"""
                {"type": "parent_children",
                 "parent": {"sobjectType": "Account", "soupName": "AccountSoup", "idFieldName": "Id", "modificationDateFieldName": "LastModifiedDate"},
                 "parentFieldlist": ["Id", "Name", "Description"], "parentSoqlFilter": "Name LIKE 'A%'",
                 "children": {"sobjectType": "Contact", "sobjectTypePlural": "Contacts", "soupName": "ContactSoup",
                              "parentIdFieldName": "AccountId", "idFieldName": "Id", "modificationDateFieldName": "LastModifiedDate"},
                 "childrenFieldlist": ["LastName", "AccountId"], "relationshipType": "MASTER_DETAIL",
                 "idFieldName": "Id", "modificationDateFieldName": "LastModifiedDate"}
                """#.utf8))
        for type in ["parent_children", "parentChildren"] {
            guard case .object(var members) = sdk else { return }
            members["type"] = .string(type)
            let target = try #require(try SyncTargetRegistry.downTarget(from: .object(members)) as? ParentChildrenSyncDownTarget)
            #expect(target.tree.children.first?.objectType == "Contact" && target.tree.children.first?.relationshipType == .masterDetail)
            #expect(target.tree.children.first?.fieldlist == ["LastName", "AccountId"] && target.parentSoqlFilter == "Name LIKE 'A%'")
            let again = try ParentChildrenSyncDownTarget(json: target.json)
            #expect(
                again == target && target.json["type"] == "parentChildren" && target.json["childrenFieldlist"] == ["LastName", "AccountId"])
        }
        let up = try ParentChildrenSyncUpTarget(
            json: [
                "iOSImpl": "SFParentChildrenSyncUpTarget", "type": "rest",
                "parent": ["sobjectType": "Account", "soupName": "AccountSoup"], "createFieldlist": ["Name"], "updateFieldlist": ["Name"],
                "children": ["sobjectType": "Contact", "soupName": "ContactSoup", "parentIdFieldName": "AccountId"],
                "childrenCreateFieldlist": ["LastName"], "childrenUpdateFieldlist": ["LastName"], "relationshipType": "LOOKUP",
            ])
        #expect(up.tree.createFieldlist == ["Name"] && up.tree.children.first?.createFieldlist == ["LastName"])
        #expect(try ParentChildrenSyncUpTarget(json: up.json) == up)
        #expect(throws: SyncError.self) { try ParentChildrenSyncDownTarget(json: ["type": "parentChildren"]) }
        #expect(throws: SyncError.self) {
            try ParentChildrenSyncDownTarget(tree: SyncFixture.accountTree(), parentSoqlFilter: "Id IN (SELECT AccountId FROM Contact)")
        }
    }
}

/// The children's conditions written from the parents' filter (property-style, over filter shapes).
@Suite("Relationship filters")
struct RelationshipFilterTests {
    @Test(
        "every kind of condition is followed from the children, and each object's query (first run and re-runs) is SOQL",
        arguments: [
            "Name LIKE 'A%'", "NOT Name = 'x'", "NOT (Name = 'x' OR Industry = null)", "Industry IN ('Energy', 'O\\'Brien')",
            "Industry NOT IN ('a')", "CreatedDate = LAST_N_DAYS:30", "CreatedDate > 2024-05-01T10:00:00Z", "AnnualRevenue >= 1000000.50",
            "IsDeleted = false AND (Rating != null OR Name LIKE '%\\_%')", "CloseDate < 2024-01-01", "Name = 'back\\\\slash'",
        ])
    func filters(_ filter: String) throws {
        let target = try ParentChildrenSyncDownTarget(tree: SyncFixture.accountTree(cases: true), parentSoqlFilter: filter)
        for (path, query) in target.queries {
            let level = try SoqlSyncDownTarget(query: query)
            for cursor in [nil, SyncCursor(stamp: 1_556_704_800_000, id: "003'x")] {
                #expect(throws: Never.self, "\(path): \(level.query(after: cursor))") { try SOQLQuery(parsing: level.query(after: cursor)) }
            }
        }
        #expect(try ParentChildrenSyncDownTarget(json: target.json) == target)
    }
}
