import ForceKitTesting
import SalesforceCore
import SalesforceREST
import Testing

/// `sobjects/T/{id}/{relationship}` as the REST API Developer Guide's "sObject Relationships"
/// documents it: a lookup answers with the record it names, a child relationship with its
/// records as a query result; an id with an external-id field name still means an upsert lookup.
@Suite("Records through their relationships")
struct RelationshipTests {
    @Test("a contact's Account is the account record; an account's Contacts are a query result, with fields when asked")
    func traversal() async throws {
        try await withLocalOrg(seed: false) { org throws in
            let client = RestClient(credentials: try await org.logIn(), refresher: nil)
            let account = try #require(
                try await client.send(client.requests.create("Account", fields: ["Name": "Acme"])).json?["id"]?.stringValue)
            var contacts: [String] = []
            for name in ["Lee", "Ng"] {
                let created = try await client.send(
                    client.requests.create("Contact", fields: ["LastName": .string(name), "AccountId": .string(account)]))
                contacts.append(try #require(created.json?["id"]?.stringValue))
            }
            let parent = try await client.send(client.requests.related("Contact", id: contacts[0], relationship: "Account")).json
            #expect(parent?["Name"] == "Acme" && parent?["attributes"]?["type"] == "Account")
            let children = try await client.send(
                client.requests.related("Account", id: account, relationship: "Contacts", fields: ["LastName"])
            ).json
            #expect(children?["totalSize"] == 2 && children?["done"] == true)
            #expect(Set(children?["records"]?.arrayValue?.compactMap { $0["LastName"]?.stringValue } ?? []) == ["Lee", "Ng"])
            #expect(children?["records"]?[0]?["Email"] == nil)

            // A contact with no account has no Account to answer with.
            let alone = try #require(
                try await client.send(client.requests.create("Contact", fields: ["LastName": "Solo"])).json?["id"]?.stringValue)
            let none = await #expect(throws: RestError.self) {
                try await client.send(client.requests.related("Contact", id: alone, relationship: "Account"))
            }
            #expect(none?.status == 404)
            // Not a field list: refused, never run.
            let hostile = await #expect(throws: RestError.self) {
                try await client.send(
                    client.requests.related("Account", id: account, relationship: "Contacts", fields: ["Id FROM User WHERE Id != null"]))
            }
            #expect(hostile?.status == 400)
        }
    }
}
