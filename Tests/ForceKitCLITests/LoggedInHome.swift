import ForceKitCLI
import ForceKitTestSupport
import ForceKitTesting
import Foundation
import LocalOrg
import Testing

/// Runs `body` with a seeded LocalOrg and a CLI home folder of its own, logged in to the org
/// with `forcekit login` (password flow); the org stops and the folder goes however it ends.
func withLoggedInHome(_ body: (TestOrg, URL) async throws -> Void) async throws {
    try await withLocalOrg(seed: true) { org throws in
        try await withTemporaryDirectory { home throws in
            try await CLIEnvironment.$home.withValue(home) {
                let login = await forcekit(
                    "login", "--instance", org.credentials.loginURL, "--client-id", org.credentials.clientID,
                    "--username", org.credentials.username, "--password", org.credentials.password)
                try #require(login.exitCode == 0, "\(login.error)")
                try await body(org, home)
            }
        }
    }
}
