import ForceKitTestSupport
import ForceKitTesting
import Foundation
import LocalOrg
import SalesforceAuth
import SalesforceCore
import SalesforceKeys
import SalesforceREST
import Testing

/// Counts what goes through a transport, by path.
final class CountingTransport: HTTPTransport {
    private let counts = Locked([String: Int]())
    let inner: any HTTPTransport = URLSessionTransport(maximumConnectionsPerHost: 32)

    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        counts.withLock { $0[request.url.path, default: 0] += 1 }
        return try await inner.send(request)
    }

    func count(_ path: String) -> Int {
        counts.withLock { $0[path] ?? 0 }
    }
}

@Suite("REST client against LocalOrg")
struct RestClientTests {
    @Test("CRUD and errors: Salesforce's error array becomes typed errors with the code and message")
    func crudAndErrors() async throws {
        try await withLocalOrg { org throws in
            let client = RestClient(credentials: try await org.logIn(), refresher: nil)
            let created = try await client.send(client.requests.create("Account", fields: ["Name": "Acme", "Industry": "Energy"]))
            #expect(created.status == 201)
            let id = try #require(created.json?["id"]?.stringValue)
            let record = try await client.send(client.requests.retrieve("Account", id: id, fields: ["Name", "Industry"])).json
            #expect(record?["Name"] == "Acme" && record?["Industry"] == "Energy")
            #expect(try await client.send(client.requests.update("Account", id: id, fields: ["Name": "Acme 2"])).status == 204)
            let missing = await #expect(throws: RestError.self) { try await client.send(client.requests.create("Account", fields: [:])) }
            #expect(missing?.status == 400)
            #expect(missing?.salesforceErrors.first?.errorCode == "REQUIRED_FIELD_MISSING")
            #expect(missing?.description.hasPrefix("REQUIRED_FIELD_MISSING: Required fields are missing: [Name]") == true)
            #expect(try await client.send(client.requests.delete("Account", id: id)).status == 204)
            let gone = await #expect(throws: RestError.self) { try await client.send(client.requests.retrieve("Account", id: id)) }
            #expect(gone?.status == 404)
        }
    }

    @Test("An expired access token is refreshed transparently and the request retried")
    func expiredTokenRefreshed() async throws {
        try await withLocalOrg(tokenLifetime: 60) { org throws in
            let transport = CountingTransport()
            let manager = try await UserAccountManager(
                directory: nil, keyStore: InMemoryKeyStore(), oauth: org.oauthClient(transport: transport))
            let account = try await manager.logIn(at: org.loginHost, using: org.browser)
            let client = RestClient(account: account, accounts: manager, transport: transport)
            _ = try await client.send(client.requests.limits())
            org.clock.advance(by: 120)
            let response = try await client.send(client.requests.query("SELECT Id FROM Account"))
            #expect(response.json?["totalSize"] == 0)
            #expect(transport.count("/services/oauth2/token") == 2)  // the login's exchange, then one refresh
            let fresh = await client.credentials
            #expect(fresh?.accessToken != account.credentials.accessToken)
            #expect(await manager.currentAccount?.credentials == fresh)
        }
    }

    @Test("Many concurrent requests meeting an expired token share one refresh")
    func oneRefreshForMany() async throws {
        try await withLocalOrg(tokenLifetime: 60) { org throws in
            let transport = CountingTransport()
            let credentials = try await org.logIn(transport: transport)
            let client = RestClient(credentials: credentials, refresher: org.oauthClient(transport: transport), transport: transport)
            org.clock.advance(by: 120)
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<24 { group.addTask { try await client.send(client.requests.limits()).status } }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(statuses == Array(repeating: 200, count: 24))
            #expect(transport.count("/services/oauth2/token") == 2)
            #expect(transport.count("/services/data/v66.0/limits") == 48)
        }
    }

    @Test(
        "Refresh token rotation: 50 requests on 50 clients of one account meet an expired token, one refresh runs, and the rotated token is kept for the next launch"
    )
    func rotatedRefreshTokenKept() async throws {
        var configuration = LocalOrgConfiguration()
        configuration.rotatesRefreshTokens = true
        try await withLocalOrg(tokenLifetime: 60, configuration: configuration) { org throws in
            try await withTemporaryDirectory { directory throws in
                let transport = CountingTransport()
                let keys = FileKeyStore(directory: directory.appendingPathComponent("keys"))
                let accounts = directory.appendingPathComponent("accounts")
                let manager = try await UserAccountManager(
                    directory: accounts, keyStore: keys, oauth: org.oauthClient(transport: transport))
                let account = try await manager.logIn(at: org.loginHost, using: org.browser)
                let firstRefreshToken = try #require(account.credentials.refreshToken)
                org.clock.advance(by: 120)
                // Each client refreshes on its own; the account manager lets one refresh through.
                let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                    for _ in 0..<50 {
                        group.addTask {
                            let client = RestClient(account: account, accounts: manager, transport: transport)
                            return try await client.send(client.requests.limits()).status
                        }
                    }
                    return try await group.reduce(into: [Int]()) { $0.append($1) }
                }
                #expect(statuses == Array(repeating: 200, count: 50))
                #expect(transport.count("/services/oauth2/token") == 2, "the login's exchange, then one refresh")
                let rotated = try #require(await manager.currentAccount?.credentials.refreshToken)
                #expect(rotated != firstRefreshToken)

                // The next launch reads the rotated token from disk, and its refresh works.
                let relaunched = try await UserAccountManager(
                    directory: accounts, keyStore: keys, oauth: org.oauthClient(transport: transport))
                let saved = try #require(await relaunched.currentAccount)
                #expect(saved.credentials.refreshToken == rotated)
                org.clock.advance(by: 120)
                let client = RestClient(account: saved, accounts: relaunched, transport: transport)
                #expect(try await client.send(client.requests.limits()).status == 200)
                #expect(await relaunched.accounts.count == 1)

                // The token it replaced no longer works, and presenting it again means two parties hold
                // the family: the org revokes the refresh token in use and its access tokens (RFC 9700
                // §4.14.2, as Salesforce's one-time-use refresh tokens), so the next request logs out.
                let stale = await #expect(throws: OAuthError.self) { try await org.oauthClient().refresh(account.credentials) }
                #expect(stale?.isRefreshTokenInvalid == true)
                let revoked = await #expect(throws: RestError.self) { try await client.send(client.requests.limits()) }
                #expect(revoked?.code == .refreshFailed, "\(String(describing: revoked))")
                #expect(await relaunched.accounts.isEmpty)
            }
        }
    }

    @Test("A revoked refresh token fails the request and logs the user out")
    func revokedLogsOut() async throws {
        try await withLocalOrg(tokenLifetime: 60) { org throws in
            let manager = try await UserAccountManager(directory: nil, keyStore: InMemoryKeyStore(), oauth: org.oauthClient())
            let account = try await manager.logIn(at: org.loginHost, using: org.browser)
            let client = RestClient(account: account, accounts: manager)
            try await org.oauthClient().revoke(token: account.credentials.refreshToken!, at: org.loginHost)
            let error = await #expect(throws: RestError.self) { try await client.send(client.requests.limits()) }
            #expect(error?.code == .refreshFailed)
            #expect(error?.oauthError?.kind == .invalidGrant)
            #expect(error?.recoverySuggestion == "Log in again.")
            #expect(await manager.accounts.isEmpty)
            #expect(await manager.currentAccount == nil)
            #expect(await client.credentials == nil)
            await #expect(throws: RestError.self) { try await client.send(client.requests.limits()) }
        }
    }

    @Test("A client that cannot refresh reports the 401 as refreshFailed, and never loops")
    func noRefresher() async throws {
        try await withLocalOrg(tokenLifetime: 60) { org throws in
            let transport = CountingTransport()
            let client = RestClient(credentials: try await org.logIn(), refresher: nil, transport: transport)
            org.clock.advance(by: 120)
            await #expect(throws: RestError.self) { try await client.send(client.requests.limits()) }
            #expect(transport.count("/services/data/v66.0/limits") == 1)
        }
    }

    @Test("Every record of a query, across pages, through nextRecordsUrl; Decodable records too")
    func allRecords() async throws {
        try await withLocalOrg(seed: true) { org throws in
            let client = RestClient(credentials: try await org.logIn(), refresher: nil)
            var pages = 0
            var count = 0
            for try await page in client.pages(forQuery: "SELECT Id, Name FROM Contact", batchSize: 200) {
                pages += 1
                count += page.records.count
                #expect(page.totalSize == 755)
            }
            #expect(pages == 4 && count == 755)
            struct Contact: Decodable, Sendable {
                let id: String
                let name: String
                enum CodingKeys: String, CodingKey {
                    case id = "Id"
                    case name = "Name"
                }
            }
            var names = Set<String>()
            for try await contact in client.records(forQuery: "SELECT Id, Name FROM Contact", as: Contact.self) { names.insert(contact.id) }
            #expect(names.count == 755)
            let first = try await client.query("SELECT Id, Name FROM Account LIMIT 3", as: Contact.self)
            #expect(first.records.count == 3 && first.done)
        }
    }

    @Test("Composite, batch and SOSL built by the factory run on the org")
    func compositeOnOrg() async throws {
        try await withLocalOrg { org throws in
            let client = RestClient(credentials: try await org.logIn(), refresher: nil)
            let requests = client.requests
            let composite = try await client.send(
                requests.composite(
                    [
                        ("acct", requests.create("Account", fields: ["Name": "Composite Co"])),
                        ("read", requests.retrieve("Account", id: "@{acct.id}", fields: ["Name"])),
                    ], allOrNone: true)
            ).json
            #expect(composite?["compositeResponse"]?[1]?["body"]?["Name"] == "Composite Co")
            let batch = try await client.send(requests.batch([requests.limits(), requests.query("SELECT Name FROM Account")])).json
            #expect(batch?["hasErrors"] == false)
            #expect(batch?["results"]?[1]?["result"]?["totalSize"] == 1)
            let sosl = try #require(QueryBuilder.sosl(searchTerm: "Composite", objectScope: [("Account", "Id, Name")]))
            let found = try await client.send(requests.search(sosl)).json
            #expect(found?["searchRecords"]?.arrayValue?.count == 1)
            let tree = try await client.send(
                requests.tree(
                    "Account",
                    records: [
                        SObjectTree(
                            objectType: "Account", objectTypePlural: "Accounts",
                            referenceID: "a1", fields: ["Name": "Tree Co"],
                            children: [
                                SObjectTree(
                                    objectType: "Contact", objectTypePlural: "Contacts",
                                    referenceID: "c1", fields: ["LastName": "Leaf"])
                            ])
                    ]))
            #expect(tree.status == 201 && tree.json?["results"]?.arrayValue?.count == 2)
        }
    }

    @Test("Files: upload, details and contents; Apex REST; unauthenticated calls to whole URLs")
    func filesApexAndExternal() async throws {
        try await withLocalOrg { org throws in
            let client = RestClient(credentials: try await org.logIn(), refresher: nil)
            let uploaded = try await client.send(
                client.requests.uploadFile(
                    Data("hello files".utf8), name: "hello.txt", description: "greeting",
                    mimeType: "text/plain")
            ).json
            let fileID = try #require(uploaded?["id"]?.stringValue)
            #expect(uploaded?["title"] == "hello.txt")
            let contents = try await client.send(client.requests.fileContents(fileID))
            #expect(String(decoding: contents.data, as: UTF8.self) == "hello files")
            let owned = try await client.send(client.requests.ownedFiles()).json
            #expect(owned?["files"]?.arrayValue?.count == 1)
            let echo = try await client.send(client.requests.apexREST(.post, path: "/echo/this", body: ["a": 1])).json
            #expect(echo?["path"] == "/echo/this" && echo?["body"]?["a"] == 1)
            let versions = try await RestClient.unauthenticated().send(
                .customURL(method: .get, baseURL: org.credentials.instanceURL, path: "/services/data"))
            #expect(versions.json?.arrayValue?.isEmpty == false)
            await #expect(throws: RestError.self) { try await RestClient.unauthenticated().send(client.requests.limits()) }
        }
    }

    @Test("Cancelling the awaiting task, or all requests, ends them with cancelled")
    func cancellation() async throws {
        try await withLocalOrg(seed: true) { org throws in
            let client = RestClient(credentials: try await org.logIn(), refresher: nil)
            let task = Task { try await client.send(client.requests.query("SELECT Id, Name, Description FROM Contact")) }
            task.cancel()
            let outcome = await task.result
            guard case .failure(let error) = outcome, (error as? RestError)?.code == .cancelled else {
                Issue.record("expected cancelled, got \(outcome)")
                return
            }
        }
    }

    @Test("cancelAllRequests ends every request under way with cancelled")
    func cancelAll() async throws {
        let transport = HangingTransport()
        let tokens = try TokenResponse(fields: [
            "access_token": "t", "instance_url": "https://na1.salesforce.com",
            "id": "https://login.salesforce.com/id/00D000000000001EAA/005000000000001AAA",
        ])
        let client = RestClient(
            credentials: OAuthCredentials(tokens: tokens, clientID: "k", redirectURI: "x://y", loginHost: .production),
            refresher: nil, transport: transport)
        let requests = (0..<3).map { _ in Task { try await client.send(client.requests.limits()) } }
        await transport.waitForRequests(3)
        await client.cancelAllRequests()
        for request in requests {
            let outcome = await request.result
            guard case .failure(let error) = outcome, (error as? RestError)?.code == .cancelled else {
                Issue.record("expected cancelled, got \(outcome)")
                continue
            }
        }
    }
}

/// A server that does not answer for 30 seconds: a request ends sooner only when cancelled.
actor HangingTransport: HTTPTransport {
    private var started = 0
    private var waiters: [(Int, CheckedContinuation<Void, Never>)] = []

    nonisolated func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        await arrived()
        do {
            try await Task.sleep(for: .seconds(30))
        } catch {
            throw .cancelled
        }
        throw .timedOut
    }

    private func arrived() {
        started += 1
        for waiter in waiters where waiter.0 <= started { waiter.1.resume() }
        waiters.removeAll { $0.0 <= started }
    }

    /// Returns once `count` requests have reached the transport.
    func waitForRequests(_ count: Int) async {
        if started >= count { return }
        await withCheckedContinuation { waiters.append((count, $0)) }
    }
}
