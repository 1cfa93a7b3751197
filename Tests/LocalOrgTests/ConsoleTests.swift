import ForceKitTestSupport
import ForceKitTesting
import Foundation
import GRDB
import LocalOrg
import SalesforceAuth
import SalesforceCore
import Testing
import URLEncoding

@testable import LocalOrgEngine

/// LocalOrg's console: pages behind the org's login, records through forms that answer with the
/// API's own messages, and the web app's defences (escaping, form tokens, sessions that end,
/// one-time links).
@Suite("LocalOrg console")
struct ConsoleTests {
    func signedIn(_ org: APITestOrg) async throws -> ConsoleBrowser {
        let browser = ConsoleBrowser(org: org)
        let login = try await browser.logIn(username: org.credentials.username, password: org.credentials.password)
        #expect(login.status == 303 && login.header("Location") == "/lightning/page/home")
        return browser
    }

    func createAccount(_ org: APITestOrg, token: String, name: String) async throws -> String {
        let reply = try await org.send("POST", "\(org.dataPath)/sobjects/Account", token: token, json: ["Name": .string(name)])
        return try #require(reply.json["id"]?.stringValue, "\(reply.text)")
    }

    @Test("a browser with no session goes to the login page and comes back to the page it asked for; wrong passwords stay on it")
    func login() async throws {
        try await withTestOrg(seed: false) { org throws in
            let browser = ConsoleBrowser(org: org)
            let root = try await browser.get("/")
            #expect(root.status == 303 && root.header("Location") == "/lightning/page/home")
            let list = try await browser.get("/lightning/o/Account/list?q=Acme")
            #expect(list.status == 303 && list.header("Location") == "/login?startURL=%2Flightning%2Fo%2FAccount%2Flist%3Fq%3DAcme")
            let wrong = try await browser.logIn(username: org.credentials.username, password: "not it")
            #expect(
                wrong.status == 401 && wrong.visibleText.contains("Please check your username and password.")
                    && wrong.header("Set-Cookie") == nil)
            let right = try await browser.logIn(
                username: org.credentials.username, password: org.credentials.password, startURL: "/lightning/o/Account/list?q=Acme")
            #expect(right.status == 303 && right.header("Location") == "/lightning/o/Account/list?q=Acme")
            #expect(
                right.header("Set-Cookie")?.contains("HttpOnly") == true && right.header("Set-Cookie")?.contains("SameSite=Lax") == true)
            let home = try await browser.get("/lightning/page/home")
            #expect(home.status == 200 && home.visibleText.contains(org.credentials.instanceURL + "/services/data/" + org.version))
            #expect(
                home.visibleText.contains(org.credentials.clientID) && home.visibleText.contains("password " + org.credentials.password))
            // A start page elsewhere is not followed.
            let other = ConsoleBrowser(org: org)
            let offsite = try await other.logIn(
                username: org.credentials.username, password: org.credentials.password, startURL: "https://evil.example/")
            #expect(offsite.header("Location") == "/lightning/page/home")
        }
    }

    @Test("the authorize endpoint's login page is the console's: one form, one style sheet, one frame")
    func oneLoginPage() async throws {
        try await withTestOrg(seed: false) { org throws in
            let console = try await ConsoleBrowser(org: org).get("/login").text
            let authorize = try await org.newClient().send(
                "GET",
                "/services/oauth2/authorize?"
                    + FormEncoding.encode([
                        ("response_type", "code"), ("client_id", org.credentials.clientID), ("redirect_uri", org.credentials.redirectURI),
                    ])
            ).text
            func styleSheet(_ page: String) -> Substring? {
                guard let start = page.range(of: "<style>"), let end = page.range(of: "</style>") else { return nil }
                return page[start.upperBound..<end.lowerBound]
            }
            #expect(styleSheet(console) != nil && styleSheet(console) == styleSheet(authorize))
            let fields = #"<label for="username">Username</label><input type="text" id="username" name="username""#
            #expect(console.contains(fields) && authorize.contains(fields))
            #expect(authorize.contains("<div class=\"card login\"><h1>Log in to LocalOrg</h1>"))
        }
    }

    @Test("describe's classic page templates open: /{ID} the record, /{ID}/e its form, /003/e a new contact's")
    func classicPaths() async throws {
        try await withTestOrg(seed: false) { org throws in
            let token = try await org.passwordToken()
            let id = try await createAccount(org, token: token, name: "Acme")
            let urls = try await org.send("GET", "\(org.dataPath)/sobjects/Contact/describe", token: token).json["urls"]
            let browser = try await signedIn(org)
            let detail = try await browser.get("/\(id)")
            #expect(detail.status == 303 && detail.header("Location") == "/lightning/r/Account/\(id)/view")
            let edit = try await browser.get("/\(id)/e")
            #expect(edit.status == 303 && edit.header("Location") == "/lightning/r/Account/\(id)/edit")
            let newPath = String((urls?["uiNewRecord"]?.stringValue ?? "").dropFirst(org.credentials.instanceURL.count))
            let new = try await browser.get(newPath)
            #expect(newPath == "/003/e" && new.status == 303 && new.header("Location") == "/lightning/o/Contact/new")
            // Paths of no record stay unknown: an id no object has, and what is no id at all.
            #expect(try await browser.get("/zzz000000000001").status == 404)
            let unknown = try await browser.get("/favicon.ico")
            #expect(unknown.status == 404 && unknown.text.contains("NOT_FOUND"))
        }
    }

    @Test("an object's list shows its list views; a view shows its own columns and records, and an unknown one is not found")
    func listViews() async throws {
        try await withTestOrg(seed: false) { org throws in
            let token = try await org.passwordToken()
            _ = try await createAccount(org, token: token, name: "Acme <b>Corp</b>")
            let browser = try await signedIn(org)
            let list = try await browser.get("/lightning/o/Account/list")
            #expect(list.status == 200 && list.text.contains("/lightning/o/Account/list?filterName=MyAccounts\">My Accounts</a>"))
            let mine = try await browser.get("/lightning/o/Account/list?filterName=MyAccounts")
            #expect(mine.status == 200 && mine.visibleText.contains("Accounts: My Accounts"))
            // The view's own headings (Account Owner Alias is no column of the plain list), and the name as text.
            #expect(mine.visibleText.contains("Account Owner Alias") && mine.visibleText.contains("Acme <b>Corp</b>"))
            #expect(!mine.text.contains("<b>Corp</b>"))
            #expect(try await browser.get("/lightning/o/Account/list?filterName=Nothing").status == 404)
        }
    }

    @Test("a record whose name is markup shows as text on every page, and no page runs a script")
    func escaping() async throws {
        try await withTestOrg(seed: false) { org throws in
            let token = try await org.passwordToken()
            let name = "<script>alert(1)</script>"
            let id = try await createAccount(org, token: token, name: name)
            let browser = try await signedIn(org)
            for path in [
                "/lightning/r/Account/\(id)/view", "/lightning/o/Account/list?q=" + FormEncoding.encode("<script>"),
                "/lightning/query?q=" + FormEncoding.encode("SELECT Name FROM Account"), "/lightning/r/Account/\(id)/edit",
            ] {
                let page = try await browser.get(path)
                #expect(page.status == 200, "\(path)")
                #expect(!page.text.contains(name) && page.text.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "\(path)")
                // As a form's value on the edit page, as text everywhere else.
                #expect(path.hasSuffix("/edit") || page.visibleText.contains(name), "\(path)")
                let policy = try #require(page.header("Content-Security-Policy"))
                #expect(policy.contains("default-src 'none'") && !policy.contains("script-src"), "\(path)")
            }
        }
    }

    @Test("any text as a record's name, typed into the form, comes back as the same text and never as markup")
    func escapingProperty() async throws {
        try await withTestOrg(seed: false) { org throws in
            let browser = try await signedIn(org)
            var random = SeededGenerator(seed: 40)
            let alphabet = Array("<>&\"'/=; abcé💥\u{200B}")
            for _ in 0..<25 {
                // Letters at both ends: the form trims what surrounds a value, as Salesforce's does.
                let name =
                    "x" + String((0..<Int.random(in: 1...30, using: &random)).map { _ in alphabet.randomElement(using: &random)! }) + "y"
                let saved = try await browser.post(
                    "/lightning/o/Account/new", fields: ["f.Name": name], tokenFrom: "/lightning/o/Account/new")
                let location = try #require(saved.header("Location"), "\(saved.status) \(saved.visibleText.prefix(300))")
                let page = try await browser.get(location)
                #expect(page.visibleText.contains(name.split(whereSeparator: \.isWhitespace).joined(separator: " ")), "\(name)")
                if name.contains("<") { #expect(!page.text.contains(name), "\(name)") }
            }
        }
    }

    @Test("a form posted without this session's token, or from another origin, is refused and changes nothing")
    func forgedForms() async throws {
        try await withTestOrg(seed: false) { org throws in
            let token = try await org.passwordToken()
            let id = try await createAccount(org, token: token, name: "Original")
            let browser = try await signedIn(org)
            let other = try await signedIn(org)
            let edit = "/lightning/r/Account/\(id)/edit"
            let noToken = try await browser.post(edit, rawFields: ["f.Name": "Forged"])
            let otherToken = try await browser.post(edit, rawFields: ["f.Name": "Forged", "_form": try await other.formToken(on: edit)])
            let otherSite = try await browser.post(edit, fields: ["f.Name": "Forged"], tokenFrom: edit, origin: "https://evil.example")
            for refused in [noToken, otherToken, otherSite] {
                #expect(refused.status == 403 && refused.visibleText.contains("This form was refused"))
            }
            let deleted = try await browser.post("/lightning/r/Account/\(id)/delete", rawFields: [:])
            #expect(deleted.status == 403)
            let record = try await org.send("GET", "\(org.dataPath)/sobjects/Account/\(id)", token: token)
            #expect(record.json["Name"] == "Original")
        }
    }

    @Test("an edit through the form is what the REST API then returns; a refused save shows Salesforce's message on the form")
    func editAndValidation() async throws {
        try await withTestOrg(seed: false) { org throws in
            let token = try await org.passwordToken()
            let id = try await createAccount(org, token: token, name: "Before")
            let browser = try await signedIn(org)
            let edit = "/lightning/r/Account/\(id)/edit"
            let saved = try await browser.post(
                edit, fields: ["f.Name": "After", "f.Industry": "Banking", "f.NumberOfEmployees": "120"], tokenFrom: edit)
            #expect(saved.status == 303 && saved.header("Location") == "/lightning/r/Account/\(id)/view")
            let record = try await org.send("GET", "\(org.dataPath)/sobjects/Account/\(id)", token: token)
            #expect(record.json["Name"] == "After" && record.json["Industry"] == "Banking" && record.json["NumberOfEmployees"] == 120)

            // The API's answer to the same body is the form's message.
            let api = try await org.send("POST", "\(org.dataPath)/sobjects/Account", token: token, json: ["Industry": "Banking"])
            let message = try #require(api.json[0]?["message"]?.stringValue)
            let refused = try await browser.post(
                "/lightning/o/Account/new", fields: ["f.Industry": "Banking"], tokenFrom: "/lightning/o/Account/new")
            #expect(refused.status == 400 && refused.visibleText.contains(message) && refused.text.contains("field-error"))
            let notANumber = try await browser.post(edit, fields: ["f.Name": "After", "f.NumberOfEmployees": "many"], tokenFrom: edit)
            #expect(notANumber.status == 400 && notANumber.visibleText.contains("Review the errors on this page."))
        }
    }

    @Test("a Contact created from an Account's page shows in its related list, and a deletion goes through the form")
    func relatedRecords() async throws {
        try await withTestOrg(seed: false) { org throws in
            let token = try await org.passwordToken()
            let account = try await createAccount(org, token: token, name: "Parent Co")
            let browser = try await signedIn(org)
            let page = try await browser.get("/lightning/r/Account/\(account)/view")
            let newContact = "/lightning/o/Contact/new?defaultFieldValues=AccountId%3D\(account)"
            #expect(page.text.contains("href=\"\(newContact)\"") && page.visibleText.contains("No related records."))
            let form = try await browser.get(newContact)
            #expect(form.text.contains("value=\"\(account)\""))
            let created = try await browser.post(
                "/lightning/o/Contact/new", fields: ["f.LastName": "Child", "f.AccountId": account], tokenFrom: newContact)
            let contact = try #require(created.header("Location"))
            let after = try await browser.get("/lightning/r/Account/\(account)/view")
            #expect(after.visibleText.contains("Contacts (1)") && after.text.contains("href=\"\(contact)\""))
            let contactPage = try await browser.get(contact)
            // The reference shows as the Account's name, linked to it.
            #expect(contactPage.text.contains("<a href=\"/lightning/r/\(account)/view\">Parent Co</a>"))

            let removed = try await browser.post(
                "/lightning/r/Account/\(account)/delete", fields: [:], tokenFrom: "/lightning/r/Account/\(account)/delete")
            #expect(removed.status == 303 && removed.header("Location") == "/lightning/o/Account/list")
            let gone = try await org.send("GET", "\(org.dataPath)/sobjects/Account/\(account)", token: token)
            #expect(gone.status == 404)
        }
    }

    @Test("the list searches, sorts and pages through SOQL; the SOQL box shows rows or Salesforce's error")
    func listAndQuery() async throws {
        try await withTestOrg(seed: true) { org throws in
            let browser = try await signedIn(org)
            let all = try await browser.get("/lightning/o/Account/list")
            #expect(all.status == 200 && all.visibleText.contains("300 records · page 1 of 12"))
            let search = try await browser.get("/lightning/o/Account/list?q=Umbrella")
            let count = search.visibleText.components(separatedBy: "Umbrella ").count - 1
            #expect(count > 0 && !search.visibleText.contains("Acme Inc."))
            let sorted = try await browser.get("/lightning/o/Account/list?sort=Name&dir=desc")
            #expect(sorted.visibleText.contains("Name ▼"))
            let unsortable = try await browser.get("/lightning/o/Account/list?sort=Description%20FROM%20User--")
            #expect(unsortable.status == 200)
            let query = try await browser.get(
                "/lightning/query?q=" + FormEncoding.encode("SELECT Name, Account.Name FROM Contact WHERE LastName = 'Allen' LIMIT 1"))
            #expect(query.visibleText.contains("1 row Name Account.Name"))
            let bad = try await browser.get("/lightning/query?q=" + FormEncoding.encode("SELECT FROM Account"))
            #expect(bad.visibleText.contains("MALFORMED_QUERY"))
        }
    }

    @Test("a search for text with quotes and backslashes finds the record by that text, and a record's related list shows its children")
    func searchTextIsAValue() async throws {
        try await withTestOrg(seed: false) { org throws in
            let token = try await org.passwordToken()
            let name = #"O'Brien \ "Co" ' OR Name != '"#
            let account = try await createAccount(org, token: token, name: name)
            _ = try await createAccount(org, token: token, name: "Other")
            let contact = try await org.send(
                "POST", "\(org.dataPath)/sobjects/Contact", token: token, json: ["LastName": "Child", "AccountId": .string(account)])
            #expect(contact.status == 201)
            let browser = try await signedIn(org)

            let found = try await browser.get("/lightning/o/Account/list?q=" + FormEncoding.encode(#"Brien \ "Co" ' OR"#))
            #expect(found.status == 200 && found.visibleText.contains(name) && !found.visibleText.contains("Other"), "\(found.visibleText)")
            let sorted = try await browser.get("/lightning/o/Account/list?sort=Name&dir=desc")
            let text = sorted.visibleText
            let first = try #require(text.range(of: name))
            let second = try #require(text.range(of: "Other "))
            #expect(second.lowerBound < first.lowerBound, "descending, Other comes before O'Brien")
            let record = try await browser.get("/lightning/r/Account/\(account)/view")
            #expect(record.visibleText.contains("Child"))
        }
    }

    @Test("logging out ends the session and its token; a session ends after two hours anyway")
    func sessionsEnd() async throws {
        try await withTestOrg(seed: false) { org throws in
            let consoleTokens = {
                try org.server.store.pool.read { db in
                    try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM lo_access_token WHERE client_id = 'LocalOrgConsole'") ?? 0
                }
            }
            let browser = try await signedIn(org)
            #expect(try consoleTokens() == 1)
            let logout = try await browser.post("/secur/logout.jsp", rawFields: [:])
            #expect(
                logout.status == 303 && logout.header("Location") == "/login" && logout.header("Set-Cookie")?.contains("Max-Age=0") == true)
            #expect(try await browser.get("/lightning/page/home").status == 303)
            #expect(try consoleTokens() == 0)

            let later = try await signedIn(org)
            #expect(try await later.get("/lightning/page/home").status == 200)
            org.clock.advance(by: 2 * 60 * 60 + 1)
            let expired = try await later.get("/lightning/page/home")
            #expect(expired.status == 303 && expired.header("Location")?.hasPrefix("/login") == true)
        }
    }

    @Test("a one-time link from the UI Bridge API opens one session on its page, once, and only for a page of this org")
    func oneTimeLinks() async throws {
        try await withTestOrg(seed: false) { org throws in
            let token = try await org.passwordToken()
            let answer = try await org.send(
                "POST", "/services/oauth2/singleaccess", token: token, form: ["redirect_uri": "/lightning/o/Contact/list"])
            let link = try #require(answer.json["frontdoor_uri"]?.stringValue, "\(answer.status) \(answer.text)")
            #expect(link.hasPrefix(org.credentials.instanceURL + "/secur/frontdoor.jsp?otp=") && !link.contains(token))
            let path = String(link.dropFirst(org.credentials.instanceURL.count))
            let client = org.newClient()
            let first = try await client.send("GET", path)
            #expect(first.status == 302 && first.header("Location") == "/lightning/o/Contact/list")
            let cookie = try #require(first.header("Set-Cookie")?.split(separator: ";").first.map(String.init))
            #expect(try await client.send("GET", "/lightning/o/Contact/list", headers: ["Cookie": cookie]).status == 200)
            let again = try await client.send("GET", path)
            #expect(again.status == 401 && again.header("Set-Cookie") == nil && again.visibleText.contains("used already or has expired"))

            let late = try #require(
                try await org.send("POST", "/services/oauth2/singleaccess", token: token).json["frontdoor_uri"]?.stringValue)
            org.clock.advance(by: 5 * 60 + 1)
            #expect(try await client.send("GET", String(late.dropFirst(org.credentials.instanceURL.count))).status == 401)

            let elsewhere = try await org.send(
                "POST", "/services/oauth2/singleaccess", token: token, form: ["redirect_uri": "https://evil.example/"])
            #expect(elsewhere.status == 400)
            #expect(try await org.send("POST", "/services/oauth2/singleaccess").status == 401)
        }
    }

    @Test("the request log shows what the org answered, without query strings, and the activity page what apps left")
    func requestLogAndActivity() async throws {
        try await withTestOrg(seed: false) { org throws in
            let token = try await org.passwordToken()
            // frontdoor.jsp, as sf org open sends it, lands on the console signed in.
            let door = try await org.send("GET", "/secur/frontdoor.jsp?sid=\(token)&retURL=%2Flightning%2Fquery")
            #expect(door.status == 302 && door.header("Location") == "/lightning/query")
            let doorCookie = try #require(door.header("Set-Cookie")?.split(separator: ";").first.map(String.init))
            let signedInPage = try await org.newClient().send(
                "GET", "/lightning/query", headers: ["Cookie": doorCookie])
            #expect(signedInPage.status == 200 && signedInPage.visibleText.contains(org.credentials.username))
            _ = try await org.send("GET", "\(org.dataPath)/sobjects/Nope", token: token)
            _ = try await org.send(
                "POST", "\(org.dataPath)/sobjects/MobilePushServiceDevice", token: token,
                json: ["ConnectionToken": "device-token-1", "ServiceType": "Apple", "ApplicationBundle": "com.example.app"])
            let browser = try await signedIn(org)
            let log = try await browser.get("/lightning/setup/requests")
            #expect(log.text.contains("http-equiv=\"refresh\""))
            #expect(log.visibleText.contains("GET /services/data/\(org.version)/sobjects/Nope 404"))
            #expect(log.visibleText.contains("GET /secur/frontdoor.jsp 302") && !log.text.contains(token) && !log.text.contains("sid="))
            let activity = try await browser.get("/lightning/setup/activity")
            #expect(activity.visibleText.contains("Apple com.example.app device-token-1"))
        }
    }
}
