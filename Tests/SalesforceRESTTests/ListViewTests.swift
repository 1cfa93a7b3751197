import ForceKitTesting
import Foundation
import SalesforceCore
import SalesforceREST
import Testing

/// List views as the REST API Developer Guide's "List Views", "List View Describe", "List View
/// Results" and "Recent List Views" document them, checked against a real org's recorded
/// answers: Account's views in a new org's order, the describe's columns and SOQL, results
/// whose every value is text, and the views a user used last.
@Suite("List views")
struct ListViewTests {
    @Test("Account's views are a new org's, in its order, each with the guide's URLs")
    func accountViews() async throws {
        try await withLocalOrg(seed: false) { org throws in
            let client = RestClient(credentials: try await org.logIn(), refresher: nil)
            let listing = try #require(try await client.send(client.requests.listViews("Account")).json)
            // The recorded org's order, less its sample-data view on a custom field.
            let names = listing["listviews"]?.arrayValue?.compactMap { $0["developerName"]?.stringValue }
            #expect(names == ["NewThisWeek", "NewLastWeek", "RecentlyViewedAccounts", "AllAccounts", "MyAccounts"])
            #expect(listing["done"] == true && listing["nextRecordsUrl"] == .null && listing["size"] == 5)
            #expect(listing["sobjectType"] == "Account")
            let all = try #require(listing["listviews"]?.arrayValue?.first { $0["developerName"] == "AllAccounts" })
            let id = try #require(all["id"]?.stringValue)
            #expect(id.hasPrefix("00B") && id.count == 18)
            #expect(all["label"] == "All Accounts" && all["soqlCompatible"] == true)
            let url = "/services/data/\(client.requests.apiVersion)/sobjects/Account/listviews/\(id)"
            #expect(all["url"]?.stringValue == url)
            #expect(all["describeUrl"]?.stringValue == url + "/describe" && all["resultsUrl"]?.stringValue == url + "/results")
            #expect(
                Set(all.objectValue?.keys ?? [:].keys) == [
                    "describeUrl", "developerName", "id", "label", "resultsUrl", "soqlCompatible", "url",
                ])
            #expect(try await client.send(client.requests.listView("Account", id: id)).json == all)

            // A view is the object's: another object's path does not find it, nor does an id that is none.
            let contactViews = try #require(try await client.send(client.requests.listViews("Contact")).json)
            #expect(contactViews["listviews"]?.arrayValue?.contains { $0["developerName"] == "AllContacts" } == true)
            for request in [
                client.requests.listView("Contact", id: id), client.requests.listViewDescribe("Account", id: "00B000000000000AAA"),
            ] {
                let error = await #expect(throws: RestError.self) { try await client.send(request) }
                #expect(error?.status == 404 && error?.salesforceErrors.first?.errorCode == "NOT_FOUND")
            }

            // The views are records of ListView, which SOQL reads and the API does not write.
            let queried = try await client.send(
                client.requests.query("SELECT DeveloperName FROM ListView WHERE SobjectType = 'Account' ORDER BY DeveloperName")
            ).json
            #expect(queried?["totalSize"] == 5)
            let refused = await #expect(throws: RestError.self) {
                try await client.send(client.requests.create("ListView", fields: ["Name": "Mine", "DeveloperName": "Mine"]))
            }
            #expect(refused?.status == 400)
        }
    }

    @Test("describe gives the recorded org's columns, order, filter and SOQL")
    func describe() async throws {
        try await withLocalOrg(seed: false) { org throws in
            let client = RestClient(credentials: try await org.logIn(), refresher: nil)
            let id = try await Self.viewID("NewThisWeek", of: "Account", client: client)
            let describe = try #require(try await client.send(client.requests.listViewDescribe("Account", id: id)).json)
            #expect(
                Set(describe.objectValue?.keys ?? [:].keys) == [
                    "columns", "id", "orderBy", "query", "scope", "sobjectType", "whereCondition",
                ])
            #expect(describe["id"]?.stringValue == String(id.prefix(15)))
            #expect(describe["sobjectType"] == "Account" && describe["scope"] == "everything")
            // The recorded v43.0 answer's statement, less the two owner columns that version added.
            #expect(
                describe["query"]
                    == "SELECT Name, Site, BillingState, Phone, toLabel(Type), Owner.Alias, Id, CreatedDate, LastModifiedDate, SystemModstamp FROM Account WHERE CreatedDate = THIS_WEEK ORDER BY Name ASC NULLS FIRST, Id ASC NULLS FIRST"
            )
            #expect(describe["whereCondition"] == ["field": "CreatedDate", "operator": "equals", "values": ["THIS_WEEK"]])
            #expect(
                describe["orderBy"]
                    == [
                        ["fieldNameOrPath": "Name", "nullsPosition": "first", "sortDirection": "ascending"],
                        ["fieldNameOrPath": "Id", "nullsPosition": "first", "sortDirection": "ascending"],
                    ])
            let columns = describe["columns"]?.arrayValue ?? []
            #expect(
                columns.map { $0["label"]?.stringValue ?? "" } == [
                    "Account Name", "Account Site", "Billing State/Province", "Phone", "Type", "Account Owner Alias", "Account ID",
                    "Created Date", "Last Modified Date", "System Modstamp",
                ])
            // The recorded columns, key for key: sort labels read backwards, as Salesforce's do.
            #expect(
                columns.first
                    == [
                        "ascendingLabel": "Z-A", "descendingLabel": "A-Z", "fieldNameOrPath": "Name", "hidden": false,
                        "label": "Account Name",
                        "selectListItem": "Name", "sortDirection": "ascending", "sortIndex": 0, "sortable": true, "type": "string",
                    ])
            #expect(columns[3]["ascendingLabel"] == "9-0" && columns[3]["type"] == "phone")
            #expect(columns[4]["selectListItem"] == "toLabel(Type)" && columns[4]["ascendingLabel"] == "Low to High")
            #expect(
                columns[6] == [
                    "ascendingLabel": .null, "descendingLabel": .null, "fieldNameOrPath": "Id", "hidden": true, "label": "Account ID",
                    "selectListItem": "Id", "sortDirection": .null, "sortIndex": .null, "sortable": false, "type": "id",
                ])

            // A view with no filter sends an empty group; My Accounts and Recently Viewed name their scope.
            let everything = try await client.send(
                client.requests.listViewDescribe("Account", id: try await Self.viewID("AllAccounts", of: "Account", client: client))
            ).json
            #expect(everything?["whereCondition"] == ["conditions": [], "conjunction": "and"])
            let mine = try await client.send(
                client.requests.listViewDescribe("Account", id: try await Self.viewID("MyAccounts", of: "Account", client: client))
            ).json
            #expect(mine?["scope"] == "mine" && mine?["query"]?.stringValue?.contains("FROM Account USING SCOPE mine ORDER BY") == true)
        }
    }

    @Test("results are pages of text, with picklist labels and Java's dates; a used view is recent")
    func results() async throws {
        try await withLocalOrg(seed: false) { org throws in
            let client = RestClient(credentials: try await org.logIn(), refresher: nil)
            var ids: [String: String] = [:]
            for (name, type) in [("Globex", "Customer - Direct"), ("Acme", "Prospect"), ("Initech", "Other")] {
                let created = try await client.send(
                    client.requests.create("Account", fields: ["Name": .string(name), "Type": .string(type)]))
                ids[name] = try #require(created.json?["id"]?.stringValue)
            }
            let all = try await Self.viewID("AllAccounts", of: "Account", client: client)
            let first = try #require(try await client.send(client.requests.listViewResults("Account", id: all, limit: 2)).json)
            #expect(Set(first.objectValue?.keys ?? [:].keys) == ["columns", "developerName", "done", "id", "label", "records", "size"])
            #expect(first["developerName"] == "AllAccounts" && first["id"]?.stringValue == String(all.prefix(15)))
            #expect(first["size"] == 2 && first["done"] == false)
            let rows =
                first["records"]?.arrayValue?.map { record in
                    Dictionary(
                        uniqueKeysWithValues: (record["columns"]?.arrayValue ?? []).compactMap { cell in
                            cell["fieldNameOrPath"]?.stringValue.map { ($0, cell["value"] ?? .null) }
                        })
                } ?? []
            #expect(rows.map { $0["Name"] } == ["Acme", "Globex"])
            #expect(rows.map { $0["Type"] } == ["Prospect", "Customer - Direct"])
            #expect(rows.first?["Id"]?.stringValue == ids["Acme"] && rows.first?["Site"] == .null)
            // Dates as Java's Date.toString() writes them, checked against Foundation's formatter.
            let record = try await client.send(client.requests.retrieve("Account", id: ids["Acme"] ?? "", fields: ["CreatedDate"])).json
            let created = try #require(record?["CreatedDate"]?.stringValue)
            let parser = DateFormatter()
            parser.locale = Locale(identifier: "en_US_POSIX")
            parser.dateFormat = "yyyy-MM-dd'T'HH:mm:ss.SSSZ"
            let java = DateFormatter()
            java.locale = Locale(identifier: "en_US_POSIX")
            java.timeZone = TimeZone(identifier: "GMT")
            java.dateFormat = "EEE MMM dd HH:mm:ss zzz yyyy"
            #expect(rows.first?["CreatedDate"]?.stringValue == parser.date(from: created).map(java.string(from:)))

            let rest = try #require(try await client.send(client.requests.listViewResults("Account", id: all, limit: 2, offset: 2)).json)
            #expect(rest["size"] == 1 && rest["done"] == true)
            let badLimit = await #expect(throws: RestError.self) {
                try await client.send(client.requests.listViewResults("Account", id: all, limit: 2001))
            }
            #expect(badLimit?.status == 400)

            // Records made or viewed are the user's recent ones: Recently Viewed Accounts lists them.
            let recentID = try await Self.viewID("RecentlyViewedAccounts", of: "Account", client: client)
            let recent = try await client.send(client.requests.listViewResults("Account", id: recentID)).json
            #expect(recent?["size"] == 3)
            // Both views used, the last first.
            let used = try await client.send(client.requests.recentListViews("Account")).json
            #expect(
                used?["listviews"]?.arrayValue?.compactMap { $0["developerName"]?.stringValue } == [
                    "RecentlyViewedAccounts", "AllAccounts",
                ])
            #expect(used?["size"] == 2 && used?["sobjectType"] == "Account")
        }
    }

    @Test("every standard view of every object runs")
    func everyViewRuns() async throws {
        try await withLocalOrg(seed: true) { org throws in
            let client = RestClient(credentials: try await org.logIn(), refresher: nil)
            var counts: [String: Int] = [:]
            for object in ["Account", "Contact", "Lead", "Opportunity", "Case"] {
                let views = try await client.send(client.requests.listViews(object)).json?["listviews"]?.arrayValue ?? []
                counts[object] = views.count
                for view in views {
                    let id = try #require(view["id"]?.stringValue)
                    let results = try await client.send(client.requests.listViewResults(object, id: id, limit: 5)).json
                    #expect(results?["records"]?.arrayValue != nil, "\(object) \(view["developerName"] ?? .null)")
                }
            }
            // The views real orgs list for each (the recorded Account less its custom-field view).
            #expect(counts == ["Account": 5, "Contact": 5, "Lead": 4, "Opportunity": 9, "Case": 5])
            // A custom object has the All view Setup gives a new one.
            let custom = try await client.send(client.requests.listViews("Merchandise__c")).json?["listviews"]?.arrayValue ?? []
            #expect(custom.map { $0["developerName"] } == ["All"])
            let all = try #require(custom.first?["id"]?.stringValue)
            #expect(try await client.send(client.requests.listViewResults("Merchandise__c", id: all)).json?["records"]?.arrayValue != nil)
        }
    }

    @Test("Recently Viewed lists only what the user viewed, as USING SCOPE mru does")
    func recentlyViewed() async throws {
        try await withLocalOrg(seed: true) { org throws in
            let client = RestClient(credentials: try await org.logIn(), refresher: nil)
            let total = try await client.send(client.requests.query("SELECT COUNT() FROM Account")).json?["totalSize"]?.integerValue ?? 0
            #expect(total > 1)
            let recentID = try await Self.viewID("RecentlyViewedAccounts", of: "Account", client: client)
            #expect(try await client.send(client.requests.listViewResults("Account", id: recentID)).json?["size"] == 0)
            let someone = try await client.send(client.requests.query("SELECT Id, Name FROM Account ORDER BY Name LIMIT 1")).json?[
                "records"]?[0]
            _ = try await client.send(client.requests.retrieve("Account", id: someone?["Id"]?.stringValue ?? ""))
            let recent = try await client.send(client.requests.listViewResults("Account", id: recentID)).json
            #expect(recent?["size"] == 1)
            #expect(recent?["records"]?[0]?["columns"]?[0]?["value"] == someone?["Name"])
            let mru = try await client.send(client.requests.query("SELECT Name FROM Account USING SCOPE mru")).json
            #expect(mru?["totalSize"] == 1)
        }
    }

    private static func viewID(_ developerName: String, of objectType: String, client: RestClient) async throws -> String {
        let listing = try await client.send(client.requests.listViews(objectType)).json
        return try #require(
            listing?["listviews"]?.arrayValue?.first { $0["developerName"]?.stringValue == developerName }?["id"]?.stringValue)
    }
}
