import ForceKitTestSupport
import Foundation
import LocalOrg
import OrgTestSupport
import SalesforceCore

/// A LocalOrg started for one test (see ``SDKTestOrg``), with an HTTP client for its raw API.
struct TestOrg {
    let org: SDKTestOrg
    let client: HTTPTestClient
    var server: LocalOrgServer { org.server }
    var clock: MovableClock { org.clock }
    var credentials: LocalOrgCredentials { server.credentials }
    var version: String { APIVersion.current.description }
    var dataPath: String { "/services/data/\(version)" }

    static func start(
        seed: Bool = true, tokenLifetime: TimeInterval = 3600, schema: URL? = nil,
        configure: (inout LocalOrgConfiguration) -> Void = { _ in }
    ) async throws -> TestOrg {
        let org = try await SDKTestOrg.start(seed: seed, tokenLifetime: tokenLifetime) { configuration in
            configuration.schemaFile = schema
            configure(&configuration)
        }
        return TestOrg(org: org, client: HTTPTestClient(baseURL: org.credentials.instanceURL))
    }

    /// A token for the default user from the password flow.
    func passwordToken() async throws -> String {
        let reply = try await client.send(
            "POST", "/services/oauth2/token",
            form: [
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

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
