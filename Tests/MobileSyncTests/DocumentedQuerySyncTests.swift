import ForceKitTestSupport
import ForceKitTesting
import Foundation
import LocalOrg
import MobileSync
import SalesforceCore
import SalesforceREST
import SmartStore
import Testing

/// A sync down takes any query of records the SOQL reference documents: it rewrites only the
/// SELECT's id and stamp fields, the ORDER BY and, on re-runs, a condition beside the user's,
/// and keeps every other clause where the grammar puts it.
@Suite("Sync down with every documented form of SOQL")
struct DocumentedQuerySyncTests {
    /// One query of records for each form of the reference a sync can run, over LocalOrg's objects.
    static let queries = [
        "SELECT Id, Name FROM Account WITH SECURITY_ENFORCED",
        "SELECT Name FROM Account USING SCOPE mine",
        "SELECT FIELDS(STANDARD) FROM Account",
        "SELECT FIELDS(ALL) FROM Account LIMIT 200",
        "SELECT Name, toLabel(Industry), toLabel(Markets__c) FROM Account",
        "SELECT Name, FORMAT(AnnualRevenue) revenue, convertCurrency(AnnualRevenue) converted FROM Account",
        "SELECT Subject, TYPEOF What WHEN Account THEN Name, Industry WHEN Opportunity THEN Amount ELSE Name END FROM Task",
        "SELECT Subject, What.Name, What.Type FROM Task WHERE What.Type IN ('Account', 'Opportunity')",
        "SELECT Name FROM Account WHERE CALENDAR_YEAR(CreatedDate) >= 2000",
        "SELECT Name FROM Account WHERE DAY_ONLY(CreatedDate) <= TODAY",
        "SELECT Name FROM Account WHERE CreatedDate = LAST_N_DAYS:30 AND CreatedDate < 2099-01-01T00:00:00+01:00",
        "SELECT Name FROM Account FOR VIEW",
        "SELECT Name FROM Account FOR REFERENCE",
        "SELECT Name, BillingAddress FROM Account WHERE DISTANCE(BillingAddress, GEOLOCATION(37.775, -122.418), 'mi') < 100",
        "SELECT Name FROM Account WHERE Markets__c INCLUDES ('AMER;EMEA', 'APAC') OR Markets__c EXCLUDES ('LATAM')",
        "SELECT Name FROM Account WHERE AnnualRevenue > USD1000",
        "SELECT c.LastName, a.Name FROM Contact c, c.Account a WHERE a.Name LIKE 'Ac%'",
        "SELECT Name, (SELECT LastName FROM Contacts ORDER BY LastName) FROM Account WHERE Id IN (SELECT AccountId FROM Contact)",
        "SELECT Name FROM Account WHERE Id NOT IN (SELECT WhatId FROM Task WHERE Subject = 'nothing') AND (Name = 'Acme' OR Name = 'Globex')",
        "SELECT Name FROM Account WHERE Name = 'It\\'s \"quoted\"' OR Name != null ORDER BY LastModifiedDate",
    ]

    private func seed(_ fixture: SyncFixture) async throws {
        let acme = try await fixture.createOnServer(
            "Account",
            [
                "Name": "Acme", "Industry": "Energy", "AnnualRevenue": 1_500_000, "BillingCity": "San Francisco", "BillingLatitude": 37.79,
                "BillingLongitude": -122.40, "Markets__c": "AMER;EMEA",
            ])
        let globex = try await fixture.createOnServer("Account", ["Name": "Globex", "Industry": "Banking", "Markets__c": "APAC"])
        try await fixture.createOnServer("Account", ["Name": "It's \"quoted\""])
        try await fixture.createOnServer("Contact", ["LastName": "Lee", "AccountId": .string(acme)])
        try await fixture.createOnServer("Contact", ["LastName": "Kay", "AccountId": .string(globex)])
        let opportunity = try await fixture.createOnServer(
            "Opportunity",
            ["Name": "Big deal", "CloseDate": "2024-02-15", "StageName": "Prospecting", "Amount": 100, "AccountId": .string(acme)])
        try await fixture.createOnServer("Task", ["Subject": "Call", "WhatId": .string(acme)])
        try await fixture.createOnServer("Task", ["Subject": "Close", "WhatId": .string(opportunity)])
    }

    @Test("each form syncs down to DONE with the records the query returns, re-syncs, and cleans ghosts", arguments: queries.indices)
    func syncEachForm(_ index: Int) async throws {
        let query = Self.queries[index]
        try await withSyncFixture { fixture throws in
            try await seed(fixture)
            let soup = "form\(index)"
            try await fixture.store.registerSoup(
                soup, indexSpecs: [IndexSpec(path: "Id", type: .string), IndexSpec(path: SyncField.local, type: .string)])
            let target = try SoqlSyncDownTarget(query: query)
            let state = try await fixture.manager.syncDown(target: target, soupName: soup, name: soup)
            #expect(state.status == .done, "\(query): \(state.error)")
            let expected = try await fixture.server.send(fixture.server.requests.query(query)).json?["totalSize"]?.integerValue
            let stored = try await fixture.store.count(using: .buildAllQuerySpec(soupName: soup))
            #expect(expected.map { Int($0) } == stored, "\(query)")
            #expect(stored > 0, "\(query) should find records in the seeded org")
            try await fixture.createOnServer("Account", ["Name": "Acme later", "Markets__c": "AMER;EMEA", "AnnualRevenue": 5000])
            let again = try await fixture.manager.reSync(named: soup)
            #expect(again.status == .done, "\(query): \(again.error)")
            let removed = try await fixture.manager.cleanResyncGhosts(named: soup)
            #expect(removed == 0, "\(query)")
        }
    }

    @Test("a query that is not of records is refused when the sync is set up, the error naming the clause")
    func notRecords() throws {
        let refusals = [
            ("SELECT COUNT() FROM Account", "COUNT()"),
            ("SELECT Industry, COUNT(Id) FROM Account GROUP BY Industry", "COUNT(Id)"),
            ("SELECT Industry FROM Account GROUP BY ROLLUP(Industry)", "GROUP BY ROLLUP(Industry)"),
            ("SELECT CALENDAR_YEAR(CreatedDate) FROM Account GROUP BY CALENDAR_YEAR(CreatedDate)", "GROUP BY CALENDAR_YEAR(CreatedDate)"),
            ("SELECT FORMAT(MAX(AnnualRevenue)) FROM Account", "FORMAT(MAX(AnnualRevenue))"),
        ]
        for (query, clause) in refusals {
            do {
                _ = try SoqlSyncDownTarget(query: query)
                Issue.record("\(query) was accepted")
            } catch {
                #expect(error.description.contains(clause), "\(query): \(error)")
            }
        }
        let malformed = try #require(throws: SyncError.self) { try SoqlSyncDownTarget(query: "SELECT Name FROM Account WHERE Name = Acme") }
        #expect(malformed.description.contains("ERROR at Row:1:Column:39") && malformed.description.contains("unexpected token: Acme"))
    }

    @Test("the stored query keeps every clause where the grammar puts it; the re-run's condition sits beside the user's")
    func clausesKept() throws {
        let target = try SoqlSyncDownTarget(
            query:
                "SELECT Name FROM Account USING SCOPE mine WHERE Industry = 'Energy' OR Name LIKE 'A%' WITH SECURITY_ENFORCED LIMIT 50 FOR VIEW"
        )
        #expect(
            target.query
                == "SELECT Id, LastModifiedDate, Name FROM Account USING SCOPE mine WHERE Industry = 'Energy' OR Name LIKE 'A%' "
                + "WITH SECURITY_ENFORCED ORDER BY LastModifiedDate, Id LIMIT 50 FOR VIEW")
        let rerun = target.query(after: SyncCursor(stamp: 0, id: "001Lo000000000eIAA"))
        #expect(
            rerun
                == "SELECT Id, LastModifiedDate, Name, IsDeleted FROM Account USING SCOPE mine WHERE (Industry = 'Energy' OR Name LIKE 'A%') "
                + "AND (LastModifiedDate > 1970-01-01T00:00:00.000+0000 OR (LastModifiedDate = 1970-01-01T00:00:00.000+0000 "
                + "AND Id > '001Lo000000000eIAA')) WITH SECURITY_ENFORCED ORDER BY LastModifiedDate, Id LIMIT 50 FOR VIEW")
        // FIELDS(STANDARD) already has the id, the stamp and IsDeleted: adding them again would be
        // Salesforce's "duplicate field selected".
        let standard = try SoqlSyncDownTarget(query: "SELECT FIELDS(STANDARD) FROM Account")
        #expect(standard.query == "SELECT FIELDS(STANDARD) FROM Account ORDER BY LastModifiedDate, Id")
        #expect(standard.query(after: SyncCursor(stamp: 0, id: nil)).hasPrefix("SELECT FIELDS(STANDARD) FROM Account WHERE"))
    }

    @Test("Better than upstream (Android PR#1040): the id is added when another selected field merely contains \"Id\"")
    func idAddedBesideAccountId() throws {
        // Upstream checks the query's text for "Id": AccountId counts, Id is never added, and the
        // sync stores records it cannot identify.
        let target = try SoqlSyncDownTarget(query: "SELECT AccountId, LastName FROM Contact WHERE Title = 'Id'")
        #expect(target.query.hasPrefix("SELECT Id, LastModifiedDate, AccountId, LastName FROM Contact"))
    }

    @Test("Better than upstream (iOS#2875, iOS#3261): keywords inside strings, names and paths are never taken for clauses")
    func keywordsInStringsAndNames() throws {
        // Upstream's text mutator found `order by` and `group by` in places they were not clauses,
        // and sent `order_by …` or a truncated clause: MALFORMED_QUERY on every run.
        let tricky =
            "SELECT Order__c, What.Type FROM Task WHERE Subject = 'group by x order by y limit 5' AND (What.Type = 'Account' OR Status = 'from')"
        let target = try SoqlSyncDownTarget(query: tricky)
        #expect(
            target.query
                == "SELECT Id, LastModifiedDate, Order__c, What.Type FROM Task WHERE Subject = 'group by x order by y limit 5' "
                + "AND (What.Type = 'Account' OR Status = 'from') ORDER BY LastModifiedDate, Id")
    }

    @Test("Better than upstream (Android#1787): ghosts are cleaned for a query whose filter has a subquery")
    func ghostsWithSubquery() async throws {
        // Upstream builds the id query by splitting the text at " from ", which cuts a semi-join in two.
        try await withSyncFixture { fixture throws in
            try await seed(fixture)
            let target = try SoqlSyncDownTarget(
                query: "SELECT Name FROM Account WHERE Id IN (SELECT AccountId FROM Contact WHERE LastName != null)")
            let state = try await fixture.manager.syncDown(target: target, soupName: SyncFixture.soup, name: "semi")
            #expect(state.status == .done && state.recordsSynced == 2)
            let acme = try #require(try await fixture.localRecords()["Acme"]?["Id"]?.stringValue)
            _ = try await fixture.server.send(fixture.server.requests.delete("Account", id: acme))
            #expect(try await fixture.manager.cleanResyncGhosts(named: "semi") == 1)
            #expect(try await fixture.localRecords().keys.sorted() == ["Globex"])
        }
    }

    @Test("Better than upstream (iOS#2066): a date-time with an offset reaches the server intact")
    func dateTimeWithOffset() async throws {
        // Upstream left the `+` of `+0000` unencoded in the URL, which the server reads as a space.
        try await withSyncFixture { fixture throws in
            try await fixture.createAccounts(["Acme"])
            let soql =
                "SELECT Name FROM Account WHERE CreatedDate > 2000-01-01T00:00:00.000+0000 AND CreatedDate < 2999-01-01T00:00:00+01:00"
            let reply = try await fixture.server.send(fixture.server.requests.query(soql))
            #expect(reply.json?["totalSize"] == 1)
        }
    }
}
