import ForceKitTestSupport
import ForceKitTesting
import Foundation
import LocalOrg
import LocalOrgEngine
import SOQL
import SalesforceAuth
import SalesforceCore
import Testing

/// LocalOrg answers every form of the SOQL reference as Salesforce does: the record shapes
/// (aggregate names, compound fields, TYPEOF's records, labels, formatted values), and the
/// errors Salesforce gives where an org lacks what a form needs.
@Suite("LocalOrg answers every documented SOQL form")
struct DocumentedFormsTests {
    let version = "v62.0"

    /// A small org: three accounts (two owned by the admin, one by another user), contacts,
    /// opportunities with known close dates, and activities on several types of record.
    struct Org {
        let store: OrgStore
        let admin: String
        let other: String
        let acme: String
        let globex: String
        let initech: String
        let contact: String
        let opportunities: [String]
        let campaign: String
    }

    private func withFormsOrg(_ body: (Org) async throws -> Void) async throws {
        try await withTestOrg(seed: false) { org throws in
            let store = org.server.store
            let admin = try #require(try await store.query("SELECT Id FROM User").records.first?["Id"]?.stringValue)
            let other = try await store.create(
                "User", fields: ["Username": "other@forms.test", "LastName": "Other", "Alias": "other", "Email": "other@forms.test"],
                as: admin)
            let acme = try await store.create(
                "Account",
                fields: [
                    "Name": "Acme", "Industry": "Energy", "Type": "Customer - Direct", "AnnualRevenue": 1_500_000,
                    "BillingCity": "San Francisco",
                    "BillingCountry": "USA", "BillingLatitude": 37.79, "BillingLongitude": -122.40, "Markets__c": "AMER;EMEA",
                ], as: admin)
            let globex = try await store.create(
                "Account",
                fields: [
                    "Name": "Globex", "Industry": "Banking", "Type": "Partner", "AnnualRevenue": 500, "BillingCity": "New York",
                    "BillingLatitude": 40.71, "BillingLongitude": -74.0, "Markets__c": "APAC",
                ], as: admin)
            let initech = try await store.create(
                "Account", fields: ["Name": "Initech", "Industry": "Energy", "Type": "Partner", "OwnerId": .string(other)], as: admin)
            let contact = try await store.create(
                "Contact", fields: ["LastName": "Lee", "AccountId": .string(acme), "Email": "lee@acme.test"], as: admin)
            _ = try await store.create("Contact", fields: ["LastName": "Kay", "AccountId": .string(globex)], as: admin)
            var opportunities: [String] = []
            for (name, date, amount) in [("O1", "2024-02-15", 100), ("O2", "2024-05-20", 200), ("O3", "2023-12-31", 50)] {
                opportunities.append(
                    try await store.create(
                        "Opportunity",
                        fields: [
                            "Name": .string(name), "CloseDate": .string(date), "Amount": .integer(Int64(amount)),
                            "StageName": "Prospecting",
                            "AccountId": .string(acme),
                        ], as: admin))
            }
            let campaign = try await store.create("Campaign", fields: ["Name": "Spring Launch"], as: admin)
            _ = try await store.create(
                "Task", fields: ["Subject": "Call Acme", "WhatId": .string(acme), "WhoId": .string(contact)], as: admin)
            _ = try await store.create("Task", fields: ["Subject": "Close O1", "WhatId": .string(opportunities[0])], as: admin)
            _ = try await store.create("Task", fields: ["Subject": "Plan launch", "WhatId": .string(campaign)], as: admin)
            try await body(
                Org(
                    store: store, admin: admin, other: other, acme: acme, globex: globex, initech: initech, contact: contact,
                    opportunities: opportunities, campaign: campaign))
        }
    }

    private func names(_ result: QueryResult) -> [String] { result.records.compactMap { $0["Name"]?.stringValue } }

    private func expectError(_ store: OrgStore, _ soql: String, code: String, containing text: String) async {
        do {
            _ = try await store.query(soql)
            Issue.record("\(soql) was answered; expected \(code)")
        } catch {
            #expect(error.errorCode == code, "\(soql): \(error)")
            #expect(error.message.contains(text), "\(soql): \(error.message)")
        }
    }

    @Test("WITH SECURITY_ENFORCED, USER_MODE and SYSTEM_MODE answer as without; USING SCOPE mine gives the user's records")
    func securityAndScope() async throws {
        try await withFormsOrg { org throws in
            let plain = names(try await org.store.query("SELECT Name FROM Account ORDER BY Name"))
            #expect(plain == ["Acme", "Globex", "Initech"])
            for mode in ["SECURITY_ENFORCED", "USER_MODE", "SYSTEM_MODE"] {
                let secured = try await org.store.query("SELECT Name FROM Account WITH \(mode) ORDER BY Name")
                #expect(names(secured) == plain, "\(mode)")
            }
            let mine = try await org.store.query(
                "SELECT Name FROM Account USING SCOPE mine ORDER BY Name", asUser: org.admin)
            #expect(names(mine) == ["Acme", "Globex"])
            let theirs = try await org.store.query("SELECT Name FROM Account USING SCOPE Mine", asUser: org.other)
            #expect(names(theirs) == ["Initech"])
            let everything = try await org.store.query("SELECT Name FROM Account USING SCOPE everything")
            #expect(everything.totalSize == 3)
            await expectError(
                org.store, "SELECT Name FROM Account USING SCOPE team", code: "MALFORMED_QUERY", containing: "everything, mine and mru")
        }
    }

    @Test("FIELDS(): STANDARD unbounded, ALL and CUSTOM only with a LIMIT of at most 200, a field selected twice refused")
    func fieldsGroups() async throws {
        try await withFormsOrg { org throws in
            let standard = try await org.store.query("SELECT FIELDS(STANDARD) FROM Account WHERE Name = 'Acme'")
            let acme = try #require(standard.records.first)
            #expect(acme["Name"]?.stringValue == "Acme" && acme["Industry"]?.stringValue == "Energy")
            #expect(acme["Markets__c"] == nil, "a custom field is not standard")
            guard case .members(let address) = acme["BillingAddress"] else {
                Issue.record("BillingAddress should be a compound value: \(String(describing: acme["BillingAddress"]))")
                return
            }
            #expect(
                address.members.map(\.key) == [
                    "city", "country", "geocodeAccuracy", "latitude", "longitude", "postalCode", "state", "street",
                ])
            let all = try await org.store.query("SELECT FIELDS(ALL) FROM Account WHERE Name = 'Acme' LIMIT 200")
            #expect(all.records.first?["Markets__c"]?.stringValue == "AMER;EMEA")
            let custom = try await org.store.query("SELECT FIELDS(CUSTOM) FROM Account LIMIT 10")
            #expect(custom.records.first?.fields.map(\.name) == ["External_Id__c", "Markets__c"])
            await expectError(
                org.store, "SELECT FIELDS(ALL) FROM Account", code: "MALFORMED_QUERY",
                containing: "The SOQL FIELDS function must have a LIMIT of at most 200")
            await expectError(
                org.store, "SELECT FIELDS(CUSTOM) FROM Account LIMIT 201", code: "MALFORMED_QUERY", containing: "LIMIT of at most 200")
            await expectError(
                org.store, "SELECT Id, FIELDS(ALL) FROM Account LIMIT 200", code: "INVALID_FIELD",
                containing: "duplicate field selected: Id")
            await expectError(
                org.store, "SELECT Name, Name FROM Account", code: "INVALID_FIELD", containing: "duplicate field selected: Name")
        }
    }

    @Test(
        "toLabel() gives picklist labels (and filters by them); FORMAT() formats for the user's locale; convertCurrency() keeps the one currency"
    )
    func labelsAndFormats() async throws {
        try await withFormsOrg { org throws in
            let markets = try await org.store.query("SELECT Name, toLabel(Markets__c) FROM Account WHERE Name = 'Acme'")
            #expect(markets.records.first?["Markets__c"]?.stringValue == "Americas;Europe, Middle East and Africa")
            let locale = try await org.store.query(
                "SELECT toLabel(LocaleSidKey) locale FROM User WHERE toLabel(LocaleSidKey) = 'English (United States)' AND Id = '\(org.admin)'"
            )
            #expect(locale.records.first?["locale"]?.stringValue == "English (United States)")
            let formatted = try await org.store.query(
                "SELECT Name, FORMAT(AnnualRevenue), convertCurrency(AnnualRevenue) converted, FORMAT(CreatedDate) created FROM Account WHERE Name = 'Acme'"
            )
            let acme = try #require(formatted.records.first)
            #expect(acme["AnnualRevenue"]?.stringValue == "$1,500,000.00")
            #expect(acme["converted"] == .double(1_500_000))
            let created = try #require(acme["created"]?.stringValue)
            #expect(created.range(of: #"^\d{1,2}/\d{1,2}/\d{4}, \d{1,2}:\d{2}\s?[AP]M$"#, options: .regularExpression) != nil, "\(created)")
            let dates = try await org.store.query("SELECT FORMAT(CloseDate) FROM Opportunity WHERE Name = 'O1'")
            #expect(dates.records.first?["CloseDate"]?.stringValue == "2/15/2024")
            let minimum = try await org.store.query(
                "SELECT FORMAT(MIN(CloseDate)) Amt, FORMAT(SUM(Amount)) FROM Opportunity")
            #expect(minimum.records.first?["Amt"]?.stringValue == "12/31/2023")
            #expect(minimum.records.first?["expr0"]?.stringValue == "$350.00")
            let distinct = try await org.store.query("SELECT FORMAT(COUNT_DISTINCT(Industry)) industries FROM Account")
            #expect(distinct.records.first?["industries"]?.stringValue == "2")
            await expectError(
                org.store, "SELECT AnnualRevenue, FORMAT(AnnualRevenue) FROM Account", code: "INVALID_FIELD",
                containing: "duplicate field selected: AnnualRevenue")
            await expectError(org.store, "SELECT toLabel(Name) FROM Account", code: "INVALID_FIELD", containing: "picklist fields only")
        }
    }

    @Test("TYPEOF gives each record its branch's fields; What.Name and What.Type read the record the id names")
    func polymorphism() async throws {
        try await withFormsOrg { org throws in
            let tasks = try await org.store.query(
                """
                SELECT Subject, TYPEOF What WHEN Account THEN Name, Industry WHEN Opportunity THEN Amount, CloseDate ELSE Name END
                FROM Task ORDER BY Subject
                """)
            #expect(tasks.records.map { $0["Subject"]?.stringValue } == ["Call Acme", "Close O1", "Plan launch"])
            guard case .record(let account) = tasks.records[0]["What"], case .record(let opportunity) = tasks.records[1]["What"],
                case .record(let campaign) = tasks.records[2]["What"]
            else {
                Issue.record("each What should be a record: \(tasks.records)")
                return
            }
            #expect(
                account.type == "Account" && account.fields.map(\.name) == ["Name", "Industry"]
                    && account["Industry"]?.stringValue == "Energy")
            #expect(
                opportunity.type == "Opportunity" && opportunity["Amount"] == .double(100)
                    && opportunity["CloseDate"]?.stringValue == "2024-02-15")
            #expect(campaign.type == "Campaign" && campaign["Name"]?.stringValue == "Spring Launch")
            #expect(campaign.path == "sobjects/Campaign/\(org.campaign)")
            #expect(
                campaign.json(version: "v66.0")["attributes"]?["url"] == .string("/services/data/v66.0/sobjects/Campaign/\(org.campaign)"))
            let named = try await org.store.query(
                "SELECT What.Name, What.Type, Who.Name FROM Task WHERE What.Type = 'Account'")
            guard case .record(let what) = named.records.first?["What"] else {
                Issue.record("What should nest: \(named.records)")
                return
            }
            #expect(what.type == "Name" && what["Name"]?.stringValue == "Acme" && what["Type"]?.stringValue == "Account")
            #expect(what.path == "sobjects/Account/\(org.acme)")
            guard case .record(let who) = named.records.first?["Who"] else {
                Issue.record("Who should nest: \(named.records)")
                return
            }
            #expect(who["Name"]?.stringValue == "Lee")
            let children = try await org.store.query(
                "SELECT Name, (SELECT Subject FROM Tasks) FROM Account WHERE Name = 'Acme'")
            guard case .children(let acmeTasks) = children.records.first?["Tasks"] else {
                Issue.record("Acme's tasks should come as children")
                return
            }
            #expect(acmeTasks.records.map { $0["Subject"]?.stringValue } == ["Call Acme"])
            await expectError(
                org.store, "SELECT TYPEOF What WHEN User THEN Name END FROM Task", code: "MALFORMED_QUERY", containing: "cannot point to")
            let owners = try await org.store.query(
                "SELECT Name, TYPEOF Owner WHEN User THEN Alias END FROM Account WHERE Name = 'Acme'")
            guard case .record(let owner) = owners.records.first?["Owner"] else {
                Issue.record("Owner should be a User record: \(owners.records)")
                return
            }
            #expect(owner.type == "User" && owner.fields.map(\.name) == ["Alias"])
            await expectError(
                org.store, "SELECT TYPEOF Name WHEN User THEN Alias END FROM Account", code: "INVALID_FIELD",
                containing: "relationship 'Name'")
        }
    }

    @Test("date functions filter, group and sort; in SELECT only when grouped by; convertTimezone reads the user's time zone")
    func dateFunctions() async throws {
        try await withFormsOrg { org throws in
            let in2024 = try await org.store.query(
                "SELECT Name FROM Opportunity WHERE CALENDAR_YEAR(CloseDate) = 2024 ORDER BY CALENDAR_MONTH(CloseDate) DESC")
            #expect(names(in2024) == ["O2", "O1"])
            let parts = try await org.store.query(
                """
                SELECT CALENDAR_QUARTER(CloseDate), DAY_IN_WEEK(CloseDate), DAY_IN_YEAR(CloseDate), WEEK_IN_MONTH(CloseDate),
                WEEK_IN_YEAR(CloseDate), FISCAL_YEAR(CloseDate) fy, COUNT(Id) FROM Opportunity WHERE Name = 'O1'
                GROUP BY CALENDAR_QUARTER(CloseDate), DAY_IN_WEEK(CloseDate), DAY_IN_YEAR(CloseDate), WEEK_IN_MONTH(CloseDate),
                WEEK_IN_YEAR(CloseDate), FISCAL_YEAR(CloseDate)
                """)
            let row = try #require(parts.records.first)
            // 2024-02-15 was a Thursday, the 46th day of the year.
            #expect(row.fields.map(\.name) == ["expr0", "expr1", "expr2", "expr3", "expr4", "fy", "expr5"])
            #expect(
                row.fields.map(\.value) == [.integer(1), .integer(5), .integer(46), .integer(3), .integer(7), .integer(2024), .integer(1)])
            let byYear = try await org.store.query(
                "SELECT CALENDAR_YEAR(CloseDate), SUM(Amount) FROM Opportunity GROUP BY CALENDAR_YEAR(CloseDate) ORDER BY CALENDAR_YEAR(CloseDate)"
            )
            #expect(
                byYear.records.map { [$0["expr0"], $0["expr1"]] } == [[.integer(2023), .double(50)], [.integer(2024), .double(300)]])
            #expect(byYear.records.first?.type == "AggregateResult")
            let today = try await org.store.query("SELECT COUNT() FROM Opportunity WHERE DAY_ONLY(CreatedDate) <= TODAY")
            #expect(today.totalSize == 3)
            let local = try await org.store.query(
                "SELECT HOUR_IN_DAY(convertTimezone(CreatedDate)) localHour, HOUR_IN_DAY(CreatedDate) utcHour FROM Account GROUP BY HOUR_IN_DAY(convertTimezone(CreatedDate)), HOUR_IN_DAY(CreatedDate)"
            )
            // The admin's time zone is America/Los_Angeles: 7 or 8 hours behind UTC.
            for hours in local.records {
                guard case .integer(let localHour)? = hours["localHour"], case .integer(let utcHour)? = hours["utcHour"] else {
                    Issue.record("hours should be integers: \(hours)")
                    continue
                }
                #expect([7, 8].contains((utcHour - localHour + 24) % 24))
            }
            await expectError(
                org.store, "SELECT CALENDAR_YEAR(CloseDate) FROM Opportunity", code: "MALFORMED_QUERY",
                containing: "only in a query that groups by it")
            await expectError(
                org.store, "SELECT Id FROM Opportunity WHERE HOUR_IN_DAY(CloseDate) = 3", code: "MALFORMED_QUERY",
                containing: "takes a dateTime field")
        }
    }

    @Test("GROUP BY ROLLUP and CUBE add subtotal rows, GROUPING() marks them, and aggregates are named as Salesforce names them")
    func rollupAndCube() async throws {
        try await withFormsOrg { org throws in
            let rollup = try await org.store.query(
                "SELECT Industry, GROUPING(Industry) grp, COUNT(Id) cnt FROM Account GROUP BY ROLLUP(Industry)")
            #expect(
                rollup.records.map { [$0["Industry"], $0["grp"], $0["cnt"]] } == [
                    [.string("Banking"), .integer(0), .integer(1)], [.string("Energy"), .integer(0), .integer(2)],
                    [.null, .integer(1), .integer(3)],
                ])
            let cube = try await org.store.query(
                "SELECT Industry, Type, GROUPING(Industry), GROUPING(Type), COUNT(Id) FROM Account GROUP BY CUBE(Industry, Type)")
            let rows = cube.records.map { record in record.fields.map(\.value) }
            // Banking/Partner, its subtotal; Energy/Customer - Direct, Energy/Partner, Energy's subtotal; then by Type (2); the total last.
            #expect(rows.count == 8)
            #expect(rows.last == [.null, .null, .integer(1), .integer(1), .integer(3)])
            #expect(
                rows.filter { $0[2] == .integer(1) && $0[3] == .integer(0) }.map { $0[1] } == [
                    .string("Customer - Direct"), .string("Partner"),
                ])
            #expect(cube.records.first?.fields.map(\.name) == ["Industry", "Type", "expr0", "expr1", "expr2"])
            let having = try await org.store.query(
                "SELECT Industry, COUNT(Id) FROM Account GROUP BY Industry HAVING COUNT(Id) > 1")
            #expect(having.records.map { $0["Industry"] } == [.string("Energy")])
            await expectError(
                org.store, "SELECT Industry, GROUPING(Industry) FROM Account GROUP BY Industry", code: "MALFORMED_QUERY",
                containing: "ROLLUP or GROUP BY CUBE")
            await expectError(
                org.store, "SELECT Name, COUNT(Id) FROM Account", code: "MALFORMED_QUERY",
                containing: "Field must be grouped or aggregated: Name")
            await expectError(
                org.store, "SELECT Name n FROM Account", code: "MALFORMED_QUERY",
                containing: "only aggregate expressions use field aliasing")
        }
    }

    @Test("DISTANCE from an address's coordinates filters, sorts and selects; GEOLOCATION's bounds and units are checked")
    func distances() async throws {
        try await withFormsOrg { org throws in
            let point = "DISTANCE(BillingAddress, GEOLOCATION(37.775, -122.418), 'mi')"
            let near = try await org.store.query("SELECT Name, \(point) dist FROM Account WHERE \(point) < 20")
            #expect(names(near) == ["Acme"])
            guard case .double(let miles)? = near.records.first?["dist"] else {
                Issue.record("dist should be a number: \(near.records)")
                return
            }
            #expect(miles > 0.5 && miles < 2)
            let sorted = try await org.store.query(
                "SELECT Name FROM Account WHERE \(point) > 0 ORDER BY \(point.replacingOccurrences(of: "'mi'", with: "'km'")) DESC")
            #expect(names(sorted) == ["Globex", "Acme"])
            let unaliased = try await org.store.query("SELECT \(point) FROM Account WHERE Name = 'Globex'")
            guard case .double(let far)? = unaliased.records.first?["expr0"] else {
                Issue.record("an unaliased DISTANCE is expr0: \(unaliased.records)")
                return
            }
            #expect(far > 2500 && far < 2600)
            await expectError(
                org.store, "SELECT Name FROM Account WHERE \(point) = 5", code: "MALFORMED_QUERY", containing: "only with < or >")
            await expectError(
                org.store, "SELECT Name FROM Account WHERE DISTANCE(BillingAddress, GEOLOCATION(95, 0), 'mi') < 5", code: "MALFORMED_QUERY",
                containing: "latitude from -90 to 90")
            await expectError(
                org.store, "SELECT Name FROM Account WHERE DISTANCE(Name, GEOLOCATION(1, 0), 'mi') < 5", code: "INVALID_FIELD",
                containing: "location or address")
            await expectError(
                org.store, "SELECT Name FROM Account WHERE BillingAddress = null", code: "INVALID_FIELD", containing: "can not be filtered")
        }
    }

    @Test("INCLUDES and EXCLUDES match multi-select picklists value by value; currency literals name the org's currency")
    func includesAndCurrency() async throws {
        try await withFormsOrg { org throws in
            func matching(_ condition: String) async throws -> [String] {
                names(try await org.store.query("SELECT Name FROM Account WHERE \(condition) ORDER BY Name"))
            }
            #expect(try await matching("Markets__c INCLUDES ('AMER;EMEA')") == ["Acme"])
            #expect(try await matching("Markets__c INCLUDES ('emea;AMER')") == ["Acme"])
            #expect(try await matching("Markets__c INCLUDES ('AMER;APAC')") == [])
            #expect(try await matching("Markets__c INCLUDES ('APAC', 'EMEA')") == ["Acme", "Globex"])
            #expect(try await matching("Markets__c EXCLUDES ('AMER')") == ["Globex", "Initech"])
            #expect(try await matching("AnnualRevenue > USD1000") == ["Acme"])
            #expect(try await matching("AnnualRevenue <= USD500.00") == ["Globex"])
            await expectError(
                org.store, "SELECT Name FROM Account WHERE AnnualRevenue > EUR1000", code: "MALFORMED_QUERY",
                containing: "Invalid currency code: EUR")
            await expectError(
                org.store, "SELECT Name FROM Account WHERE Name INCLUDES ('A')", code: "INVALID_QUERY_FILTER_OPERATOR",
                containing: "multipicklist")
        }
    }

    @Test("FROM with relationship aliases, compound addresses, and the forms an org without Knowledge refuses as Salesforce does")
    func aliasesAddressesAndRefusals() async throws {
        try await withFormsOrg { org throws in
            let aliased = try await org.store.query("SELECT count() FROM Contact c, c.Account a WHERE a.Name = 'Acme'")
            #expect(aliased.totalSize == 1)
            let named = try await org.store.query(
                "SELECT c.LastName, a.Name FROM Contact c, c.Account a WHERE a.Name = 'Globex'")
            #expect(named.records.first?["LastName"]?.stringValue == "Kay")
            let addresses = try await org.store.query("SELECT Name, BillingAddress FROM Account ORDER BY Name")
            guard case .members(let acme) = addresses.records[0]["BillingAddress"] else {
                Issue.record("Acme's address should be a compound value")
                return
            }
            #expect(acme.members.first { $0.key == "city" }?.value == .string("San Francisco"))
            #expect(acme.members.first { $0.key == "latitude" }?.value == .double(37.79))
            #expect(addresses.records[2]["BillingAddress"] == .null, "an address with no parts is null")
            await expectError(
                org.store, "SELECT Id FROM Account WITH DATA CATEGORY Geography__c AT usa__c", code: "MALFORMED_QUERY",
                containing: "Knowledge")
            await expectError(
                org.store, "SELECT Title FROM KnowledgeArticleVersion", code: "INVALID_TYPE", containing: "KnowledgeArticleVersion")
            await expectError(org.store, "SELECT Id FROM Account UPDATE VIEWSTAT", code: "MALFORMED_QUERY", containing: "Knowledge")
            await expectError(
                org.store, "SELECT Id FROM Account WHERE Name = :name", code: "MALFORMED_QUERY",
                containing: "Bind variables only allowed in Apex code")
            let locked = try await org.store.query("SELECT Id FROM Account LIMIT 1 FOR UPDATE")
            #expect(locked.records.count == 1)
        }
    }

    @Test("FOR VIEW sets LastViewedDate and puts the records on the recent items (which MRU syncs read); FOR REFERENCE only references")
    func viewsAndReferences() async throws {
        try await withTestOrg(seed: false) { org throws in
            let token = try await org.passwordToken()
            let store = org.server.store
            let admin = try #require(try await store.query("SELECT Id FROM User").records.first?["Id"]?.stringValue)
            let first = try await store.create("Account", fields: ["Name": "First"], as: admin)
            let second = try await store.create("Account", fields: ["Name": "Second"], as: admin)
            let referenced = try await org.send(
                "GET", "\(org.dataPath)/query?q=SELECT+Id+FROM+Account+WHERE+Name+=+'Second'+FOR+REFERENCE", token: token)
            #expect(referenced.status == 200)
            let viewed = try await org.send(
                "GET", "\(org.dataPath)/query?q=SELECT+Id+FROM+Account+WHERE+Name+=+'First'+FOR+VIEW", token: token)
            #expect(viewed.status == 200 && viewed.json["totalSize"] == 1)
            let dates = try await store.query(
                "SELECT Name, LastViewedDate, LastReferencedDate FROM Account ORDER BY Name")
            #expect(dates.records[0]["LastViewedDate"]?.stringValue != nil && dates.records[0]["LastReferencedDate"]?.stringValue != nil)
            #expect(dates.records[1]["LastViewedDate"] == .null && dates.records[1]["LastReferencedDate"]?.stringValue != nil)
            let recent = try await org.send("GET", "\(org.dataPath)/recent", token: token)
            let ids = recent.json.arrayValue?.compactMap { $0["Id"]?.stringValue } ?? []
            // Created records are recent too; the one viewed last comes first.
            #expect(ids.first == first && ids.contains(second))
        }
    }
}
