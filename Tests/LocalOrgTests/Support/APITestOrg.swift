import ForceKitTesting
import Foundation
import LocalOrg
import SalesforceCore

/// The LocalOrg tests' org: ForceKitTesting's `TestOrg`, with the API paths they spell.
typealias APITestOrg = TestOrg

extension TestOrg {
    var version: String { APIVersion.current.description }
    var dataPath: String { "/services/data/\(version)" }
}

/// Runs `body` with a LocalOrg started for it (seeded unless told otherwise, in process unless
/// told `.live`), stopped when `body` returns or throws.
@discardableResult
func withTestOrg<T>(
    _ setup: TestOrg.Setup = .inProcess, seed: Bool = true, tokenLifetime: TimeInterval = 3600,
    configuration: LocalOrgConfiguration = LocalOrgConfiguration(), _ body: (TestOrg) async throws -> T
) async throws -> T {
    try await withLocalOrg(setup, seed: seed, tokenLifetime: tokenLifetime, configuration: configuration, body)
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
