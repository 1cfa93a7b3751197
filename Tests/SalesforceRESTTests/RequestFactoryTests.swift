import ForceKitTestSupport
import Foundation
import SalesforceAuth
import SalesforceCore
import SalesforceREST
import Testing

@Suite("Request factory and URL composition")
struct RequestFactoryTests {
    let requests = RequestFactory(apiVersion: APIVersion(major: 62))
    static let credentials: OAuthCredentials = {
        let tokens = try! TokenResponse(fields: [
            "access_token": "tok", "instance_url": "https://na1.salesforce.com",
            "id": "https://login.salesforce.com/id/00D000000000001EAA/005000000000001AAA",
        ])
        return OAuthCredentials(tokens: tokens, clientID: "k", redirectURI: "x://y", loginHost: .production)
    }()

    func url(_ request: RestRequest, _ credentials: OAuthCredentials? = Self.credentials) throws -> String {
        try request.url(for: credentials).absoluteString
    }

    @Test("Each call has its method, path and query, at the one configured version")
    func catalogue() throws {
        let base = "https://na1.salesforce.com/services/data/v62.0"
        let cases: [(RestRequest, RestMethod, String)] = [
            (requests.versions(), .get, "https://na1.salesforce.com/services/data/"),
            (requests.resources(), .get, base),
            (requests.describeGlobal(), .get, base + "/sobjects"),
            (requests.metadata("Account"), .get, base + "/sobjects/Account"),
            (requests.describe("Account"), .get, base + "/sobjects/Account/describe"),
            (requests.layout("Account", layoutType: "Compact"), .get, base + "/ui-api/layout/Account?layoutType=Compact"),
            (
                requests.retrieve("Account", id: "001x", fields: ["Name", "Id", "Name"]), .get,
                base + "/sobjects/Account/001x?fields=Name,Id"
            ),
            (requests.retrieve("Account", id: "001x"), .get, base + "/sobjects/Account/001x"),
            (requests.create("Account", fields: ["Name": "A"]), .post, base + "/sobjects/Account"),
            (requests.update("Account", id: "001x", fields: ["Name": "B"]), .patch, base + "/sobjects/Account/001x"),
            (
                requests.upsert("Account", externalIDField: "Ext__c", externalID: "e 1", fields: [:]), .patch,
                base + "/sobjects/Account/Ext__c/e%201"
            ),
            (requests.upsert("Account", externalIDField: "Id", externalID: nil, fields: [:]), .post, base + "/sobjects/Account/Id/"),
            (requests.delete("Account", id: "001x"), .delete, base + "/sobjects/Account/001x"),
            (
                requests.query("SELECT Id FROM Account WHERE CreatedDate > 2020-01-01T00:00:00+00:00"), .get,
                base + "/query?q=SELECT%20Id%20FROM%20Account%20WHERE%20CreatedDate%20%3E%202020-01-01T00%3A00%3A00%2B00%3A00"
            ),
            (requests.queryAll("SELECT Id FROM Account"), .get, base + "/queryAll?q=SELECT%20Id%20FROM%20Account"),
            (requests.queryMore("/services/data/v62.0/query/01gx-2000"), .get, base + "/query/01gx-2000"),
            (requests.search("FIND {a&b}"), .get, base + "/search?q=FIND%20%7Ba%26b%7D"),
            (requests.searchScopeAndOrder(), .get, base + "/search/scopeOrder"),
            (requests.searchResultLayout(["Account", "Contact"]), .get, base + "/search/layout?q=Account,Contact"),
            (requests.limits(), .get, base + "/limits"),
            (requests.batch([]), .post, base + "/composite/batch"),
            (requests.composite([]), .post, base + "/composite"),
            (requests.tree("Account", records: []), .post, base + "/composite/tree/Account"),
            (requests.deleteRecords(ids: ["001a", "001b"]), .delete, base + "/composite/sobjects?ids=001a,001b&allOrNone=false"),
            (requests.apexREST(.get, path: "simpleAccount/001x"), .get, "https://na1.salesforce.com/services/apexrest/simpleAccount/001x"),
            (try requests.ownedFiles(), .get, base + "/connect/files/users/me"),
            (
                try requests.filesSharedWithUser(userID: "005x", page: 2), .get,
                base + "/connect/files/users/005x/filter/sharedwithme?page=2"
            ),
            (try requests.filesInUsersGroups(), .get, base + "/connect/files/users/me/filter/groups"),
            (try requests.fileDetails("069x", version: "2"), .get, base + "/connect/files/069x?versionNumber=2"),
            (try requests.batchFileDetails(["069a", "069b"]), .get, base + "/connect/files/batch/069a,069b"),
            (try requests.fileRendition("069x"), .get, base + "/connect/files/069x/rendition?type=THUMB120BY90"),
            (try requests.fileContents("069x"), .get, base + "/connect/files/069x/content"),
            (try requests.fileShares("069x"), .get, base + "/connect/files/069x/file-shares"),
            (try requests.addFileShare("069x", entityID: "005x"), .post, base + "/sobjects/ContentDocumentLink"),
            (try requests.deleteFileShare("06Ax"), .delete, base + "/sobjects/ContentDocumentLink/06Ax"),
            (try requests.uploadFile(Data("hi".utf8), name: "a.txt"), .post, base + "/connect/files/users/me"),
        ]
        for (request, method, expected) in cases {
            #expect(request.method == method)
            #expect(try url(request) == expected)
        }
        #expect(try url(requests.userInfo()) == "https://login.salesforce.com/services/oauth2/userinfo")
        #expect(requests.versions().requiresAuthentication == false)
        #expect(
            try RequestFactory(communityID: SalesforceID("0DB000000000001")).ownedFiles().path
                == "/v66.0/connect/communities/0DB000000000001GAA/files/users/me")
        #expect(throws: RestError.self) { try requests.fileDetails("") }
        #expect(throws: RestError.self) { try requests.addFileShare("069x", entityID: "005x", shareType: "X") }
    }

    @Test("Update with a date sends If-Unmodified-Since in GMT; without one, no header")
    func ifUnmodifiedSince() {
        let request = requests.update("Account", id: "001x", fields: [:], ifUnmodifiedSince: Date(timeIntervalSince1970: 784_887_151))
        #expect(request.headers["If-Unmodified-Since"] == "Tue, 15 Nov 1994 08:12:31 GMT")
        #expect(requests.update("Account", id: "001x", fields: [:]).headers.isEmpty)
    }

    @Test("Batch and composite bodies embed each subrequest's method, URL and body")
    func compositeBodies() throws {
        let batch = requests.batch(
            [
                requests.update("Account", id: "001x", fields: ["Name": "New"]), requests.delete("Account", id: "001x"),
                requests.query("SELECT Id FROM Account"),
            ], haltOnError: true)
        #expect(
            batch.bodyJSON == [
                "batchRequests": [
                    ["method": "PATCH", "url": "v62.0/sobjects/Account/001x", "richInput": ["Name": "New"]],
                    ["method": "DELETE", "url": "v62.0/sobjects/Account/001x"],
                    ["method": "GET", "url": "v62.0/query?q=SELECT%20Id%20FROM%20Account"],
                ],
                "haltOnError": true,
            ])
        let composite = requests.composite(
            [
                ("ref1", requests.create("Account", fields: ["Name": "A"])),
                ("ref2", requests.retrieve("Account", id: "@{ref1.id}")),
            ], allOrNone: true)
        #expect(
            composite.bodyJSON == [
                "compositeRequest": [
                    ["method": "POST", "url": "/services/data/v62.0/sobjects/Account", "body": ["Name": "A"], "referenceId": "ref1"],
                    ["method": "GET", "url": "/services/data/v62.0/sobjects/Account/@{ref1.id}", "referenceId": "ref2"],
                ],
                "allOrNone": true,
            ])
        let tree = requests.tree(
            "Account",
            records: [
                SObjectTree(
                    objectType: "Account", objectTypePlural: "Accounts", referenceID: "p", fields: ["Name": "A"],
                    children: [
                        SObjectTree(objectType: "Contact", objectTypePlural: "Contacts", referenceID: "c", fields: ["LastName": "B"])
                    ])
            ])
        #expect(
            tree.bodyJSON == [
                "records": [
                    [
                        "attributes": ["type": "Account", "referenceId": "p"], "Name": "A",
                        "Contacts": ["records": [["attributes": ["type": "Contact", "referenceId": "c"], "LastName": "B"]]],
                    ]
                ]
            ])
    }

    @Test("Whole URLs are used as is; relative paths need a user; the community URL wins")
    func urlRules() throws {
        let external = RestRequest.customURL(
            method: .get, baseURL: "https://api.example.com/v1", path: "/search",
            queryItems: [("q", "James Brown"), ("type", "a+b")])
        #expect(try url(external, nil) == "https://api.example.com/v1/search?q=James%20Brown&type=a%2Bb")
        #expect(!external.requiresAuthentication)
        #expect(throws: RestError.self) { try requests.resources().url(for: nil) }
        var community = Self.credentials
        community.communityURL = URL(string: "https://c.force.com/fine")
        #expect(try requests.resources().url(for: community).absoluteString == "https://c.force.com/fine/services/data/v62.0")
    }

    @Test("SOQL and SOSL builders: order kept, duplicates dropped, terms escaped, limit capped at 200")
    func builders() {
        #expect(
            QueryBuilder.soql(
                fields: ["Id", "Name", "Id"], from: "Account", where: "Name LIKE 'A%'", groupBy: ["Name"], having: "COUNT(Id) > 1",
                orderBy: ["Name"], limit: 10)
                == "select Id,Name from Account where Name LIKE 'A%' group by Name having COUNT(Id) > 1 order by Name limit 10")
        #expect(QueryBuilder.soql(fields: [], from: "Account") == nil)
        #expect(QueryBuilder.soql(fields: ["Id"], from: "Account", having: "x") == "select Id from Account")
        #expect(QueryBuilder.sanitizeSOSLSearchTerm("FIND {MyProspect}") == "FIND \\{MyProspect\\}")
        #expect(QueryBuilder.sanitizeSOSLSearchTerm("a\\b") == "a\\\\b")
        #expect(
            QueryBuilder.sosl(searchTerm: "Acme-1", objectScope: [("Account", "Id, Name"), ("Contact", nil)], limit: 500)
                == "FIND {Acme\\-1} IN NAME FIELDS RETURNING Account (Id, Name),Contact LIMIT 200")
        #expect(QueryBuilder.sosl(searchTerm: "") == nil)
        #expect(QueryBuilder.escapeSOQLString("O'Brien\\") == "O\\'Brien\\\\")
    }

    @Test("Every escaped SOSL term parses back to the same single term: property over random input")
    func soslEscapingProperty() {
        let seed = UInt64.random(in: 1...UInt64.max)
        var generator = SeededGenerator(seed: seed)
        let alphabet = Array("ab \\?&|!{}[]()^~*:\"'+-é")
        for _ in 0..<2000 {
            let term = String((0..<Int.random(in: 1...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            let escaped = QueryBuilder.sanitizeSOSLSearchTerm(term)
            // Unescaping restores the term, and no reserved character is left bare.
            var restored = ""
            var iterator = escaped.makeIterator()
            var bare = false
            while let character = iterator.next() {
                if character == "\\" {
                    restored.append(iterator.next() ?? "?")
                } else {
                    if "\\?&|!{}[]()^~*:\"'+-".contains(character) { bare = true }
                    restored.append(character)
                }
            }
            #expect(restored == term && !bare, "seed \(seed): \(term)")
        }
    }
}
