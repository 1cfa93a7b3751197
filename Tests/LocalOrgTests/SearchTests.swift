import ForceKitTestSupport
import ForceKitTesting
import Foundation
import LocalOrg
import SalesforceAuth
import SalesforceCore
import Testing
import URLEncoding

@Suite("LocalOrg search: SOSL, parameterizedSearch, scope order and layouts")
struct SearchTests {
    /// Runs `body` with an org holding a few records whose words the searches below pick apart.
    private func withSearchOrg(_ body: (APITestOrg, String) async throws -> Void) async throws {
        try await withTestOrg(seed: false) { org throws in
            let token = try await org.passwordToken()
            for (type, fields) in [
                ("Account", ["Name": "Acme Corporation", "Industry": "Energy", "Phone": "(415) 555-1212"]),
                ("Account", ["Name": "Acmeville Bakery", "Industry": "Food & Beverage"]),
                ("Account", ["Name": "Grand Hotel Café", "Description": "An acme of comfort"]),
                ("Contact", ["LastName": "Øster", "FirstName": "Jane", "Email": "jane.oster@acme.example"]),
                ("Lead", ["LastName": "Rock", "Company": "Rock-and-Roll Ltd"]),
            ] {
                let reply = try await org.send(
                    "POST", "\(org.dataPath)/sobjects/\(type)", token: token,
                    json: .object(fields.mapValues(JSON.string)))
                guard reply.status == 201 else { throw TestFailure("create failed: \(reply.text)") }
            }
            try await body(org, token)
        }
    }

    private func search(_ org: APITestOrg, _ token: String, _ sosl: String, version: String? = nil) async throws -> HTTPResponse {
        let encoded = sosl.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        return try await org.send("GET", "/services/data/\(version ?? org.version)/search?q=\(encoded)", token: token)
    }

    private func names(_ reply: HTTPResponse) -> [String] {
        (reply.json["searchRecords"]?.arrayValue ?? []).compactMap { $0["Name"]?.stringValue ?? $0["Company"]?.stringValue }
    }

    @Test("words match whole words without case or accents; * and ? are wildcards; phrases keep order")
    func matching() async throws {
        try await withSearchOrg { org, token throws in
            let returning = " RETURNING Account(Name), Contact(Name), Lead(Company)"
            #expect(
                names(try await search(org, token, "FIND {acme}" + returning)) == ["Acme Corporation", "Grand Hotel Café", "Jane Øster"])
            #expect(
                names(try await search(org, token, "FIND {acme*} IN NAME FIELDS" + returning)) == ["Acme Corporation", "Acmeville Bakery"])
            #expect(names(try await search(org, token, "FIND {cafe}" + returning)) == ["Grand Hotel Café"])
            #expect(names(try await search(org, token, "FIND {oster}" + returning)) == ["Jane Øster"])
            #expect(names(try await search(org, token, "FIND {\"hotel grand\"}" + returning)) == [])
            #expect(names(try await search(org, token, "FIND {\"grand hotel\"}" + returning)) == ["Grand Hotel Café"])
            #expect(
                names(try await search(org, token, "FIND {ac?e}" + returning)) == ["Acme Corporation", "Grand Hotel Café", "Jane Øster"])
            #expect(names(try await search(org, token, "FIND {acme AND NOT comfort}" + returning)) == ["Acme Corporation", "Jane Øster"])
            #expect(names(try await search(org, token, "FIND {bakery OR rock}" + returning)) == ["Acmeville Bakery", "Rock-and-Roll Ltd"])
            #expect(names(try await search(org, token, "FIND {Rock\\-and\\-Roll}" + returning)) == ["Rock-and-Roll Ltd"])
            #expect(names(try await search(org, token, "FIND {jane.oster@acme.example} IN EMAIL FIELDS" + returning)) == ["Jane Øster"])
            #expect(names(try await search(org, token, "FIND {555-1212} IN PHONE FIELDS" + returning)) == ["Acme Corporation"])
        }
    }

    @Test("RETURNING fields, WHERE, ORDER BY and LIMIT apply per object; LIMIT and OFFSET over all")
    func returning() async throws {
        try await withSearchOrg { org, token throws in
            let filtered = try await search(
                org, token, "FIND {acme*} RETURNING Account(Name, Industry WHERE Industry = 'Energy'), Contact(Email)")
            #expect(filtered.status == 200)
            let records = filtered.json["searchRecords"]?.arrayValue ?? []
            #expect(records.count == 2)
            #expect(records[0]["attributes"]?["type"] == "Account")
            #expect(records[0]["Industry"] == "Energy")
            #expect(records[1]["Email"] == "jane.oster@acme.example")
            #expect(records[1]["Name"] == nil)
            let ordered = try await search(org, token, "FIND {acme*} RETURNING Account(Name ORDER BY Name DESC LIMIT 2)")
            #expect(names(ordered) == ["Grand Hotel Café", "Acmeville Bakery"])
            #expect(
                names(try await search(org, token, "FIND {acme*} RETURNING Account(Name) LIMIT 2 OFFSET 1")) == [
                    "Acmeville Bakery", "Grand Hotel Café",
                ])
            let bare = try await search(org, token, "FIND {bakery}")
            #expect(bare.json["searchRecords"]?[0]?.objectValue?.keys.sorted() == ["Id", "attributes"])
            let old = try await search(org, token, "FIND {bakery}", version: "v31.0")
            #expect(old.json.arrayValue?.count == 1)
        }
    }

    @Test("a bad search is MALFORMED_SEARCH with the reason; an unknown object is INVALID_TYPE")
    func errors() async throws {
        try await withSearchOrg { org, token throws in
            let malformed = try await search(org, token, "FIND {a}")
            #expect(malformed.status == 400)
            #expect(malformed.json == [["message": "search term must be longer than one character", "errorCode": "MALFORMED_SEARCH"]])
            #expect(try await search(org, token, "FIND {acme} RETURNING Nothing__c").json[0]?["errorCode"] == "INVALID_TYPE")
            #expect(try await search(org, token, "FIND {acme} RETURNING Account(Bogus)").json[0]?["errorCode"] == "INVALID_FIELD")
            #expect(try await org.send("GET", "\(org.dataPath)/search", token: token).json[0]?["errorCode"] == "MALFORMED_SEARCH")
        }
    }

    @Test("the documented WITH clauses and RETURNING functions: answered, or refused as an org without Knowledge or products refuses them")
    func documentedClauses() async throws {
        try await withSearchOrg { org, token throws in
            let decorated = try await search(
                org, token,
                "FIND {acme} RETURNING Account(Id, Name, toLabel(Industry), FORMAT(CreatedDate) created) WITH HIGHLIGHT WITH SNIPPET (target_length=120) "
                    + "WITH SPELL_CORRECTION = false WITH DIVISION = 'Global' WITH METADATA = 'LABELS' WITH NETWORK IN ('0DB000000000001')")
            #expect(decorated.status == 200, "\(decorated.text)")
            let first = decorated.json["searchRecords"]?[0]
            #expect(first?["Industry"] == "Energy" && first?["created"]?.stringValue?.contains("/") == true, "\(decorated.text)")
            // Only the recently viewed records, for USING ListView = Recent.
            let acme = try #require(first?["Id"]?.stringValue)
            _ = try await org.send(
                "GET", "\(org.dataPath)/query?q=SELECT+Id+FROM+Account+WHERE+Id+=+'\(acme)'+FOR+VIEW", token: token)
            let recent = try await search(org, token, "FIND {acme*} RETURNING Account(Id, Name USING ListView = Recent)")
            #expect(recent.json["searchRecords"]?.arrayValue?.contains { $0["Id"]?.stringValue == acme } == true, "\(recent.text)")
            let unknown = try await search(org, token, "FIND {acme} RETURNING Account(Name USING ListView = AllAccounts)")
            #expect(unknown.status == 400 && unknown.text.contains("List view AllAccounts does not exist"))
            let category = try await search(org, token, "FIND {acme} WITH DATA CATEGORY Geography__c AT usa__c")
            #expect(category.status == 400 && category.text.contains("Knowledge"))
            let tracking = try await search(org, token, "FIND {acme} RETURNING Account UPDATE TRACKING")
            #expect(tracking.status == 400 && tracking.json[0]?["errorCode"] == "MALFORMED_SEARCH")
            let prices = try await search(org, token, "FIND {acme} WITH PricebookId = '01s000000000001'")
            #expect(prices.status == 400 && prices.text.contains("products"))
        }
    }

    @Test("parameterizedSearch by GET and POST finds what the SOSL would")
    func parameterized() async throws {
        try await withSearchOrg { org, token throws in
            let get = try await org.send(
                "GET", "\(org.dataPath)/parameterizedSearch?q=acme*&sobject=Account&Account.fields=Name,Industry&Account.limit=2&in=NAME",
                token: token)
            #expect(names(get) == ["Acme Corporation", "Acmeville Bakery"])
            #expect(get.json["searchRecords"]?[0]?["Industry"] == "Energy")
            let post = try await org.send(
                "POST", "\(org.dataPath)/parameterizedSearch", token: token,
                json: [
                    "q": "acme", "fields": ["Name"],
                    "sobjects": [["name": "Account", "where": "Industry = 'Energy'"], ["name": "Contact"]],
                    "overallLimit": 10,
                ])
            #expect(names(post) == ["Acme Corporation", "Jane Øster"])
            let missing = try await org.send("GET", "\(org.dataPath)/parameterizedSearch?sobject=Account", token: token)
            #expect(missing.json[0]?["errorCode"] == "MISSING_ARGUMENT")
            let scope = try await org.send("GET", "\(org.dataPath)/parameterizedSearch?q=acme&in=EVERYWHERE", token: token)
            #expect(scope.json[0]?["errorCode"] == "INVALID_SEARCH_SCOPE")
        }
    }

    @Test("scopeOrder puts the objects the user works with first; layout gives columns per object in order")
    func scopeOrderAndLayout() async throws {
        try await withSearchOrg { org, token throws in
            let order = try await org.send("GET", "\(org.dataPath)/search/scopeOrder", token: token)
            let types = order.json.arrayValue?.compactMap { $0["type"]?.stringValue } ?? []
            #expect(Array(types.prefix(3)) == ["Account", "Contact", "Lead"])
            #expect(!types.contains("User"))
            #expect(order.json[0]?["url"] == .string("\(org.dataPath)/sobjects/Account"))
            let layout = try await org.send("GET", "\(org.dataPath)/search/layout?q=Contact,Account", token: token)
            #expect(layout.json.arrayValue?.count == 2)
            #expect(layout.json[0]?["label"] == "Search Results")
            #expect(layout.json[0]?["limitRows"] == 25)
            #expect(
                layout.json[0]?["searchColumns"]?[0] == ["field": "Contact.Name", "format": .null, "label": "Full Name", "name": "Name"])
            #expect(layout.json[1]?["searchColumns"]?[0]?["field"] == "Account.Name")
            #expect(
                try await org.send("GET", "\(org.dataPath)/search/layout?q=Nope", token: token).json[0]?["errorCode"]
                    == "INVALID_TYPE")
        }
    }
}
