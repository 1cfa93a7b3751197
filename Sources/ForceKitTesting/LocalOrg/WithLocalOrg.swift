public import Foundation
public import LocalOrg

/// Runs `body` with a LocalOrg started for it (see ``TestOrg``), and stops the org when `body`
/// returns or throws: a test never leaves a server running, and never stops one from an
/// unawaited task.
///
/// ```swift
/// @Test func syncsAccounts() async throws {
///     try await withLocalOrg(seed: true) { org in
///         let credentials = try await org.logIn()
///         // … a REST client, a sync, against org.credentials.instanceURL
///     }
/// }
/// ```
///
/// With ``TestOrg/Setup/inProcess`` no socket is opened: clients made with the org's
/// ``TestOrg/transport`` reach its routes directly, so the test takes no port and cannot collide
/// with anything else on the machine (it is not measurably faster: an org's time goes to opening
/// and seeding it).
/// - Parameters:
///   - setup: A server on a loopback port (the default), or the org's routes in this process.
///   - seed: Whether the org has the sample data (Accounts, Contacts, Opportunities…).
///   - tokenLifetime: How long access tokens live, in seconds of the org's clock.
///   - startingAt: The time the org's clock starts at (``TestOrg/clock``): now, unless a test
///     needs records stamped earlier (say, before a sync state's timestamp).
///   - configuration: Anything else; its seed, token lifetime and clock are replaced.
///   - body: The test, given the running org; what it returns is returned.
@discardableResult
public func withLocalOrg<T>(
    _ setup: TestOrg.Setup = .live, seed: Bool = false, tokenLifetime: TimeInterval = 3600, startingAt: Date = Date(),
    configuration: LocalOrgConfiguration = LocalOrgConfiguration(), _ body: (TestOrg) async throws -> T
) async throws -> T {
    let clock = MovableClock(at: startingAt)
    var configuration = configuration
    configuration.seedsSampleData = seed
    configuration.tokenLifetime = tokenLifetime
    configuration.clock = { clock.now }
    let run = { (server: LocalOrgServer) in try await body(TestOrg(server: server, clock: clock, setup: setup)) }
    switch setup {
    case .live: return try await LocalOrgServer.withRunning(configuration, run)
    case .inProcess: return try await LocalOrgServer.withRunningInProcess(configuration, run)
    }
}
