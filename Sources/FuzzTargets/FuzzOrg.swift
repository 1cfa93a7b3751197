import Foundation
import LocalOrgEngine
import SalesforceCore

/// The seeded org the engine and HTTP targets query: opened once per process in a temporary
/// folder, which is removed when the process exits normally (libFuzzer exits through `exit`).
enum FuzzOrg {
    /// The org and a session of its default user.
    static let shared: (org: Org, session: Session, token: String) = runBlocking {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("forcekit-fuzz-\(UUID().uuidString)")
        temporaryFolder.withLock { $0 = directory.path }
        atexit {
            if let path = FuzzOrg.temporaryFolder.current { try? FileManager.default.removeItem(atPath: path) }
        }
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            let org = try await Org.open(
                in: directory, schemaFile: nil, seedsSampleData: true, tokenLifetime: 365 * 86_400, clock: { Date() },
                pushEnabled: true, apexRoutes: [])
            let tokens = try await org.token([
                "grant_type": "password", "client_id": org.settings.connectedApps[0].consumerKey,
                "username": org.settings.username, "password": org.settings.password,
            ])
            guard let token = tokens["access_token"] else { fatalError("The fuzzer's org gave no access token") }
            return (org, try await org.oauth.session(accessToken: token), token)
        } catch {
            fatalError("The fuzzer's org did not open: \(error)")
        }
    }

    private static let temporaryFolder = Locked<String?>(nil)
}
