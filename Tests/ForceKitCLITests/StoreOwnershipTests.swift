import ForceKitCLI
import ForceKitTestSupport
import ForceKitTesting
import Foundation
import LocalOrg
import SalesforceCore
import Testing

@testable import ForceKitCLI

/// A store belongs to the account that first synced it. The issue's own sequence: one org's
/// records synced, another org logged in (and so current), then a re-sync and a ghost cleaning
/// with the store but no `--target-org`: both are refused, and no record is lost or mixed in.
@Suite("forcekit sync: a store never mixes two accounts' records")
struct StoreOwnershipTests {
    private func count(_ path: String, _ soup: String) async -> Int? {
        let counted = await forcekit("store", "count", soup, "--path", path)
        return Int(counted.output.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test(
        "resync and clean-ghosts of one org's store, run while another org is current, are refused naming both; with --target-org they run")
    func otherAccountRefused() async throws {
        try await withTwoLocalOrgs(seedFirst: true) { home, big, other throws in
            let store = home.appendingPathComponent("big/app.sqlite").path
            try FileManager.default.createDirectory(
                atPath: home.appendingPathComponent("big").path, withIntermediateDirectories: true)
            #expect(
                await forcekit("login", "--local", "--instance", big.credentials.instanceURL, "--alias", "big").exitCode == 0)
            let down = await forcekit(
                "sync", "down", "accounts", "--path", store, "--query", "SELECT Id, Name FROM Account", "--name", "bigdown",
                "--target-org", "big")
            #expect(down.exitCode == 0, "\(down.error)")
            let synced = try #require(await count(store, "accounts"))
            #expect(synced > 0)

            // Another org logs in: the current account stays, and login says so and how to use the new one.
            let second = await forcekit("login", "--local", "--instance", other.credentials.instanceURL, "--alias", "tls")
            #expect(second.exitCode == 0 && second.error.contains("the current account stays"), "\(second.error)")
            #expect(second.error.contains("(alias big)") && second.error.contains("forcekit org switch tls"), "\(second.error)")
            // Made current (as every login once made it), the other org's session meets the big org's store.
            let switched = await forcekit("org", "switch", "tls")
            #expect(switched.exitCode == 0 && switched.output.contains("(alias tls)"), "\(switched.error)")
            let resync = await forcekit("sync", "resync", "bigdown", "--path", store)
            #expect(resync.exitCode == 1)
            #expect(resync.error.contains("belongs to") && resync.error.contains("(alias big)"), "\(resync.error)")
            #expect(resync.error.contains("(alias tls)") && resync.error.contains("--target-org big"), "\(resync.error)")
            #expect(await count(store, "accounts") == synced)

            // A copy of the store, with its key, is the same org's store.
            let copy = home.appendingPathComponent("copy").path
            try FileManager.default.copyItem(atPath: home.appendingPathComponent("big").path, toPath: copy)
            let copied = copy + "/app.sqlite"
            let ghosts = await forcekit("sync", "clean-ghosts", "bigdown", "--path", copied)
            #expect(ghosts.exitCode == 1 && ghosts.error.contains("--target-org big"), "\(ghosts.output) \(ghosts.error)")
            #expect(await count(copied, "accounts") == synced)
            let down2 = await forcekit("sync", "down", "more", "--path", copied, "--query", "SELECT Id FROM Account")
            #expect(down2.exitCode == 1 && down2.error.contains("belongs to"), "\(down2.error)")
            let more = await count(copied, "more")
            #expect(more == nil || more == 0)

            // As the store's account, both run, and lose nothing that is still on the server.
            let right = await forcekit("sync", "resync", "bigdown", "--path", store, "--target-org", "big")
            #expect(right.exitCode == 0, "\(right.error)")
            let cleaned = await forcekit("sync", "clean-ghosts", "bigdown", "--path", copied, "-o", "big")
            #expect(
                cleaned.exitCode == 0 && cleaned.output.trimmingCharacters(in: .whitespacesAndNewlines) == "0",
                "\(cleaned.error)")
            let (original, copyCount) = (await count(store, "accounts"), await count(copied, "accounts"))
            #expect(original == synced && copyCount == synced)
        }
    }

    @Test("a store made before stores kept their owner becomes the first syncing account's, and the command says so")
    func unownedStoreClaimed() async throws {
        try await withTemporaryDirectory { home throws in
            try await CLIEnvironment.$home.withValue(home) {
                try await withLocalOrg(seed: true) { org throws in
                    try RunningLocalOrg(org.credentials, dataDirectory: nil).save()
                    #expect(await forcekit("login", "--local", "--alias", "dev").exitCode == 0)
                    let store = home.appendingPathComponent("old.sqlite").path
                    #expect(await forcekit("store", "register", "notes", "--path", store, "--index", "Title:string").exitCode == 0)
                    let down = await forcekit("sync", "down", "accounts", "--path", store, "--query", "SELECT Id, Name FROM Account")
                    #expect(down.exitCode == 0, "\(down.error)")
                    #expect(down.error.contains("had no owner; it now belongs to") && down.error.contains("(alias dev)"), "\(down.error)")
                    let again = await forcekit("sync", "down", "contacts", "--path", store, "--query", "SELECT Id FROM Contact")
                    #expect(again.exitCode == 0 && !again.error.contains("had no owner"), "\(again.error)")
                }
            }
        }
    }
}
