public import Foundation
public import LocalOrg

/// Runs `body` with a LocalOrg started for it (see ``SDKTestOrg``), and stops the org when
/// `body` returns or throws: a test never leaves a server running, and never stops one from an
/// unawaited task.
/// - Parameters:
///   - seed: Whether the org has the sample data.
///   - tokenLifetime: How long access tokens live, in seconds of the org's clock.
///   - configuration: Anything else; its seed, token lifetime and clock are replaced.
@discardableResult
public func withOrg<T>(
    seed: Bool = false, tokenLifetime: TimeInterval = 3600, configuration: LocalOrgConfiguration = LocalOrgConfiguration(),
    _ body: (SDKTestOrg) async throws -> T
) async throws -> T {
    let org = try await SDKTestOrg.start(seed: seed, tokenLifetime: tokenLifetime, configuration: configuration)
    return try await stopping(org.server) { try await body(org) }
}

/// Runs `body` with a LocalOrg started from `configuration`, and stops it when `body` returns
/// or throws. For tests that need the server itself: its data directory, a restart.
@discardableResult
public func withLocalOrg<T>(_ configuration: LocalOrgConfiguration, _ body: (LocalOrgServer) async throws -> T) async throws -> T {
    try await LocalOrgServer.withRunning(configuration, body)
}

private func stopping<T>(_ server: LocalOrgServer, _ body: () async throws -> T) async throws -> T {
    do {
        let result = try await body()
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}
