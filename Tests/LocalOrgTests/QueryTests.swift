import ForceKitTestSupport
import ForceKitTesting
import Foundation
import LocalOrg
import LocalOrgEngine
import SOQL
import SalesforceAuth
import SalesforceCore
import Testing

@Suite("LocalOrg SOQL engine")
struct QueryTests {
    let version = "v62.0"

    private func ids(_ result: QueryResult) -> [String] {
        result.records.compactMap { $0["Id"]?.stringValue }
    }

    @Test("query and nextRecordsUrl page through every record once, batchSize honoured")
    func paging() async throws {
        try await withTestOrg { org throws in
            let token = try await org.passwordToken()
            let total = SeedDataCount.accounts
            var url = "\(org.dataPath)/query?q=SELECT+Id+FROM+Account+ORDER+BY+Name,Id"
            var seen: [String] = []
            var pages = 0
            while true {
                let page = try await org.send("GET", url, token: token, headers: ["Sforce-Query-Options": "batchSize=200"])
                #expect(page.status == 200)
                #expect(page.json["totalSize"] == .integer(Int64(total)))
                seen += page.json["records"]?.arrayValue?.compactMap { $0["Id"]?.stringValue } ?? []
                pages += 1
                guard page.json["done"] == false, let next = page.json["nextRecordsUrl"]?.stringValue else {
                    #expect(page.json["nextRecordsUrl"] == nil)
                    break
                }
                #expect(next.hasPrefix("\(org.dataPath)/query/01g"))
                url = next
            }
            #expect(pages == 2)
            #expect(seen.count == total)
            #expect(Set(seen).count == total)
            let single = try await org.send("GET", "\(org.dataPath)/query?q=SELECT+Id+FROM+Account", token: token)
            #expect(single.json["done"] == true)
            #expect(single.json["records"]?.arrayValue?.count == total)
            let bad = try await org.send("GET", "\(org.dataPath)/query/01gLo0000000999AAA-200", token: token)
            #expect(bad.json[0]?["errorCode"] == "INVALID_QUERY_LOCATOR")
        }
    }

    @Test("pages are the result as it was: writes between pages neither repeat nor skip a record")
    func pagingIsASnapshot() async throws {
        try await withTestOrg { org throws in
            let token = try await org.passwordToken()
            let soql = "SELECT+Id,+Name+FROM+Account+WHERE+Name+!=+null+ORDER+BY+Name,Id+LIMIT+290+OFFSET+5"
            let first = try await org.send(
                "GET", "\(org.dataPath)/query?q=\(soql)", token: token, headers: ["Sforce-Query-Options": "batchSize=200"])
            let firstIDs = first.json["records"]?.arrayValue?.compactMap { $0["Id"]?.stringValue } ?? []
            #expect(firstIDs.count == 200)
            let next = try #require(first.json["nextRecordsUrl"]?.stringValue)
            // Between the pages: 50 new accounts that sort before every other (an OFFSET would
            // repeat 50 of page one), one of the second page's accounts renamed to sort first,
            // and one deleted.
            for index in 0..<50 {
                let created = try await org.send(
                    "POST", "\(org.dataPath)/sobjects/Account", token: token, json: ["Name": .string("!New \(index)")])
                #expect(created.status == 201)
            }
            let second = try await org.send("GET", next, token: token)
            #expect(second.status == 200)
            #expect(second.json["totalSize"] == 290)
            #expect(second.json["done"] == true)
            let secondIDs = second.json["records"]?.arrayValue?.compactMap { $0["Id"]?.stringValue } ?? []
            #expect(secondIDs.count == 90)
            #expect(Set(firstIDs).isDisjoint(with: secondIDs))
        }
    }

    @Test("a record changed or deleted between pages: renamed, it stays in its place; deleted, it is left out")
    func pagingSnapshotChanges() async throws {
        try await withTestOrg { org throws in
            let token = try await org.passwordToken()
            let path = "\(org.dataPath)/query?q=SELECT+Id,+Name+FROM+Account+ORDER+BY+Name,Id"
            let first = try await org.send("GET", path, token: token, headers: ["Sforce-Query-Options": "batchSize=200"])
            let firstIDs = first.json["records"]?.arrayValue?.compactMap { $0["Id"]?.stringValue } ?? []
            let next = try #require(first.json["nextRecordsUrl"]?.stringValue)
            let reference = try await org.send("GET", path, token: token)
            let everyID = reference.json["records"]?.arrayValue?.compactMap { $0["Id"]?.stringValue } ?? []
            let rest = Array(everyID.dropFirst(200))
            #expect(rest.count == SeedDataCount.accounts - 200)
            let renamed = rest[10]
            let deleted = rest[20]
            let patch = try await org.send(
                "PATCH", "\(org.dataPath)/sobjects/Account/\(renamed)", token: token, json: ["Name": "!Renamed"])
            #expect(patch.status == 204)
            let delete = try await org.send("DELETE", "\(org.dataPath)/sobjects/Account/\(deleted)", token: token)
            #expect(delete.status == 204)
            let second = try await org.send("GET", next, token: token)
            let records = second.json["records"]?.arrayValue ?? []
            #expect(records.compactMap { $0["Id"]?.stringValue } == rest.filter { $0 != deleted })
            #expect(records.first { $0["Id"]?.stringValue == renamed }?["Name"] == "!Renamed")
            #expect(Set(firstIDs).isDisjoint(with: records.compactMap { $0["Id"]?.stringValue }))
        }
    }

    @Test("parent relationship fields nest, and child subqueries return each parent's children")
    func relationships() async throws {
        try await withTestOrg { org throws in
            let store = org.server.store
            let contacts = try await store.query(
                "SELECT Name, Account.Name, Account.Owner.Name FROM Contact WHERE Account.Name LIKE 'Acme%' ORDER BY Name LIMIT 5")
            #expect(!contacts.records.isEmpty)
            for contact in contacts.records {
                guard case .record(let account) = contact["Account"] else {
                    Issue.record("Account should be a nested record: \(contact)")
                    continue
                }
                #expect(account.type == "Account")
                #expect(account["Name"]?.stringValue?.hasPrefix("Acme") == true)
                guard case .record(let owner) = account["Owner"] else {
                    Issue.record("Owner should be nested in Account")
                    continue
                }
                #expect(owner["Name"]?.stringValue != nil)
            }
            let accounts = try await store.query(
                "SELECT Name, (SELECT LastName FROM Contacts ORDER BY LastName) FROM Account ORDER BY Name LIMIT 20")
            for account in accounts.records {
                let id = try #require(account.path?.split(separator: "/").last.map(String.init))
                let count = try await store.query("SELECT COUNT() FROM Contact WHERE AccountId = '\(id)'").totalSize
                guard case .children(let children) = account["Contacts"] else {
                    #expect(count == 0)
                    #expect(account["Contacts"] == .null)
                    continue
                }
                #expect(children.totalSize == count)
                let names = children.records.compactMap { $0["LastName"]?.stringValue }
                #expect(names == names.sorted { $0.lowercased() < $1.lowercased() })
            }
            // LIMIT applies per parent: every account with contacts gets exactly one, and some have them.
            let limited = try await store.query("SELECT Id, (SELECT Id FROM Contacts LIMIT 1) FROM Account")
            var withContacts = 0
            for account in limited.records {
                guard case .children(let children) = account["Contacts"] else { continue }
                #expect(children.records.count == 1)
                withContacts += 1
            }
            let parents = try await store.query("SELECT COUNT_DISTINCT(AccountId) FROM Contact")
            #expect(withContacts > 0)
            #expect(parents.records.first?["expr0"] == .integer(Int64(withContacts)))
        }
    }

    /// Known accounts for comparing the engine against a reference evaluation.
    private struct Row {
        var name: String
        var employees: Int64?
        var revenue: Double?
        var industry: String?
    }

    private let rows: [Row] = [
        Row(name: "Alpha", employees: 10, revenue: 1000.5, industry: "Energy"),
        Row(name: "beta", employees: 250, revenue: nil, industry: "Banking"),
        Row(name: "Gamma", employees: nil, revenue: 50_000, industry: nil),
        Row(name: "Delta", employees: 99, revenue: 12.25, industry: "energy"),
        Row(name: "Epsilon 100%", employees: 5_000, revenue: 7, industry: "Retail"),
        Row(name: "zeta_under", employees: 0, revenue: 0, industry: "Banking"),
    ]

    @Test("random WHERE conditions select exactly what SOQL's rules say (null is a value, text compares without case)")
    func conditionsAgainstReference() async throws {
        try await withTestOrg(seed: false) { org throws in
            let store = org.server.store
            let admin = try #require(try await store.query("SELECT Id FROM User").records.first?["Id"]?.stringValue)
            var idsByName: [String: String] = [:]
            for row in rows {
                var fields: [String: JSON] = ["Name": .string(row.name)]
                fields["NumberOfEmployees"] = row.employees.map(JSON.integer)
                fields["AnnualRevenue"] = row.revenue.map(JSON.double)
                fields["Industry"] = row.industry.map(JSON.string)
                idsByName[row.name] = try await store.create("Account", fields: .object(fields), as: admin)
            }
            typealias Atom = (soql: String, holds: (Row) -> Bool)
            let atoms: [Atom] = [
                ("Industry = 'energy'", { $0.industry?.lowercased() == "energy" }),
                ("Industry != 'Banking'", { $0.industry?.lowercased() != "banking" }),
                ("Industry = null", { $0.industry == nil }),
                ("Industry != null", { $0.industry != nil }),
                ("NumberOfEmployees > 50", { ($0.employees ?? Int64.min) > 50 }),
                ("NumberOfEmployees <= 99", { $0.employees.map { $0 <= 99 } ?? false }),
                ("NumberOfEmployees != 0", { $0.employees != 0 }),
                ("AnnualRevenue >= 12.25", { $0.revenue.map { $0 >= 12.25 } ?? false }),
                ("AnnualRevenue < 100", { $0.revenue.map { $0 < 100 } ?? false }),
                ("Name LIKE 'a%'", { $0.name.lowercased().hasPrefix("a") }),
                ("Name LIKE '%100\\%'", { $0.name.hasSuffix("100%") }),
                ("Name LIKE '%\\_%'", { $0.name.contains("_") }),
                ("Name LIKE '_eta%'", { $0.name.dropFirst().lowercased().hasPrefix("eta") }),
                ("Industry IN ('Retail', 'BANKING')", { ["retail", "banking"].contains($0.industry?.lowercased() ?? "") }),
                ("Industry NOT IN ('Retail')", { $0.industry?.lowercased() != "retail" }),
                ("Name = 'ALPHA'", { $0.name.lowercased() == "alpha" }),
            ]
            var generator = SeededGenerator(seed: 0x5091)
            func condition(depth: Int) -> Atom {
                let choice = depth > 1 ? 0 : Int.random(in: 0...3, using: &generator)
                switch choice {
                case 1, 2:
                    let parts = (0..<Int.random(in: 2...3, using: &generator)).map { _ in condition(depth: depth + 1) }
                    let isAnd = choice == 1
                    return (
                        "(" + parts.map(\.soql).joined(separator: isAnd ? " AND " : " OR ") + ")",
                        { row in isAnd ? parts.allSatisfy { $0.holds(row) } : parts.contains { $0.holds(row) } }
                    )
                case 3:
                    let inner = condition(depth: depth + 1)
                    return ("NOT " + inner.soql, { !inner.holds($0) })
                default:
                    return atoms.randomElement(using: &generator)!
                }
            }
            for _ in 0..<150 {
                let chosen = condition(depth: 0)
                let result = try await store.query("SELECT Id FROM Account WHERE \(chosen.soql)")
                let expected = Set(rows.filter(chosen.holds).compactMap { idsByName[$0.name] })
                #expect(Set(ids(result)) == expected, "\(chosen.soql)")
            }
            let fifteen = try #require(idsByName["Alpha"]).prefix(15)
            #expect(
                try await store.query("SELECT Name FROM Account WHERE Id = '\(fifteen)'").records.first?["Name"]
                    == .string("Alpha"))
        }
    }

    @Test("ORDER BY with NULLS FIRST/LAST, LIMIT and OFFSET, COUNT and GROUP BY")
    func orderingAndAggregates() async throws {
        try await withTestOrg(seed: false) { org throws in
            let store = org.server.store
            let admin = try #require(try await store.query("SELECT Id FROM User").records.first?["Id"]?.stringValue)
            for row in rows {
                var fields: [String: JSON] = ["Name": .string(row.name)]
                fields["NumberOfEmployees"] = row.employees.map(JSON.integer)
                fields["Industry"] = row.industry.map(JSON.string)
                _ = try await store.create("Account", fields: .object(fields), as: admin)
            }
            func names(_ soql: String) async throws -> [String] {
                try await store.query(soql).records.compactMap { $0["Name"]?.stringValue }
            }
            #expect(
                try await names("SELECT Name FROM Account ORDER BY Name") == [
                    "Alpha", "beta", "Delta", "Epsilon 100%", "Gamma", "zeta_under",
                ])
            #expect(
                try await names("SELECT Name FROM Account ORDER BY NumberOfEmployees DESC NULLS LAST LIMIT 2") == ["Epsilon 100%", "beta"])
            #expect(try await names("SELECT Name FROM Account ORDER BY NumberOfEmployees NULLS LAST, Name").last == "Gamma")
            #expect(try await names("SELECT Name FROM Account ORDER BY NumberOfEmployees").first == "Gamma")
            #expect(try await names("SELECT Name FROM Account ORDER BY Name LIMIT 2 OFFSET 3") == ["Epsilon 100%", "Gamma"])
            let counted = try await store.query("SELECT COUNT() FROM Account WHERE Industry != null")
            #expect(counted.totalSize == 5)
            #expect(counted.records.isEmpty)
            let grouped = try await store.query(
                """
                SELECT Industry, COUNT(Id) total, MAX(NumberOfEmployees), COUNT(NumberOfEmployees) FROM Account
                WHERE Industry != null GROUP BY Industry HAVING COUNT(Id) > 1 ORDER BY Industry
                """)
            #expect(grouped.totalSize == 2)
            #expect(grouped.records.map(\.type) == ["AggregateResult", "AggregateResult"])
            let banking = try #require(grouped.records.first)
            #expect(banking["Industry"] == .string("Banking"))
            #expect(banking["total"] == .integer(2))
            #expect(banking["expr0"] == .integer(250))
            #expect(banking["expr1"] == .integer(2))
            #expect(banking.path == nil)
            let overall = try await store.query("SELECT COUNT(Id), SUM(NumberOfEmployees) FROM Account")
            #expect(overall.totalSize == 1)
            #expect(overall.records.count == 1)
            #expect(overall.records.first?["expr0"] == .integer(6))
            #expect(overall.records.first?["expr1"] == .integer(5359))
        }
    }

    @Test("date fields compare with date literals and relative ranges; date-times with TODAY")
    func dates() async throws {
        try await withTestOrg(seed: false) { org throws in
            let store = org.server.store
            let admin = try #require(try await store.query("SELECT Id FROM User").records.first?["Id"]?.stringValue)
            let today = SOQLDateTime(millisecondsSinceEpoch: Int64(org.clock.now.timeIntervalSince1970 * 1000)).date
            let offsets = [0, -1, -6, -40, 3, 400]
            for offset in offsets {
                _ = try await store.create(
                    "Opportunity",
                    fields: [
                        "Name": .string("Due \(offset)"), "StageName": "Prospecting",
                        "CloseDate": .string(today.adding(days: offset).description),
                    ], as: admin)
            }
            func due(_ condition: String) async throws -> Set<String> {
                Set(
                    try await store.query("SELECT Name FROM Opportunity WHERE \(condition)").records.compactMap {
                        $0["Name"]?.stringValue
                    })
            }
            #expect(try await due("CloseDate = TODAY") == ["Due 0"])
            #expect(try await due("CloseDate = YESTERDAY") == ["Due -1"])
            #expect(try await due("CloseDate = LAST_N_DAYS:7") == ["Due 0", "Due -1", "Due -6"])
            #expect(try await due("CloseDate > TODAY") == ["Due 3", "Due 400"])
            #expect(try await due("CloseDate < LAST_N_DAYS:30") == ["Due -40"])
            #expect(try await due("CloseDate = NEXT_N_DAYS:5") == ["Due 3"])
            #expect(try await due("CloseDate >= \(today.adding(days: 3))") == ["Due 3", "Due 400"])
            #expect(try await due("CreatedDate = TODAY").count == offsets.count)
            #expect(try await due("CreatedDate > \(SOQLDateTime(startOf: today.adding(days: 1)))").isEmpty)
        }
    }

    @Test(
        "query errors: MALFORMED_QUERY with the caret, INVALID_FIELD, INVALID_TYPE, filter types",
        arguments: [
            (
                "SELECT Id FORM Account", "MALFORMED_QUERY",
                "\nSELECT Id FORM Account\n               ^\nERROR at Row:1:Column:16\nunexpected token: Account"
            ),
            (
                "SELECT Nope FROM Account", "INVALID_FIELD",
                "\nSELECT Nope FROM Account\n       ^\nERROR at Row:1:Column:8\nNo such column 'Nope' on entity 'Account'. If you are attempting to use a custom field, be sure to append the '__c' after the custom field name. Please reference your WSDL or the describe call for the appropriate names."
            ),
            (
                "SELECT Id FROM Acount", "INVALID_TYPE",
                "\nSELECT Id FROM Acount\n               ^\nERROR at Row:1:Column:16\nsObject type 'Acount' is not supported. If you are attempting to use a custom object, be sure to append the '__c' after the entity name. Please reference your WSDL or the describe call for the appropriate names."
            ),
            ("SELECT Id FROM Contact WHERE Acount.Name = 'x'", "INVALID_FIELD", nil),
            ("SELECT Id FROM Account WHERE NumberOfEmployees = 'ten'", "INVALID_QUERY_FILTER_OPERATOR", nil),
            ("SELECT Id FROM Account WHERE Name = 5", "INVALID_QUERY_FILTER_OPERATOR", nil),
            ("SELECT Id FROM Account WHERE CreatedDate = 2024-01-01", "INVALID_QUERY_FILTER_OPERATOR", nil),
            ("SELECT Id FROM Account WHERE Id = 'abc'", "INVALID_QUERY_FILTER_OPERATOR", nil),
            ("SELECT Name, COUNT(Id) FROM Account GROUP BY Industry", "MALFORMED_QUERY", nil),
            ("SELECT Id, (SELECT Id FROM Nope) FROM Account", "INVALID_TYPE", nil),
        ] as [(String, String, String?)])
    func errors(soql: String, code: String, message: String?) async throws {
        try await withTestOrg(seed: false) { org throws in
            await #expect {
                _ = try await org.server.store.query(soql)
            } throws: { error in
                guard let error = error as? APIError else { return false }
                return error.status == 400 && error.errorCode == code && (message == nil || error.message == message)
            }
        }
    }

    @Test("random statements over the seeded org never crash and answer a result or a Salesforce error")
    func fuzz() async throws {
        try await withTestOrg { org throws in
            let store = org.server.store
            var generator = SeededGenerator(seed: 0xF022)
            let fields = [
                "Id", "Name", "Industry", "AnnualRevenue", "Owner.Name", "CreatedDate", "Nope", "Parent.Name", "NumberOfEmployees",
            ]
            let conditions = [
                "Name LIKE 'A%'", "AnnualRevenue > 1000000", "Industry IN ('Energy','Banking')", "CreatedDate = THIS_YEAR",
                "Owner.Alias != null", "NOT (Industry = 'Energy')", "Id IN (SELECT AccountId FROM Contact)", "Name = 5", "Rating = 'Hot'",
            ]
            for _ in 0..<200 {
                let selected = (0..<Int.random(in: 1...4, using: &generator)).map { _ in fields.randomElement(using: &generator)! }
                let condition = conditions.randomElement(using: &generator)!
                let order = Bool.random(using: &generator) ? " ORDER BY \(fields.randomElement(using: &generator)!) DESC NULLS LAST" : ""
                let soql =
                    "SELECT \(selected.joined(separator: ", ")) FROM Account WHERE \(condition)\(order) LIMIT \(Int.random(in: 0...50, using: &generator))"
                do {
                    let result = try await store.query(soql)
                    #expect(result.records.count <= 50)
                } catch {
                    #expect(
                        ["INVALID_FIELD", "INVALID_QUERY_FILTER_OPERATOR", "MALFORMED_QUERY"].contains(
                            (error as? APIError)?.errorCode ?? ""),
                        "\(soql): \(error)")
                }
            }
            #expect(try await store.query("SELECT COUNT() FROM Account").totalSize == SeedDataCount.accounts)
        }
    }
}

enum SeedDataCount {
    static let accounts = 300
}
