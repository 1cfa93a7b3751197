import ForceKitTestSupport
import Foundation
import LocalOrg
import NIOConcurrencyHelpers
import SalesforceCore

/// A LocalOrg started for one test, on a free loopback port, with a clock the test can move.
struct TestOrg {
    let server: LocalOrgServer
    let client: HTTPTestClient
    let clock: TestClock
    var credentials: LocalOrgCredentials { server.credentials }
    var version: String { APIVersion.current.description }
    var dataPath: String { "/services/data/\(version)" }

    static func start(seed: Bool = true, tokenLifetime: TimeInterval = 3600, schema: URL? = nil) async throws -> TestOrg {
        let clock = TestClock()
        var configuration = LocalOrgConfiguration()
        configuration.seedsSampleData = seed
        configuration.tokenLifetime = tokenLifetime
        configuration.schemaFile = schema
        configuration.clock = { clock.now }
        let server = try await LocalOrgServer.start(configuration)
        return TestOrg(server: server, client: HTTPTestClient(baseURL: server.credentials.instanceURL), clock: clock)
    }

    /// A token for the default user from the password flow.
    func passwordToken() async throws -> String {
        let reply = try await client.send("POST", "/services/oauth2/token", form: [
            "grant_type": "password", "client_id": credentials.clientID,
            "username": credentials.username, "password": credentials.password,
        ])
        guard let token = reply.json["access_token"]?.stringValue else {
            throw TestFailure("password grant failed: \(reply.status) \(reply.text)")
        }
        return token
    }

    func stop() async { await server.stop() }
}

/// A clock that stands still unless a test moves it.
final class TestClock: Sendable {
    private let time = NIOLockedValueBox(Date())
    var now: Date { time.withLockedValue { $0 } }
    func advance(by seconds: TimeInterval) { time.withLockedValue { $0 = $0.addingTimeInterval(seconds) } }
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
