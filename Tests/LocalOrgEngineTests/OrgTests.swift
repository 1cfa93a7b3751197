import ForceKitTestSupport
import Foundation
import LocalOrgEngine
import SalesforceCore
import Testing

/// The engine on its own: the REST API answered with no HTTP server, as a tool or a test may
/// call it.
@Suite("LocalOrg's engine without HTTP")
struct OrgTests {
    /// A new org in `directory`, and a session of its default user from the password grant.
    func openOrg(in directory: URL) async throws -> (Org, Session) {
        let org = try await Org.open(
            in: directory, schemaFile: nil, seedsSampleData: false, tokenLifetime: 3600, clock: { Date() }, pushEnabled: true,
            apexRoutes: [])
        let tokens = try await org.token([
            "grant_type": "password", "client_id": org.settings.connectedApps[0].consumerKey,
            "username": org.settings.username, "password": org.settings.password,
        ])
        return (org, try await org.oauth.session(accessToken: try #require(tokens["access_token"])))
    }

    /// A reply's JSON body.
    func json(_ reply: RestReply) throws -> JSON {
        try JSON(parsing: try #require(reply.body))
    }

    func call(_ method: String, _ path: String, _ parameters: [(name: String, value: String)] = [], body: JSON? = nil) -> RestCall {
        RestCall(
            method: method, version: APIVersion.current.description, segments: path.split(separator: "/").map(String.init),
            parameters: parameters, body: body.map(RestCall.Body.json) ?? .none, headers: [:])
    }

    @Test("Records are created, queried and viewed; a view, though a GET, writes the recent items")
    func recordsWithoutHTTP() async throws {
        try await withTemporaryDirectory { directory throws in
            let (org, session) = try await openOrg(in: directory)
            var ids: [String] = []
            for name in ["Acme", "Globex"] {
                let created = try await org.answer(call("POST", "sobjects/Account", body: ["Name": .string(name)]), as: session)
                #expect(created.status == 201)
                ids.append(try #require(try json(created)["id"]?.stringValue))
            }
            let query = try await org.answer(call("GET", "query", [("q", "SELECT Name FROM Account ORDER BY Name")]), as: session)
            let page = try json(query)
            #expect(page["totalSize"] == 2 && page["records"]?[0]?["Name"] == "Acme")
            func recent() async throws -> [String] {
                try json(try await org.answer(call("GET", "recent"), as: session)).arrayValue?.compactMap { $0["Id"]?.stringValue } ?? []
            }
            #expect(try await recent() == [ids[1], ids[0]])
            #expect(try await org.answer(call("GET", "sobjects/Account/\(ids[0])"), as: session).status == 200)
            #expect(try await recent() == [ids[0], ids[1]])
        }
    }

    @Test("An update reads what it derives from and checks: a full name keeps the stored half, a required field cannot be cleared")
    func updateReadsDerivedInputs() async throws {
        try await withTemporaryDirectory { directory throws in
            let (org, session) = try await openOrg(in: directory)
            let id = try await org.store.create("Contact", fields: ["FirstName": "Ada", "LastName": "Byron"], as: session.userID)
            try await org.store.update("Contact", id: id, fields: ["LastName": "Lovelace"], as: session.userID)
            let read = try await org.answer(call("GET", "sobjects/Contact/\(id)"), as: session)
            #expect(try json(read)["Name"] == "Ada Lovelace")
            await #expect {
                try await org.store.update("Contact", id: id, fields: ["LastName": .null], as: session.userID)
            } throws: { error in
                (error as? APIError)?.errorCode == "REQUIRED_FIELD_MISSING"
            }
        }
    }

    @Test("Recent items keep the last 200 records touched, also by type, however many writes come between prunings")
    func recentItemsCapacity() async throws {
        try await withTemporaryDirectory { directory throws in
            let (org, session) = try await openOrg(in: directory)
            func ids(_ records: [SObjectRecord]) -> [String] {
                records.map { $0["Id"].flatMap { if case .string(let id) = $0 { id } else { nil } } ?? "" }
            }
            let contact = try await org.store.create("Contact", fields: ["LastName": "Early"], as: session.userID)
            #expect(ids(try await org.store.recentItems(of: session.userID, type: "Contact")) == [contact])
            for count in [199, 1, 70] {
                let accounts = try await org.store.create(
                    "Account", records: (0..<count).map { ["Name": .string("Account \($0)")] }, as: session.userID)
                let recent = try await org.store.recentItems(of: session.userID)
                #expect(recent.count == 200 && ids(recent).first == accounts.last)
                // The Contact falls off once 200 later records have been touched, pruned yet or not.
                let contacts = try await org.store.recentItems(of: session.userID, type: "Contact")
                #expect(ids(contacts) == (count == 199 ? [contact] : []), "after \(count) more Accounts")
            }
        }
    }

    @Test("One resource, one answer: a call fails alike on its own and as a composite subrequest")
    func oneEntrance() async throws {
        try await withTemporaryDirectory { directory throws in
            let (org, session) = try await openOrg(in: directory)
            let direct = await #expect(throws: APIError.self) { try await org.answer(call("GET", "query"), as: session) }
            let composite = try await org.answer(
                call(
                    "POST", "composite",
                    body: [
                        "compositeRequest": [
                            ["method": "GET", "url": .string("/services/data/\(APIVersion.current)/query"), "referenceId": "q"]
                        ]
                    ]), as: session)
            let sub = try json(composite)["compositeResponse"]?[0]
            #expect(sub?["httpStatusCode"] == 400)
            #expect(sub?["body"]?[0]?["message"] == direct.map { .string($0.message) })
            #expect(sub?["body"]?[0]?["errorCode"] == "MALFORMED_QUERY" && direct?.errorCode == "MALFORMED_QUERY")
        }
    }

    @Test("Unknown resources and nested composite requests are refused as Salesforce refuses them")
    func refusals() async throws {
        try await withTemporaryDirectory { directory throws in
            let (org, session) = try await openOrg(in: directory)
            await #expect(throws: APIError.notFound) { try await org.answer(call("GET", "nothing/here"), as: session) }
            let nested = try await org.answer(
                call(
                    "POST", "composite/batch",
                    body: ["batchRequests": [["method": "POST", "url": .string("\(APIVersion.current)/composite/batch")]]]), as: session)
            let result = try json(nested)["results"]?[0]
            #expect(result?["statusCode"] == 400)
            #expect(result?["result"]?[0]?["errorCode"] == "INVALID_BATCH_REQUEST")
        }
    }

    @Test("Two new orgs share no id: their admins and their first records are different records, as no two Salesforce orgs' are")
    func idsAreTheOrgsOwn() async throws {
        try await withTemporaryDirectory { first throws in
            try await withTemporaryDirectory { second throws in
                let (one, oneSession) = try await openOrg(in: first)
                let (other, otherSession) = try await openOrg(in: second)
                #expect(one.settings.organizationID != other.settings.organizationID)
                #expect(one.defaultUser.userID != other.defaultUser.userID)
                let oneAccount = try await one.store.create("Account", fields: ["Name": "Acme"], as: oneSession.userID)
                let otherAccount = try await other.store.create("Account", fields: ["Name": "Acme"], as: otherSession.userID)
                #expect(oneAccount != otherAccount)
                // Reopened, an org goes on counting where it was: its admin keeps its id.
                let reopened = try await Org.open(
                    in: first, schemaFile: nil, seedsSampleData: false, tokenLifetime: 3600, clock: { Date() }, pushEnabled: true,
                    apexRoutes: [])
                #expect(reopened.defaultUser == one.defaultUser)
                let next = try await reopened.store.create("Account", fields: ["Name": "Globex"], as: oneSession.userID)
                #expect(next != oneAccount && next.prefix(3) == "001")
            }
        }
    }

    @Test("Usernames compare without case, as Salesforce's do: a login in capitals works, and a second user by another case is a duplicate")
    func usernamesIgnoreCase() async throws {
        try await withTemporaryDirectory { directory throws in
            let (org, session) = try await openOrg(in: directory)
            let tokens = try await org.token([
                "grant_type": "password", "client_id": org.settings.connectedApps[0].consumerKey,
                "username": org.settings.username.uppercased(), "password": org.settings.password,
            ])
            #expect(tokens["access_token"] != nil)
            await #expect(throws: APIError.self) {
                _ = try await org.addUser(
                    username: org.settings.username.uppercased(), password: "Second-Pa55word", firstName: "Ada", lastName: "Shout")
            }
            let twin = call(
                "POST", "sobjects/User",
                body: ["Username": "Admin@LocalOrg.Test", "LastName": "Twin", "Alias": "twin", "Email": "twin@localorg.test"])
            let refusal = await #expect(throws: APIError.self) { try await org.answer(twin, as: session) }
            #expect(refusal?.errorCode == "DUPLICATE_VALUE")
        }
    }
}
