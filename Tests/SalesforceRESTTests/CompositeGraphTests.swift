import ForceKitTesting
import SalesforceCore
import SalesforceREST
import Testing

/// `composite/graph` as the REST API Developer Guide's "Composite Graph" documents it: each
/// graph all or none, nodes that use earlier nodes' ids, `graphs` of `graphId`,
/// `graphResponse.compositeResponse` and `isSuccessful`, and the documented limits.
@Suite("Composite graphs")
struct CompositeGraphTests {
    @Test("a graph that fails is rolled back alone; the other graph's account and contact stay")
    func graphsAllOrNone() async throws {
        try await withLocalOrg(seed: false) { org throws in
            let client = RestClient(credentials: try await org.logIn(), refresher: nil)
            let requests = client.requests
            let good: [(referenceID: String, request: RestRequest)] = [
                ("acme", requests.create("Account", fields: ["Name": "Graph Acme"])),
                ("lee", requests.create("Contact", fields: ["LastName": "Lee", "AccountId": "@{acme.id}"])),
            ]
            let bad: [(referenceID: String, request: RestRequest)] = [
                ("globex", requests.create("Account", fields: ["Name": "Graph Globex"])),
                ("nameless", requests.create("Contact", fields: ["AccountId": "@{globex.id}"])),
            ]
            let answer = try await client.send(requests.graph([("g1", good), ("g2", bad)])).json
            let graphs = answer?["graphs"]?.arrayValue ?? []
            #expect(graphs.map { $0["graphId"]?.stringValue } == ["g1", "g2"])
            #expect(graphs.map { $0["isSuccessful"]?.boolValue } == [true, false])
            let failed = graphs[1]["graphResponse"]?["compositeResponse"]?.arrayValue ?? []
            #expect(failed.map { $0["httpStatusCode"]?.integerValue } == [400, 400])
            #expect(failed[0]["body"]?[0]?["errorCode"] == "PROCESSING_HALTED")
            #expect(failed[1]["body"]?[0]?["errorCode"] == "REQUIRED_FIELD_MISSING")
            let names = try await client.send(requests.query("SELECT Name, (SELECT LastName FROM Contacts) FROM Account")).json
            #expect(names?["totalSize"] == 1 && names?["records"]?[0]?["Name"] == "Graph Acme")
            #expect(names?["records"]?[0]?["Contacts"]?["records"]?[0]?["LastName"] == "Lee")
        }
    }

    @Test("a node that is no record request, a repeated graphId and more than 500 nodes are refused before anything runs")
    func limits() async throws {
        try await withLocalOrg(seed: false) { org throws in
            let client = RestClient(credentials: try await org.logIn(), refresher: nil)
            let requests = client.requests
            func refusal(_ request: RestRequest) async -> String? {
                let error = await #expect(throws: RestError.self) { try await client.send(request) }
                return error?.salesforceErrors.first?.errorCode
            }
            #expect(await refusal(requests.graph([("g", [("q", requests.query("SELECT Id FROM Account"))])])) == "INVALID_INPUT")
            let one: [(referenceID: String, request: RestRequest)] = [("a", requests.create("Account", fields: ["Name": "A"]))]
            #expect(await refusal(requests.graph([("g", one), ("g", one)])) == "INVALID_INPUT")
            let many = (0..<501).map { (referenceID: "a\($0)", request: requests.create("Account", fields: ["Name": "A"])) }
            #expect(await refusal(requests.graph([("g", many)])) == "LIMIT_EXCEEDED")
            let count = try await client.send(requests.query("SELECT COUNT() FROM Account")).json
            #expect(count?["totalSize"] == 0)
        }
    }
}
