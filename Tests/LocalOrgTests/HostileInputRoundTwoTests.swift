import ForceKitTestSupport
import ForceKitTesting
import Foundation
import LocalOrg
import LocalOrgEngine
import SalesforceAuth
import SalesforceCore
import Testing

/// The second probe's findings: each request here once crashed, stalled or misled LocalOrg.
@Suite("LocalOrg: hostile input, round two")
struct HostileInputRoundTwoTests {
    private func query(_ org: APITestOrg, _ token: String, _ soql: String) async throws -> HTTPResponse {
        let encoded = soql.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        return try await org.send("GET", "\(org.dataPath)/query?q=\(encoded)", token: token)
    }

    private func expectStillServing(_ org: APITestOrg, _ token: String) async throws {
        let reply = try await query(org, token, "SELECT COUNT() FROM Account")
        #expect(reply.status == 200 && reply.json["totalSize"] == .integer(Int64(SeedDataCount.accounts)))
    }

    /// `w0 OR w1 OR … wN`, joined by `connective`.
    private func terms(_ count: Int, _ connective: String) -> String {
        (0..<count).map { "w\($0)" }.joined(separator: connective)
    }

    @Test("40,000 search terms (OR, AND, AND NOT) in parameterizedSearch and in a composite FIND answer, with no stack overflow")
    func tensOfThousandsOfTerms() async throws {
        try await withTestOrg { org throws in
            let token = try await org.passwordToken()
            for connective in [" OR ", " AND ", " AND NOT "] {
                let term = "acme" + connective + terms(40_000, connective)
                let body: JSON = ["q": .string(term), "sobjects": [["name": "Account"]]]
                let reply = try await org.send("POST", "\(org.dataPath)/parameterizedSearch", token: token, json: body)
                // Longer than 10,000 characters: Salesforce returns no rows.
                #expect(reply.status == 200 && reply.json["searchRecords"]?.arrayValue?.isEmpty == true, "\(reply.text.prefix(300))")
            }
            let find = "FIND {\(terms(40_000, " OR "))} RETURNING Account(Name)"
            let encoded = find.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            let composite: JSON = [
                "compositeRequest": [["method": "GET", "url": .string("\(org.dataPath)/search?q=\(encoded)"), "referenceId": "deep"]]
            ]
            let reply = try await org.send("POST", "\(org.dataPath)/composite", token: token, json: composite)
            #expect(reply.status == 200 && reply.json["compositeResponse"]?[0]?["httpStatusCode"] == 200, "\(reply.text.prefix(300))")
            try await expectStillServing(org, token)
        }
    }

    @Test("a term over 4,000 characters loses its operators (AND finds either word) and over 10,000 finds nothing, as in Salesforce")
    func termLengthLimits() async throws {
        try await withTestOrg(seed: false) { org throws in
            let token = try await org.passwordToken()
            for name in ["Alpha Works", "Beta Works"] {
                _ = try await org.send("POST", "\(org.dataPath)/sobjects/Account", token: token, json: ["Name": .string(name)])
            }
            func found(_ term: String) async throws -> [String] {
                let body: JSON = ["q": .string(term), "sobjects": [["name": "Account", "fields": ["Name"]]]]
                let reply = try await org.send("POST", "\(org.dataPath)/parameterizedSearch", token: token, json: body)
                return (reply.json["searchRecords"]?.arrayValue ?? []).compactMap { $0["Name"]?.stringValue }.sorted()
            }
            #expect(try await found("alpha AND beta") == [])
            let padding = String(repeating: "z", count: 4_100)
            #expect(try await found("alpha AND beta AND NOT \(padding)") == ["Alpha Works", "Beta Works"])
            #expect(try await found("alpha OR \(String(repeating: "z", count: 10_001))") == [])
        }
    }

    @Test("semi-joins nested seven deep and 3,000 OR terms answer 400 and the records, never a 500 with SQL")
    func deepAndWideConditions() async throws {
        try await withTestOrg { org throws in
            let token = try await org.passwordToken()
            var inner = "SELECT Id FROM Account WHERE Name != null"
            for level in 0..<7 {
                inner =
                    level % 2 == 0
                    ? "SELECT AccountId FROM Contact WHERE AccountId IN (\(inner))" : "SELECT Id FROM Account WHERE Id IN (\(inner))"
            }
            let deep = try await query(org, token, "SELECT Id FROM Account WHERE Id IN (\(inner))")
            #expect(deep.status == 400 && deep.json[0]?["errorCode"] == "MALFORMED_QUERY", "\(deep.text.prefix(300))")
            #expect(deep.text.contains("Nesting of semi join sub-selects is not supported"))
            let store = org.server.store
            let names = (0..<3_000).map { "Name = 'nobody \($0)'" }.joined(separator: " OR ")
            let wide = try await store.query("SELECT Name FROM Account WHERE \(names) OR Name = 'Acme Inc.'")
            #expect(wide.records.map { $0["Name"]?.stringValue } == ["Acme Inc."])
            let values = Array(repeating: "7", count: 40_000).joined(separator: ",")
            do throws(APIError) {
                _ = try await store.query("SELECT Id FROM Account WHERE NumberOfEmployees IN (\(values))")
                Issue.record("40,000 values were bound")
            } catch {
                #expect(error.errorCode == "QUERY_TOO_COMPLICATED" && error.status == 400)
            }
            do throws(APIError) {
                _ = try await store.query(
                    "SELECT Id FROM Account WHERE Name = '\(String(repeating: "x", count: 100_001))'")
                Issue.record("a statement over 100,000 characters was run")
            } catch {
                #expect(error.errorCode == "MALFORMED_QUERY" && error.message.contains("cannot be longer than 100000 characters"))
            }
            try await expectStillServing(org, token)
        }
    }

    /// A token request whose head and body a client sends a byte at a time.
    private let slowRequest = Array(
        ("POST /services/oauth2/token HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n"
            + "Content-Length: 60\r\n\r\n" + String(repeating: "a", count: 60)).utf8)

    private var headLength: Int { slowRequest.count - 60 }

    @Test("a request trickled in a byte at a time loses its connection at its deadline, head or body, instead of holding it")
    func trickledRequests() async throws {
        var configuration = LocalOrgConfiguration()
        configuration.requestDeadlines = (head: 1, body: 1)
        try await withTestOrg(.live, seed: false, configuration: configuration) { org throws in
            let port = try #require(URL(string: org.credentials.instanceURL)?.port)
            // Before, each byte started the idle timeout again, and the whole request went through.
            let head = try await RawSocketClient.trickle(port: port, request: slowRequest, interval: 0.2)
            #expect(head < headLength, "the server read \(head) bytes of a trickled head")
            let body = try await RawSocketClient.trickle(port: port, request: slowRequest, sendingFirst: headLength, interval: 0.2)
            #expect(body > headLength && body < slowRequest.count, "the server read \(body) bytes of a trickled body")
            let token = try await org.passwordToken()
            #expect(try await org.send("GET", "\(org.dataPath)/limits", token: token).status == 200)
        }
    }

    @Test("a stop does not wait for ever for a request still arriving: past its bound the request is cut off")
    func boundedShutdown() async throws {
        var configuration = LocalOrgConfiguration()
        configuration.requestDeadlines = (head: 600, body: 600)
        configuration.shutdownDeadline = 1
        try await withTestOrg(.live, seed: false, configuration: configuration) { org throws in
            let port = try #require(URL(string: org.credentials.instanceURL)?.port)
            let request = slowRequest
            let sender = Task {
                try await RawSocketClient.trickle(port: port, request: request, sendingFirst: request.count - 40, interval: 0.25)
            }
            try await Task.sleep(for: .milliseconds(300))
            await org.server.stop()
            // Before, the stop waited for the last byte; now the connection is closed while 40 bytes take 10 seconds.
            let sent = try await sender.value
            #expect(sent < request.count, "the stop waited for the whole trickled request")
        }
    }

    @Test("a composite/sobjects body of 900,000 records is refused for its count, as Salesforce refuses more than 200")
    func nineHundredThousandRecords() async throws {
        try await withTestOrg(seed: false) { org throws in
            let token = try await org.passwordToken()
            let record = #"{"attributes":{"type":"Account"},"Name":"x"}"#
            let body = #"{"allOrNone":false,"records":["# + Array(repeating: record, count: 900_000).joined(separator: ",") + "]}"
            let reply = try await org.send(
                "POST", "\(org.dataPath)/composite/sobjects",
                headers: ["Authorization": "Bearer \(token)", "Content-Type": "application/json"],
                body: Data(body.utf8))
            #expect(reply.status == 400 && reply.json[0]?["errorCode"] == "EXCEEDED_ID_LIMIT", "\(reply.text.prefix(300))")
            let count = try await query(org, token, "SELECT COUNT() FROM Account")
            #expect(count.json["totalSize"] == 0)
        }
    }

    @Test("U+0000 in a text value is refused with nothing stored, never kept cut short")
    func nulInText() async throws {
        try await withTestOrg(seed: false) { org throws in
            let token = try await org.passwordToken()
            for name in ["ab\u{0}cd", "\u{0}"] {
                let reply = try await org.send(
                    "POST", "\(org.dataPath)/sobjects/Account", token: token, json: ["Name": .string(name)])
                #expect(reply.status == 400 && reply.json[0]?["errorCode"] == "JSON_PARSER_ERROR", "\(reply.text.prefix(300))")
            }
            let created = try await org.send("POST", "\(org.dataPath)/sobjects/Account", token: token, json: ["Name": "abcd"])
            let id = try #require(created.json["id"]?.stringValue)
            let update = try await org.send(
                "PATCH", "\(org.dataPath)/sobjects/Account/\(id)", token: token, json: ["Description": "x\u{0}y"])
            #expect(update.status == 400)
            let rows = try await query(org, token, "SELECT Name, Description FROM Account")
            #expect(rows.json["records"]?.arrayValue?.map { [$0["Name"], $0["Description"]] } == [["abcd", .null]])
        }
    }
}
