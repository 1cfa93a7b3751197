import ForceKitCLI
import ForceKitTestSupport
import ForceKitTesting
import Foundation
import LocalOrg
import SalesforceCore
import Testing

@Suite("forcekit sync: related records, Bulk API priming, metadata and layouts")
struct SyncRelatedCommandTests {
    /// The parent-children target the README and the help use, as shipped.
    static var tree: String {
        get throws {
            try String(contentsOfFile: FileManager.default.currentDirectoryPath + "/Examples/Sync/accounts-contacts.json", encoding: .utf8)
        }
    }

    /// Runs `body` logged in, with a store path and the tree file.
    func withLoggedIn(_ body: (TestOrg, String, String, URL) async throws -> Void) async throws {
        try await withLoggedInHome { org, home in
            let file = home.appendingPathComponent("tree.json")
            try Data(try Self.tree.utf8).write(to: file)
            try await body(org, home.appendingPathComponent("app.sqlite").path, file.path, home)
        }
    }

    @Test("down --parent-children fills both soups; a parent and child created offline go up with up --parent-children")
    func parentChildren() async throws {
        try await withLoggedIn { _, db, file, home in
            let down = await forcekit("sync", "down", "accounts", "--path", db, "--parent-children", file, "--name", "tree")
            #expect(down.exitCode == 0, "\(down.error)")
            let state = try JSON(parsing: down.output)
            #expect(state["status"] == "DONE" && state["target"]?["type"] == "parentChildren")
            let contacts = try JSON(parsing: await forcekit("store", "query", "contacts", "--path", db, "--page-size", "10000").output)
            let accounts = try JSON(parsing: await forcekit("store", "query", "accounts", "--path", db, "--page-size", "10000").output)
            let accountIds = Set(accounts.arrayValue?.compactMap { $0["Id"]?.stringValue } ?? [])
            #expect(!accountIds.isEmpty && accounts.arrayValue?.allSatisfy { $0["Name"]?.stringValue?.hasPrefix("A") == true } == true)
            #expect(contacts.arrayValue?.allSatisfy { accountIds.contains($0["AccountId"]?.stringValue ?? "") } == true)

            let parent = home.appendingPathComponent("parent.json")
            try Data(#"[{"Id": "local_p1", "Name": "Acme Offline", "attributes": {"type": "Account"}}]"#.utf8).write(to: parent)
            let child = home.appendingPathComponent("child.json")
            try Data(#"[{"LastName": "Offline", "AccountId": "local_p1", "attributes": {"type": "Contact"}}]"#.utf8).write(to: child)
            #expect(
                await forcekit("store", "upsert", "accounts", parent.path, "--path", db, "--external-id", "Id", "--local").exitCode == 0)
            #expect(await forcekit("store", "upsert", "contacts", child.path, "--path", db, "--local").exitCode == 0)
            let up = await forcekit("sync", "up", "accounts", "--path", db, "--parent-children", file)
            #expect(up.exitCode == 0, "\(up.error)")
            #expect(try JSON(parsing: up.output)["recordsSynced"] == 2)
            let onServer = await forcekit("query", "SELECT Account.Name FROM Contact WHERE LastName = 'Offline'")
            #expect(onServer.output.contains("Acme Offline"), "\(onServer.output)")
            let wrongSoup = await forcekit("sync", "down", "contacts", "--path", db, "--parent-children", file)
            #expect(wrongSoup.exitCode != 0 && wrongSoup.error.contains("parent soup is accounts"))
        }
    }

    @Test("down --bulk primes through a query job; metadata and layout print the org's and then the cache's")
    func bulkMetadataLayout() async throws {
        try await withLoggedIn { _, db, _, _ in
            let down = await forcekit("sync", "down", "bulked", "--path", db, "--query", "SELECT Name FROM Account", "--bulk")
            #expect(down.exitCode == 0, "\(down.error)")
            let state = try JSON(parsing: down.output)
            #expect(state["target"]?["primeWithBulkAPI"] == true && (state["recordsSynced"]?.integerValue ?? 0) > 0)
            let missing = await forcekit("sync", "metadata", "Contact", "--path", db, "--mode", "cache-only")
            #expect(missing.exitCode == 1 && missing.error.contains("the cache has no description of Contact"))
            let metadata = await forcekit("sync", "metadata", "Contact", "--path", db)
            #expect(try metadata.exitCode == 0 && JSON(parsing: metadata.output)["name"] == "Contact")
            let cached = await forcekit("sync", "metadata", "Contact", "--path", db, "--mode", "cache-only")
            #expect(try cached.exitCode == 0 && JSON(parsing: cached.output)["Id"] == "Contact")
            let layout = await forcekit("sync", "layout", "Account", "--path", db, "--layout-type", "Compact")
            #expect(try layout.exitCode == 0 && JSON(parsing: layout.output)["Id"] == "Account-Compact", "\(layout.error)")
            let usage = await forcekit("sync", "down", "x", "--path", db, "--sosl", "FIND {a}", "--bulk")
            #expect(usage.exitCode == 64 && usage.error.contains("--bulk primes a --query"))
        }
    }
}
