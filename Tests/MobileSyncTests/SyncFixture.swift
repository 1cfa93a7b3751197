import ForceKitTestSupport
import ForceKitTesting
import Foundation
import LocalOrg
import LocalOrgEngine
import MobileSync
import SalesforceAuth
import SalesforceCore
import SalesforceREST
import SmartStore
import Testing

/// A LocalOrg, a store with an `accounts` soup, and a sync manager between them, for one test.
struct SyncFixture {
    let org: TestOrg
    let store: SmartStore
    let manager: SyncManager
    /// Another user's client: what it writes is "the server changed".
    let server: RestClient
    /// The transport the manager's client uses, which a test can make fail or act.
    let transport: ScriptedTransport
    let directory: URL

    static let soup = "accounts"

    /// Creates Accounts on the server, each at the org's current time unless `advancing`.
    @discardableResult
    func createAccounts(_ names: [String], advancing: TimeInterval = 0) async throws -> [String] {
        var ids: [String] = []
        for chunk in names.chunks(of: 200) {
            if advancing == 0 {
                let response = try await server.send(
                    server.requests.createRecords(chunk.map { SObjectRecord("Account", fields: ["Name": .string($0)]) }))
                ids += (response.json?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
            } else {
                for name in chunk {
                    org.clock.advance(by: advancing)
                    let response = try await server.send(server.requests.create("Account", fields: ["Name": .string(name)]))
                    ids.append(try #require(response.json?["id"]?.stringValue))
                }
            }
        }
        return ids
    }

    /// The soup's records by Name.
    func localRecords() async throws -> [String: JSON] {
        let all = try await store.query(using: .buildAllQuerySpec(soupName: Self.soup, orderPath: "Id", pageSize: 100_000))
        var byName: [String: JSON] = [:]
        for record in all { if let name = record["Name"]?.stringValue { byName[name] = record } }
        return byName
    }

    func localCount() async throws -> Int {
        try await store.count(using: .buildAllQuerySpec(soupName: Self.soup))
    }

    /// The server's record.
    func serverRecord(_ id: String) async throws -> JSON? {
        try await server.send(server.requests.retrieve("Account", id: id)).json
    }

    /// A manager on the same store, as after the app restarted.
    func restartedManager() async throws -> SyncManager {
        try await SyncManager(store: store, client: manager.client)
    }
}

/// Runs `body` with a fresh fixture; the org stops and the store's folder goes however it ends.
func withSyncFixture<T>(_ body: (SyncFixture) async throws -> T) async throws -> T {
    var configuration = LocalOrgConfiguration()
    configuration.apexRoutes = ApexAccountsTarget.routes
    ApexAccountsTarget.register()
    return try await withLocalOrg(configuration: configuration) { org throws in
        try await withTemporaryDirectory { directory throws in
            let credentials = try await org.logIn()
            let transport = ScriptedTransport()
            let client = RestClient(credentials: credentials, refresher: nil, transport: transport)
            let server = RestClient(credentials: credentials, refresher: nil)
            let store = try await SmartStore(url: directory.appendingPathComponent("sync.sqlite"), encryption: .plaintext)
            try await store.registerSoup(
                SyncFixture.soup,
                indexSpecs: [
                    IndexSpec(path: "Id", type: .string), IndexSpec(path: "Name", type: .string),
                    IndexSpec(path: SyncField.local, type: .string),
                ])
            let manager = try await SyncManager(store: store, client: client)
            return try await body(
                SyncFixture(org: org, store: store, manager: manager, server: server, transport: transport, directory: directory))
        }
    }
}

/// A custom sync-up target as an app writes one over its Apex class: Accounts go through
/// LocalOrg's Apex REST routes `/accounts` and `/accounts/:id` (its settings' `path`).
struct ApexAccountsTarget: CustomSyncUpTarget {
    static let name = "ApexAccounts"
    /// Routes that write Accounts, as an Apex class doing DML would.
    static let routes = [
        ApexRoute(method: "POST", path: "/accounts", writes: "Account"), ApexRoute(path: "/accounts/:id", writes: "Account"),
    ]
    let path: String

    static func register() {
        SyncTargetRegistry.registerUpTarget(named: name) { target in
            ApexAccountsTarget(path: target.settings["path"]?.stringValue ?? "/accounts")
        }
    }

    struct NoId: Error, CustomStringConvertible {
        var description: String { "The Apex endpoint answered without the new record's id." }
    }

    func createOnServer(_ objectType: String, fields: [String: JSON], context: SyncUpContext) async throws -> String {
        let client = context.client
        let answer = try await client.send(client.requests.apexREST(.post, path: path, body: .object(fields)))
        guard let id = answer.json?["id"]?.stringValue else { throw NoId() }
        return id
    }

    func updateOnServer(_ objectType: String, id: String, fields: [String: JSON], context: SyncUpContext) async throws {
        _ = try await context.client.send(context.client.requests.apexREST(.patch, path: "\(path)/\(id)", body: .object(fields)))
    }

    func deleteOnServer(_ objectType: String, id: String, context: SyncUpContext) async throws {
        _ = try await context.client.send(context.client.requests.apexREST(.delete, path: "\(path)/\(id)"))
    }
}

extension SyncUpTarget {
    /// The target of `kind` as the tests run it: a custom one writes through ``ApexAccountsTarget``.
    static func testing(_ kind: Kind) -> SyncUpTarget {
        kind == .custom ? .custom(ApexAccountsTarget.name, settings: ["path": "/accounts"]) : SyncUpTarget(kind: kind)
    }
}

/// A transport to LocalOrg that a test scripts: fail the n-th request to a path, or run
/// something just before a request goes out (to edit the store while a sync waits on the server).
final class ScriptedTransport: HTTPTransport {
    private let inner: any HTTPTransport = URLSessionTransport.shared
    private let script = Locked(Script())

    private struct Script {
        var counts: [String: Int] = [:]
        var failures: [(path: String, count: Int, afterServer: Bool)] = []
        var hooks: [(matches: @Sendable (HTTPRequest) -> Bool, action: @Sendable () async -> Void)] = []
        var rewrites: [(matches: @Sendable (HTTPRequest) -> Bool, rewrite: @Sendable (Data) -> Data)] = []
        var log: [HTTPRequest] = []
    }

    /// Answers every request `matches` accepts with the server's body passed through `rewrite`:
    /// a server that answers other than LocalOrg does.
    func rewriteResponses(where matches: @escaping @Sendable (HTTPRequest) -> Bool, _ rewrite: @escaping @Sendable (Data) -> Data) {
        script.withLock { $0.rewrites.append((matches, rewrite)) }
    }

    /// Makes the `count`-th request (from 1) whose path contains `path` fail as if the network dropped.
    func failRequest(number count: Int, toPathContaining path: String) {
        script.withLock { $0.failures.append((path, count, false)) }
    }

    /// Lets the `count`-th request (from 1) whose path contains `path` reach the server, then
    /// loses its answer: the server did the work, the client never hears of it (as when the app
    /// is killed while the answer is on its way).
    func loseAnswer(number count: Int, toPathContaining path: String) {
        script.withLock { $0.failures.append((path, count, true)) }
    }

    /// Runs `action` before the first request `matches` accepts goes out.
    func beforeRequest(where matches: @escaping @Sendable (HTTPRequest) -> Bool, _ action: @escaping @Sendable () async -> Void) {
        script.withLock { $0.hooks.append((matches, action)) }
    }

    /// The requests sent so far.
    var requests: [HTTPRequest] { script.withLock { $0.log } }

    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        let (fail, loseAnswer, hook) = script.withLock { script -> (Bool, Bool, (@Sendable () async -> Void)?) in
            script.log.append(request)
            var fail = false
            var loseAnswer = false
            for path in Set(script.failures.map(\.path)) where request.url.path.contains(path) {
                script.counts[path, default: 0] += 1
            }
            if let index = script.failures.firstIndex(where: { request.url.path.contains($0.path) && script.counts[$0.path] == $0.count }) {
                let failure = script.failures.remove(at: index)
                if failure.afterServer { loseAnswer = true } else { fail = true }
            }
            var action: (@Sendable () async -> Void)?
            if let index = script.hooks.firstIndex(where: { $0.matches(request) }) {
                action = script.hooks.remove(at: index).action
            }
            return (fail, loseAnswer, action)
        }
        if let hook { await hook() }
        if fail { throw .unreachable("the test dropped this request") }
        var response = try await inner.send(request)
        if loseAnswer { throw .unreachable("the test lost this request's answer") }
        let rewrites = script.withLock { script in script.rewrites.filter { $0.matches(request) }.map(\.rewrite) }
        for rewrite in rewrites { response.body = rewrite(response.body) }
        return response
    }
}
