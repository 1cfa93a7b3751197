import ForceKitTestSupport
import ForceKitTesting
import Foundation
import LocalOrg
import SalesforceAuth
import SalesforceCore

/// A LocalOrg started for one test (see ForceKitTesting's `TestOrg`), with an HTTP client for its raw API.
struct APITestOrg {
    let org: TestOrg
    let client: HTTPTestClient
    var server: LocalOrgServer { org.server }
    var clock: MovableClock { org.clock }
    var credentials: LocalOrgCredentials { server.credentials }
    var version: String { APIVersion.current.description }
    var dataPath: String { "/services/data/\(version)" }

    /// The token endpoint's answer to the default user's password login, with `extra` fields
    /// (a `scope`, say).
    func passwordGrant(_ extra: [String: String] = [:]) async throws -> HTTPResponse {
        var form = [
            "grant_type": "password", "client_id": credentials.clientID, "username": credentials.username,
            "password": credentials.password,
        ]
        form.merge(extra) { $1 }
        return try await client.send("POST", "/services/oauth2/token", form: form)
    }

    /// A token for the default user from the password flow.
    func passwordToken() async throws -> String {
        let reply = try await passwordGrant()
        guard let token = reply.json["access_token"]?.stringValue else {
            throw TestFailure("password grant failed: \(reply.status) \(reply.text)")
        }
        return token
    }

}

/// Runs `body` with a LocalOrg started for it (seeded unless told otherwise), stopped when
/// `body` returns or throws.
@discardableResult
func withTestOrg<T>(
    seed: Bool = true, tokenLifetime: TimeInterval = 3600, configuration: LocalOrgConfiguration = LocalOrgConfiguration(),
    _ body: (APITestOrg) async throws -> T
) async throws -> T {
    try await withLocalOrg(seed: seed, tokenLifetime: tokenLifetime, configuration: configuration) { org in
        try await body(APITestOrg(org: org, client: HTTPTestClient(baseURL: org.credentials.instanceURL)))
    }
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
