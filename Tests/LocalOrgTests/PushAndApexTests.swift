import ForceKitTestSupport
import ForceKitTesting
import Foundation
import Gzip
import LocalOrg
import LocalOrgEngine
import SalesforceAuth
import SalesforceCore
import Testing

@Suite("LocalOrg push registration and Apex REST")
struct PushAndApexTests {
    @Test("a device registers with the fields the SDKs send and unregisters with DELETE")
    func push() async throws {
        try await withTestOrg(seed: false) { org throws in
            let token = try await org.passwordToken()
            let path = "\(org.dataPath)/sobjects/MobilePushServiceDevice"
            let registered = try await org.send(
                "POST", path, token: token,
                json: [
                    "ConnectionToken": "0a1b2c3d4e5f", "ServiceType": "Apple", "ApplicationBundle": "com.example.app",
                ])
            #expect(registered.status == 201)
            let id = registered.json["id"]?.stringValue ?? ""
            #expect(id.hasPrefix("0Ht"))
            let missing = try await org.send(
                "POST", path, token: token, json: ["ConnectionToken": "x", "ServiceType": "androidGcm"])
            #expect(missing.json[0]?["errorCode"] == "REQUIRED_FIELD_MISSING")
            #expect(missing.json[0]?["fields"] == ["ApplicationBundle"])
            #expect(try await org.send("DELETE", "\(path)/\(id)", token: token).status == 204)
            #expect(try await org.send("DELETE", "\(path)/\(id)", token: token).json[0]?["errorCode"] == "ENTITY_IS_DELETED")
        }
    }

    @Test("an org without push answers registrations with 404")
    func pushDisabled() async throws {
        var configuration = LocalOrgConfiguration()
        configuration.pushEnabled = false
        try await withTestOrg(seed: false, configuration: configuration) { org throws in
            let token = try await org.passwordToken()
            let reply = try await org.send(
                "POST", "\(org.dataPath)/sobjects/MobilePushServiceDevice", token: token,
                json: [
                    "ConnectionToken": "ab", "ServiceType": "Apple", "ApplicationBundle": "com.example.app",
                ])
            #expect(reply.status == 404)
            #expect(reply.json[0]?["message"] == "Push notifications are not enabled for this org.")
        }
    }

    @Test("Apex REST answers configured routes with their placeholders filled, and echoes any other path")
    func apexREST() async throws {
        try await withTemporaryDirectory { directory throws in
            let routes = directory.appendingPathComponent("apex.json")
            try Data(
                """
                {"routes": [
                  {"method": "GET", "path": "/simpleAccount/:id", "body": {"accountId": "{{id}}", "accountName": "Account {{id}}", "by": "{{userId}}"}},
                  {"method": "POST", "path": "/simpleAccount", "status": 201, "body": {"accountName": "{{body.accountName}}", "size": "{{body.size}}"}},
                  {"method": "DELETE", "path": "/simpleAccount/:id", "status": 204},
                  {"path": "/simpleAccounts", "body": {"totalSize": 0, "records": [], "pattern": "{{query.namePattern}}"}},
                  {"method": "POST", "path": "/accounts", "writes": "Account"},
                  {"path": "/accounts/:id", "writes": "Account"}
                ]}
                """.utf8
            ).write(to: routes)
            var configuration = LocalOrgConfiguration()
            configuration.apexRoutes = try ApexRoute.load(from: routes)
            try await withTestOrg(seed: false, configuration: configuration) { org throws in
                let token = try await org.passwordToken()
                let userID = try await org.send("GET", "/services/oauth2/userinfo", token: token).json["user_id"] ?? .null

                #expect(userID.stringValue?.hasPrefix("005") == true)
                let get = try await org.send("GET", "/services/apexrest/simpleAccount/001xx", token: token)
                #expect(get.header("Sforce-Limit-Info")?.hasPrefix("api-usage=") == true)
                #expect(get.json == ["accountId": "001xx", "accountName": "Account 001xx", "by": userID])
                let post = try await org.send(
                    "POST", "/services/apexrest/simpleAccount", token: token, json: ["accountName": "New", "size": 3])
                #expect(post.status == 201)
                #expect(post.json == ["accountName": "New", "size": 3])
                #expect(try await org.send("DELETE", "/services/apexrest/simpleAccount/001xx", token: token).status == 204)
                #expect(
                    try await org.send("GET", "/services/apexrest/simpleAccounts?namePattern=My%25", token: token).json["pattern"]
                        == "My%")

                // Routes that write do an Apex class's DML, with the data API's validation and answers.
                let created = try await org.send("POST", "/services/apexrest/accounts", token: token, json: ["Name": "Via Apex"])
                let newId = try #require(created.json["id"]?.stringValue)
                #expect(created.status == 201 && newId.hasPrefix("001"))
                let updated = try await org.send(
                    "PATCH", "/services/apexrest/accounts/\(newId)", token: token, json: ["Name": "Renamed"])
                #expect(updated.status == 204)
                #expect(try await org.send("GET", "/services/apexrest/accounts/\(newId)", token: token).json["Name"] == "Renamed")
                let refused = try await org.send("POST", "/services/apexrest/accounts", token: token, json: ["Industry": "Energy"])
                #expect(refused.status == 400 && refused.json[0]?["errorCode"] == "REQUIRED_FIELD_MISSING")
                #expect(try await org.send("DELETE", "/services/apexrest/accounts/\(newId)", token: token).status == 204)
                #expect(try await org.send("GET", "/services/apexrest/accounts/\(newId)", token: token).status == 404)

                let echo = try await org.send("PATCH", "/services/apexrest/custom/thing?x=1", token: token, json: ["a": true])
                #expect(
                    echo.json == [
                        "method": "PATCH", "path": "/custom/thing", "parameters": ["x": "1"], "body": ["a": true], "userId": userID,
                    ])
                #expect(try await org.send("GET", "/services/apexrest/custom").status == 401)

                try Data(#"{"routes": [{"path": "no-slash"}]}"#.utf8).write(to: routes)
                #expect(
                    throws: LocalOrgError.invalidConfiguration(
                        file: routes.path, reason: "routes[0] needs a path starting with /, such as \"/simpleAccount/:id\"")
                ) {
                    try ApexRoute.load(from: routes)
                }
            }
        }
    }

    /// The two Apex classes upstream's hybrid suite defines in its comments (SFMobileSyncTestSuite.js:
    /// `SimpleAccountResource` at `/simpleAccount/*`, `SimpleAccountsResource` at `/simpleAccounts`),
    /// described by a routes file with the keys issue 59 names, answer as those classes do.
    @Test(
        "routes that map a class's names to fields write and read as upstream's SimpleAccount classes; a listing binds its parameter as a string"
    )
    func describedClasses() async throws {
        try await withTemporaryDirectory { directory throws in
            let routes = directory.appendingPathComponent("apex.json")
            try Data(
                """
                {"routes": [
                  {"method": "POST", "path": "/simpleAccount", "writes": "Account", "fields": {"accountId": "Id", "accountName": "Name"}},
                  {"path": "/simpleAccount/:id", "writes": "Account", "fields": {"accountId": "Id", "accountName": "Name"}},
                  {"method": "GET", "path": "/simpleAccounts", "lists": "Account", "where": "Name LIKE :namePattern",
                   "fields": {"accountId": "Id", "accountName": "Name"}}
                ]}
                """.utf8
            ).write(to: routes)
            var configuration = LocalOrgConfiguration()
            configuration.apexRoutes = try ApexRoute.load(from: routes)
            try await withTestOrg(seed: false, configuration: configuration) { org throws in
                let token = try await org.passwordToken()
                // create: the answer holds the new id and the name (testSyncApexRestObjectWithServerCreate).
                let created = try await org.send(
                    "POST", "/services/apexrest/simpleAccount", token: token, json: ["accountName": "TestAccount"])
                #expect(created.status == 200 && created.json["accountName"] == "TestAccount")
                let id = try #require(created.json["accountId"]?.stringValue)
                let direct = try await org.send("GET", "\(org.dataPath)/sobjects/Account/\(id)?fields=Name", token: token)
                #expect(direct.json["Name"] == "TestAccount")
                // read and update.
                #expect(
                    try await org.send("GET", "/services/apexrest/simpleAccount/\(id)", token: token).json
                        == ["accountId": .string(id), "accountName": "TestAccount"])
                let updated = try await org.send(
                    "PATCH", "/services/apexrest/simpleAccount/\(id)", token: token, json: ["accountName": "TestAccount2"])
                #expect(updated.json == ["accountId": .string(id), "accountName": "TestAccount2"])
                // fetch by pattern: only the matching records, in the class's shape.
                _ = try await org.send("POST", "/services/apexrest/simpleAccount", token: token, json: ["accountName": "Other"])
                let listed = try await org.send("GET", "/services/apexrest/simpleAccounts?namePattern=TestAcc%25", token: token)
                #expect(listed.json == ["totalSize": 1, "records": [["accountId": .string(id), "accountName": "TestAccount2"]]])
                // A parameter is a string, never SOQL: a quote in it matches nothing and breaks nothing.
                let hostile = try await org.send(
                    "GET", "/services/apexrest/simpleAccounts?namePattern=x%27%20OR%20Name%20LIKE%20%27%25", token: token)
                #expect(hostile.json == ["totalSize": 0, "records": []])
                // delete: 204 and no body; the record is gone.
                let deleted = try await org.send("DELETE", "/services/apexrest/simpleAccount/\(id)", token: token)
                #expect(deleted.status == 204 && deleted.text.isEmpty)
                #expect(try await org.send("GET", "\(org.dataPath)/sobjects/Account/\(id)", token: token).status == 404)
            }
            try Data(#"{"routes": [{"path": "/x", "lists": "Account"}]}"#.utf8).write(to: routes)
            #expect(throws: LocalOrgError.self) { try ApexRoute.load(from: routes) }
        }
    }
}

@Suite("LocalOrg analytics upload")
struct AnalyticsUploadTests {
    @Test("a gzipped AILTN upload is read and kept; plain, broken or misshapen uploads are refused and keep nothing")
    func analyticsUpload() async throws {
        try await withTestOrg(seed: false) { org throws in
            let token = try await org.passwordToken()
            let path = "\(org.dataPath)/connect/proxy/app-analytics-logging"
            func upload(_ text: String, gzip: Bool = true, raw: [UInt8]? = nil) async throws -> HTTPResponse {
                var headers = ["Authorization": "Bearer \(token)", "Content-Type": "application/json"]
                if gzip { headers["Content-Encoding"] = "gzip" }
                let body = try raw ?? (gzip ? Gzip.compress(Array(text.utf8)) : Array(text.utf8))
                return try await org.send("POST", path, headers: headers, body: Data(body))
            }
            let line =
                #"{"logLines":[{"code":"ailtn","data":{"schemaType":"LightningInteraction","payload":"{\"eventSource\":\"addUser\"}"}}]}"#
            let accepted = try await upload(line)
            #expect(accepted.status == 200 && accepted.json == [:])
            #expect(org.server.receivedAnalytics.count == 1)
            #expect(org.server.receivedAnalytics.first?["payload"]?["eventSource"] == "addUser")

            #expect(try await upload(line, gzip: false).status == 400)
            #expect(try await upload("", raw: [0x1f, 0x8b, 0x08, 0x00, 0x01]).status == 400)
            let notAString = #"{"logLines":[{"code":"ailtn","data":{"schemaType":"LightningInteraction","payload":{"eventSource":"x"}}}]}"#
            #expect(try await upload(notAString).status == 400)
            let wrongCode = #"{"logLines":[{"code":"other","data":{"schemaType":"LightningInteraction","payload":"{}"}}]}"#
            #expect(try await upload(wrongCode).status == 400)
            #expect(org.server.receivedAnalytics.count == 1)
        }
    }
}
