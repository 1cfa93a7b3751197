import ForceKitTestSupport
import ForceKitTesting
import Foundation
import LocalOrg
import SalesforceAuth
import SalesforceCore
import Testing

/// Each request here once ended the whole server with a Swift trap (an arithmetic overflow or
/// a negative index); now each is answered, and the server goes on answering.
@Suite("LocalOrg: one hostile request cannot take the server down")
struct HostileInputTests {
    private func query(_ org: APITestOrg, _ token: String, _ soql: String, headers: [String: String] = [:]) async throws
        -> HTTPResponse
    {
        let encoded = soql.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        return try await org.send("GET", "\(org.dataPath)/query?q=\(encoded)", token: token, headers: headers)
    }

    /// The server still answers an ordinary request.
    private func expectStillServing(_ org: APITestOrg, _ token: String, accounts: Int = SeedDataCount.accounts) async throws {
        let reply = try await query(org, token, "SELECT COUNT() FROM Account")
        #expect(reply.status == 200)
        #expect(reply.json["totalSize"] == .integer(Int64(accounts)))
    }

    @Test("date literals with the largest n answer with the records they reach, not an overflow")
    func dateLiteralExtremes() async throws {
        try await withTestOrg { org throws in
            let token = try await org.passwordToken()
            let all = Int64(SeedDataCount.accounts)
            // The records were created today. Reaching past every stored date finds every one;
            // a range that ends before today or starts after it finds none.
            for (condition, expected) in [
                ("CreatedDate = N_FISCAL_YEARS_AGO:2147483647", Int64(0)),
                ("CreatedDate = N_DAYS_AGO:2147483647", 0),
                ("CreatedDate = LAST_N_FISCAL_QUARTERS:2147483647", 0),
                ("CreatedDate = LAST_N_DAYS:2147483647", all),
                ("CreatedDate > LAST_N_WEEKS:2147483647", all),
                ("CreatedDate < NEXT_N_YEARS:2147483647", all),
                ("CreatedDate > NEXT_N_MONTHS:2147483647", 0),
                ("CreatedDate = NEXT_N_DAYS:2147483647", 0),
            ] {
                let reply = try await query(org, token, "SELECT COUNT() FROM Account WHERE \(condition)")
                #expect(reply.status == 200, "\(condition): \(reply.text)")
                #expect(reply.json["totalSize"] == .integer(expected), "\(condition)")
            }
            let tooBig = try await query(org, token, "SELECT Id FROM Account WHERE CreatedDate = LAST_N_DAYS:2147483648")
            #expect(tooBig.status == 400)
            #expect(tooBig.json[0]?["errorCode"] == "MALFORMED_QUERY")
            try await expectStillServing(org, token)
        }
    }

    @Test("a SOSL statement with an unclosed parenthesis in WITH is a 400, not a request that never ends (a fuzz finding)")
    func unclosedParenthesisInSearch() async throws {
        try await withTestOrg(seed: false) { org throws in
            let token = try await org.passwordToken()
            let sosl = "FIND {acme*} WITH (SNIPPET RETURNING Account(Name)"
            let encoded = sosl.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            let reply = try await org.send("GET", "\(org.dataPath)/search?q=\(encoded)", token: token)
            #expect(reply.status == 400)
            #expect(reply.text.contains("unexpected token: ( at Row:1:Column:19"), "\(reply.text)")
            try await expectStillServing(org, token, accounts: 0)
        }
    }

    @Test("a query locator pointing past its result is refused, not an overflow")
    func queryLocatorExtremes() async throws {
        try await withTestOrg { org throws in
            let token = try await org.passwordToken()
            let first = try await query(
                org, token, "SELECT Id FROM Account ORDER BY Id", headers: ["Sforce-Query-Options": "batchSize=200"])
            let next = try #require(first.json["nextRecordsUrl"]?.stringValue)
            let locator = try #require(next.split(separator: "/").last?.split(separator: "-").first)
            for position in ["9223372036854775807", "9223372036854775808", "301", "-1"] {
                let reply = try await org.send("GET", "\(org.dataPath)/query/\(locator)-\(position)", token: token)
                #expect(reply.status == 400, "position \(position): \(reply.text)")
                #expect(reply.json[0]?["errorCode"] == "INVALID_QUERY_LOCATOR")
            }
            // The locator still works for the page it was given for.
            let second = try await org.send("GET", next, token: token)
            #expect(second.status == 200)
            #expect(second.json["records"]?.arrayValue?.count == SeedDataCount.accounts - 200)
            // A batch size outside Salesforce's 200–2,000 is brought into range, as Salesforce does.
            for size in ["-5", "0", "9223372036854775807"] {
                let reply = try await query(org, token, "SELECT Id FROM Account", headers: ["Sforce-Query-Options": "batchSize=\(size)"])
                #expect(reply.status == 200)
                #expect(reply.json["records"]?.arrayValue?.count == (size == "9223372036854775807" ? SeedDataCount.accounts : 200))
            }
            try await expectStillServing(org, token)
        }
    }

    @Test("file list pages far out of range are a 400 naming the parameter")
    func filePagingExtremes() async throws {
        try await withTestOrg { org throws in
            let token = try await org.passwordToken()
            for (query, name) in [
                ("page=9223372036854775807", "page"), ("page=2147483648", "page"), ("page=-1", "page"),
                ("page=1&pageSize=9223372036854775807", "pageSize"), ("pageSize=0", "pageSize"), ("page=1e3", "page"),
            ] {
                let reply = try await org.send("GET", "\(org.dataPath)/connect/files/users/me?\(query)", token: token)
                #expect(reply.status == 400, "\(query): \(reply.text)")
                #expect(reply.json[0]?["errorCode"] == "INVALID_PARAMETER_VALUE")
                #expect(reply.json[0]?["message"]?.stringValue?.hasPrefix("\(name) must be a whole number from") == true, "\(reply.text)")
            }
            let last = try await org.send("GET", "\(org.dataPath)/connect/files/users/me?page=2147483647&pageSize=100", token: token)
            #expect(last.status == 200)
            #expect(last.json["files"]?.arrayValue == [])
            #expect(last.json["nextPageUrl"] == .null)
            try await expectStillServing(org, token)
        }
    }

    @Test("parameterizedSearch offsets and limits out of range are a 400, by GET and by POST")
    func parameterizedSearchExtremes() async throws {
        try await withTestOrg { org throws in
            let token = try await org.passwordToken()
            let path = "\(org.dataPath)/parameterizedSearch"
            for query in [
                "offset=-1", "overallLimit=-5", "defaultLimit=0", "Account.limit=-1", "offset=2001", "overallLimit=99999999999999999999",
            ] {
                let reply = try await org.send("GET", "\(path)?q=acme&sobject=Account&\(query)", token: token)
                #expect(reply.status == 400, "\(query): \(reply.text)")
                #expect(reply.json[0]?["errorCode"] == "INVALID_PARAMETER_VALUE", "\(query)")
            }
            for body: JSON in [
                ["q": "acme", "offset": -1], ["q": "acme", "overallLimit": .double(1e30)],
                ["q": "acme", "sobjects": [["name": "Account", "limit": -3]]], ["q": "acme", "defaultLimit": "many"],
            ] {
                let reply = try await org.send("POST", path, token: token, json: body)
                #expect(reply.status == 400, "\(body): \(reply.text)")
                #expect(reply.json[0]?["errorCode"] == "INVALID_PARAMETER_VALUE")
            }
            let fine = try await org.send("GET", "\(path)?q=acme&sobject=Account&offset=2000&overallLimit=2000", token: token)
            #expect(fine.status == 200)
            try await expectStillServing(org, token)
        }
    }

    /// The server's port.
    private func port(_ org: APITestOrg) throws -> Int {
        try #require(URL(string: org.credentials.instanceURL)?.port)
    }

    @Test("a body beyond the limit is a 413 and a broken chunked body a 400, never a 500")
    func oversizedAndBrokenBodies() async throws {
        try await withTestOrg(.live, seed: false) { org throws in
            let token = try await org.passwordToken()
            var huge = Data("{\"Name\": \"".utf8)
            huge.append(Data(repeating: UInt8(ascii: "a"), count: 51 * 1024 * 1024))
            huge.append(Data("\"}".utf8))
            let tooLarge = try await org.send(
                "POST", "\(org.dataPath)/sobjects/Account",
                headers: ["Authorization": "Bearer \(token)", "Content-Type": "application/json"],
                body: huge)
            #expect(tooLarge.status == 413)
            #expect(tooLarge.json[0]?["errorCode"] == "REQUEST_TOO_LARGE")
            let form = try await org.send(
                "POST", "/services/oauth2/token", headers: ["Content-Type": "application/x-www-form-urlencoded"],
                body: Data(repeating: UInt8(ascii: "a"), count: 2 * 1024 * 1024))
            #expect(form.status == 413)

            let chunked = """
                POST \(org.dataPath)/sobjects/Account HTTP/1.1\r
                Host: 127.0.0.1\r
                Authorization: Bearer \(token)\r
                Content-Type: application/json\r
                Transfer-Encoding: chunked\r
                \r
                ZZZ\r
                {}\r
                0\r
                \r

                """
            let (answer, _) = try RawSocketClient.exchange(port: try port(org), request: Array(chunked.utf8))
            #expect(answer.hasPrefix("HTTP/1.1 400"), "\(answer.prefix(200))")
            try await expectStillServing(org, token, accounts: 0)
        }
    }

    @Test("CONNECT and TRACE get a 405 that closes the connection")
    func unservedMethods() async throws {
        try await withTestOrg(.live, seed: false) { org throws in
            for request in ["CONNECT 127.0.0.1:443 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", "TRACE / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"] {
                let (answer, closed) = try RawSocketClient.exchange(port: try port(org), request: Array(request.utf8))
                #expect(answer.hasPrefix("HTTP/1.1 405"), "\(answer.prefix(200))")
                #expect(answer.lowercased().contains("connection: close"))
                #expect(closed)
            }
        }
    }

    @Test(
        "Headers beyond the limits get a 431 naming them, then the connection closes; the server goes on",
        arguments: [
            "X-Big: \(String(repeating: "a", count: 20_000))\r\n",
            (0..<8).map { "X-Part-\($0): \(String(repeating: "b", count: 10_000))\r\n" }.joined(),
            (0..<250).map { "X-Many-\($0): c\r\n" }.joined(),
        ])
    func oversizedHeaders(headers: String) async throws {
        try await withTestOrg(.live, seed: false) { org throws in
            let token = try await org.passwordToken()
            let request = "GET /services/data/v60.0/sobjects HTTP/1.1\r\nHost: 127.0.0.1\r\n\(headers)\r\n"
            let (answer, closed) = try RawSocketClient.exchange(port: try port(org), request: Array(request.utf8))
            #expect(answer.hasPrefix("HTTP/1.1 431"), "\(answer.prefix(200))")
            #expect(answer.contains(#""errorCode":"REQUEST_HEADER_FIELDS_TOO_LARGE""#))
            #expect(answer.contains("16 KiB a field, 64 KiB in all, 200 fields"))
            #expect(closed)
            try await expectStillServing(org, token, accounts: 0)
        }
    }
}
