import ForceKitTestSupport
import ForceKitTesting
import Foundation
import LocalOrg
import SalesforceAuth
import SalesforceCore
import Testing

/// The REST API's sObject User Password resource: an administrator makes a user who can log in.
@Suite("LocalOrg: sobjects/User/<id>/password")
struct UserPasswordTests {
    private func token(_ org: APITestOrg, username: String, password: String) async throws -> HTTPResponse {
        try await org.send(
            "POST", "/services/oauth2/token",
            form: ["grant_type": "password", "client_id": org.credentials.clientID, "username": username, "password": password])
    }

    @Test("an administrator creates a user and sets a password the user logs in with; a weak one is refused; the user sets only their own")
    func setPassword() async throws {
        try await withTestOrg(seed: false) { org throws in
            let admin = try await org.passwordToken()
            let created = try await org.send(
                "POST", "\(org.dataPath)/sobjects/User", token: admin,
                json: ["Username": "new@localorg.test", "LastName": "New", "Alias": "new", "Email": "new@localorg.test"])
            let id = try #require(created.json["id"]?.stringValue, "\(created.text)")
            let path = "\(org.dataPath)/sobjects/User/\(id)/password"
            #expect(try await org.send("GET", path, token: admin).json == ["isExpired": false])

            let weak = try await org.send("POST", path, token: admin, json: ["NewPassword": "short"])
            #expect(weak.status == 400 && weak.json[0]?["errorCode"] == "INVALID_NEW_PASSWORD")
            let set = try await org.send("POST", path, token: admin, json: ["NewPassword": "Welcome-2026"])
            #expect(set.status == 204 && set.body.isEmpty)
            let login = try await token(org, username: "new@localorg.test", password: "Welcome-2026")
            let userToken = try #require(login.json["access_token"]?.stringValue, "\(login.text)")

            // The user sets their own password, not the administrator's.
            #expect(try await org.send("POST", path, token: userToken, json: ["NewPassword": "Mine-2027"]).status == 204)
            let adminPath = "\(org.dataPath)/sobjects/User/\(org.credentials.user.userID.id18)/password"
            let refused = try await org.send("POST", adminPath, token: userToken, json: ["NewPassword": "Taken-2028"])
            #expect(refused.status == 403 && refused.json[0]?["errorCode"] == "INSUFFICIENT_ACCESS")

            // A reset answers a generated password, which works; the old one no longer does.
            let reset = try await org.send("DELETE", path, token: admin)
            let generated = try #require(reset.json["NewPassword"]?.stringValue)
            #expect(try await token(org, username: "new@localorg.test", password: "Mine-2027").status == 400)
            #expect(try await token(org, username: "new@localorg.test", password: generated).status == 200)
            #expect(
                try await org.send(
                    "POST", "\(org.dataPath)/sobjects/User/005000000000000AAA/password", token: admin, json: ["NewPassword": "Nobody-2029"]
                ).status == 404)
        }
    }
}
