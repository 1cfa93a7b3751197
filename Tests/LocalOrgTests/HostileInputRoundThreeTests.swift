import ForceKitTestSupport
import ForceKitTesting
import Foundation
import LocalOrg
import SalesforceAuth
import SalesforceCore
import Testing
import URLEncoding

/// The third probe's findings against LocalOrg: each request here once ran an attacker's script,
/// stopped the server, or let a user take what only an administrator gives.
@Suite("LocalOrg: hostile input, round three")
struct HostileInputRoundThreeTests {
    private func authorizePath(_ org: APITestOrg, _ extra: [(String, String)]) -> String {
        "/services/oauth2/authorize?"
            + FormEncoding.encode(
                [("response_type", "code"), ("client_id", org.credentials.clientID), ("redirect_uri", org.credentials.redirectURI)] + extra)
    }

    /// The value of `<input … name="NAME" value="…">` as a browser's tokenizer reads it: the
    /// attribute ends at the first `"` byte, whatever follows it; references are then decoded.
    private func hiddenValue(_ name: String, in page: Data) -> String? {
        let bytes = [UInt8](page)
        let opening = [UInt8]("name=\"\(name)\" value=\"".utf8)
        guard let start = bytes.indices.first(where: { bytes[$0...].starts(with: opening) }) else { return nil }
        let valueStart = start + opening.count
        guard let end = bytes[valueStart...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
        return HTMLReferences.decoded(bytes[valueStart..<end])
    }

    @Test("a state or code_challenge with a quote hidden in a larger Character stays one attribute value on the login page")
    func loginPageAttributes() async throws {
        try await withTestOrg(seed: false) { org throws in
            for special: Unicode.Scalar in ["\"", "<", "'", "&"] {
                for disguise in GraphemeHazards.disguises(of: special) {
                    let state = "s" + disguise + " oncontentvisibilityautostatechange=alert(1) style=display:block x="
                    let page = try await org.send(
                        "GET", authorizePath(org, [("state", state), ("code_challenge", state), ("code_challenge_method", "S256")]))
                    #expect(page.status == 200)
                    #expect(hiddenValue("state", in: page.body) == state, "\(disguise.unicodeScalars.map { $0.value })")
                    #expect(hiddenValue("code_challenge", in: page.body) == state)
                }
            }
        }
    }

    @Test("every answer has a script-free Content-Security-Policy: login, consent, errors, the console, JSON, files and redirects")
    func contentSecurityPolicyEverywhere() async throws {
        try await withTestOrg { org throws in
            let token = try await org.passwordToken()
            let browser = ConsoleBrowser(org: org)
            try await browser.logIn(username: org.credentials.username, password: org.credentials.password)
            let file = try await org.send(
                "POST", "\(org.dataPath)/sobjects/ContentVersion", token: token,
                json: [
                    "Title": "page", "PathOnClient": "page.html",
                    "VersionData": .string(Data("<script>1</script>".utf8).base64EncodedString()),
                ])
            let versionID = try #require(file.json["id"]?.stringValue)
            let answers: [(String, HTTPResponse)] = [
                ("login page", try await org.send("GET", authorizePath(org, []))),
                ("error page", try await org.send("GET", "/services/oauth2/authorize?response_type=code&client_id=nobody")),
                ("console login", try await org.send("GET", "/login")),
                ("console page", try await browser.get("/lightning/o/Account/list")),
                ("JSON", try await org.send("GET", "\(org.dataPath)/limits", token: token)),
                ("not found", try await org.send("GET", "/nowhere")),
                ("redirect", try await org.send("GET", "/")),
                (
                    "file",
                    try await org.send("GET", "\(org.dataPath)/sobjects/ContentVersion/\(versionID)/VersionData", token: token)
                ),
            ]
            for (name, answer) in answers {
                let policy = Set(
                    (answer.header("Content-Security-Policy") ?? "").split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) })
                #expect(policy.contains("default-src 'none'") && policy.contains("frame-ancestors 'none'"), "\(name): \(policy)")
                #expect(!policy.contains { $0.hasPrefix("script-src") }, "\(name): \(policy)")
                #expect(answer.header("X-Content-Type-Options") == "nosniff", "\(name)")
            }
        }
    }

    @Test("a console page number past Int's range, negative or not a number answers 400, and the server goes on")
    func consolePageNumbers() async throws {
        try await withTestOrg { org throws in
            let browser = ConsoleBrowser(org: org)
            try await browser.logIn(username: org.credentials.username, password: org.credentials.password)
            for page in ["9223372036854775807", "99999999999999999999", "-9223372036854775808", "0", "x", "1e3"] {
                let reply = try await browser.get("/lightning/o/Account/list?page=\(page)")
                #expect(reply.status == 400, "page=\(page): \(reply.status)")
                #expect(reply.visibleText.contains("page must be a whole number from 1 to 2147483647"), "\(reply.visibleText.prefix(300))")
            }
            let last = try await browser.get("/lightning/o/Account/list?page=2147483647")
            #expect(last.status == 200 && last.visibleText.contains("page 2147483647 of"))
            #expect(try await browser.get("/lightning/o/Account/list?page=2").status == 200)
        }
    }

    @Test("two LocalOrgs on 127.0.0.1 set differently named session cookies, so one browser stays signed in to both")
    func sessionCookiePerOrg() async throws {
        try await withTestOrg(.live, seed: false) { first throws in
            try await withTestOrg(.live, seed: false) { second throws in
                var jar: [String: String] = [:]
                for org in [first, second] {
                    let login = try await org.send(
                        "POST", "/login", form: ["username": org.credentials.username, "password": org.credentials.password])
                    let pair = try #require(login.header("Set-Cookie")?.split(separator: ";").first).split(separator: "=", maxSplits: 1)
                    jar[String(pair[0])] = String(pair[1])
                }
                #expect(jar.count == 2, "\(jar.keys)")
                // A browser sends every cookie of the host, whatever the port.
                let cookie = jar.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
                for org in [first, second] {
                    let home = try await org.send("GET", "/lightning/page/home", headers: ["Cookie": cookie])
                    #expect(home.status == 200 && home.visibleText.contains(org.credentials.username), "\(home.status)")
                }
            }
        }
    }

    @Test("only an administrator sets a federation ID: a user or a site member setting their own is refused as Salesforce refuses it")
    func federationIdentifierIsAdministered() async throws {
        try await withTestOrg(seed: false) { org throws in
            let admin = try await org.passwordToken()
            let bob = try await org.server.addUser(username: "bob@acme.test", password: "Passw0rd!b")
            let pat = try await org.server.addUser(username: "pat@partner.test", password: "Partner#Pass1", site: "partners")
            for (username, password, identity, prefix) in [
                ("bob@acme.test", "Passw0rd!b", bob, ""), ("pat@partner.test", "Partner#Pass1", pat, "/partners"),
            ] {
                let login = try await org.send(
                    "POST", "\(prefix)/services/oauth2/token",
                    form: ["grant_type": "password", "client_id": org.credentials.clientID, "username": username, "password": password])
                let token = try #require(login.json["access_token"]?.stringValue, "\(login.text)")
                let path = "\(prefix)\(org.dataPath)/sobjects/User/\(identity.userID.id18)"
                let taken = try await org.send("PATCH", path, token: token, json: ["FederationIdentifier": "admin@localorg.test"])
                #expect(taken.status == 400, "\(taken.text)")
                #expect(
                    taken.json[0]?["errorCode"] == "INVALID_FIELD_FOR_INSERT_UPDATE" && taken.json[0]?["fields"] == ["FederationIdentifier"]
                )
                #expect(
                    taken.json[0]?["message"]?.stringValue?.hasPrefix("Unable to create/update fields: FederationIdentifier.") == true)
                // Their ordinary fields are still theirs to change.
                #expect(try await org.send("PATCH", path, token: token, json: ["Title": "Engineer"]).status == 204)
                // An administrator sets it.
                let set = try await org.send(
                    "PATCH", "\(org.dataPath)/sobjects/User/\(identity.userID.id18)", token: admin,
                    json: ["FederationIdentifier": .string("E-\(prefix.count)")])
                #expect(set.status == 204, "\(set.text)")
            }
        }
    }

    @Test("2,001 ORDER BY or GROUP BY items answer Salesforce's QUERY_TOO_COMPLICATED, not a 500")
    func thousandsOfOrderingItems() async throws {
        try await withTestOrg { org throws in
            let token = try await org.passwordToken()
            // Without spaces, so the request line stays under the 16 KiB of headers a server takes.
            let names = Array(repeating: "Name", count: 2_001).joined(separator: ",")
            for soql in [
                "SELECT Id FROM Account ORDER BY \(names)", "SELECT Name FROM Account GROUP BY \(names)",
                "SELECT Id, (SELECT Id FROM Contacts ORDER BY \(Array(repeating: "Id", count: 2_001).joined(separator: ","))) FROM Account",
            ] {
                let encoded = soql.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed.subtracting(["+", "&"])) ?? ""
                let reply = try await org.send("GET", "\(org.dataPath)/query?q=\(encoded)", token: token)
                #expect(reply.status == 400, "\(soql.prefix(60)): \(reply.text.prefix(300))")
                #expect(reply.json[0]?["errorCode"] == "QUERY_TOO_COMPLICATED")
            }
        }
    }

    @Test("1,106 prefix terms (w0* OR … w1105*) find exactly the records whose words start with one of them")
    func manyPrefixTerms() async throws {
        try await withTestOrg(seed: false) { org throws in
            let token = try await org.passwordToken()
            for name in ["w17abc Partners", "w1105 Holdings", "wx Nothing", "Other w999z", "w2000 Ltd"] {
                _ = try await org.send("POST", "\(org.dataPath)/sobjects/Account", token: token, json: ["Name": .string(name)])
            }
            let term = (0..<1_106).map { "w\($0)*" }.joined(separator: " OR ")
            let body: JSON = ["q": .string(term), "sobjects": [["name": "Account", "fields": ["Name"]]]]
            let reply = try await org.send("POST", "\(org.dataPath)/parameterizedSearch", token: token, json: body)
            let found = (reply.json["searchRecords"]?.arrayValue ?? []).compactMap { $0["Name"]?.stringValue }.sorted()
            // `w2000` starts with `w200*` and `w20*`; `wx` starts with none.
            #expect(found == ["Other w999z", "w1105 Holdings", "w17abc Partners", "w2000 Ltd"], "\(reply.text.prefix(300))")
        }
    }
}
