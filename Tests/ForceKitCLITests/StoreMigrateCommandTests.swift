import Foundation
import SalesforceCore
import Testing

@Suite("forcekit store migrate")
struct StoreMigrateCommandTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("SmartStoreMigrationTests/Fixtures")

    /// The key text the fixture stores were made with, as the SDK gives it to SQLCipher.
    static func keyText() throws -> String {
        let expected = try JSON(
            parsing: String(decoding: try Data(contentsOf: fixtures.appendingPathComponent("expected.json")), as: UTF8.self))
        return try #require(expected["passphrase"]?.stringValue)
    }

    @Test("With the defaults the README shows, an SDK store becomes an encrypted ForceKit store; run again, it skips what is there")
    func migrates() async throws {
        try await withScratch { scratch throws in
            let db = scratch.path("migrated.sqlite")
            let sdkStore = Self.fixtures.appendingPathComponent("passphrase.db").path
            let first = await forcekit("store", "migrate", sdkStore, "--key", try Self.keyText(), "--path", db)
            #expect(first.exitCode == 0, "\(first.error)")
            let report = try JSON(parsing: first.output)
            #expect(report["entries"] == 154)
            #expect(report["soups"]?.arrayValue?.map { $0["name"] } == ["accounts", "syncs_soup"])
            #expect(report["soups"]?.arrayValue?.map { $0["alreadyMigrated"] } == [false, false])
            // Encrypted by default, with its key beside it, as every store command makes one.
            #expect(FileManager.default.fileExists(atPath: db + ".key"))
            #expect(try JSON(parsing: await forcekit("store", "count", "accounts", "--path", db).output) == 153)
            let local = await forcekit(
                "store", "query", "--path", db, "--smart",
                "select {accounts:Name} from {accounts} where {accounts:__locally_created__} = 1 order by {accounts:Name}")
            #expect(try JSON(parsing: local.output) == [["New 0"], ["New 1"], ["New 2"]], "\(local.error)")

            let second = await forcekit("store", "migrate", sdkStore, "--key", try Self.keyText(), "--path", db)
            #expect(second.exitCode == 0)
            #expect(try JSON(parsing: second.output)["soups"]?.arrayValue?.map { $0["alreadyMigrated"] } == [true, true])
        }
    }

    @Test("A wrong key fails before any ForceKit store is made; a key that is not the SDK's form is a usage error")
    func wrongKeys() async throws {
        try await withScratch { scratch throws in
            let db = scratch.path("migrated.sqlite")
            let sdkStore = Self.fixtures.appendingPathComponent("passphrase.db").path
            let wrong = await forcekit(
                "store", "migrate", sdkStore, "--key", Data(repeating: 7, count: 32).base64EncodedString(), "--path", db)
            #expect(wrong.exitCode == 1)
            #expect(wrong.error.contains("The key does not open this store"), "\(wrong.error)")
            #expect(!FileManager.default.fileExists(atPath: db))
            #expect(!FileManager.default.fileExists(atPath: db + ".key"))
            let short = await forcekit("store", "migrate", sdkStore, "--key", "c2hvcnQ=", "--path", db)
            #expect(short.exitCode == 64)
            #expect(short.error.contains("--key"))
            let missing = await forcekit("store", "migrate", scratch.path("nothing.db"), "--key", try Self.keyText(), "--path", db)
            #expect(missing.exitCode == 64)
        }
    }

    @Test("doctor --app lists the Mobile SDK stores in the app's folder, and how to migrate them")
    func doctorFindsStores() async throws {
        try await withScratch { scratch throws in
            let config = URL(fileURLWithPath: scratch.path("config"))
            try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
            try Data(#"{"remoteAccessConsumerKey": "key", "oauthRedirectURI": "app:///done", "oauthScopes": ["api"]}"#.utf8)
                .write(to: config.appendingPathComponent("bootconfig.json"))
            let app = URL(fileURLWithPath: scratch.path("app"))
            let store = app.appendingPathComponent("databases/smartstore_00D000000000001AAA_005000000000001AAA_internal.db")
            try FileManager.default.createDirectory(at: store.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("passphrase.db"), to: store)
            let doctor = await forcekit("doctor", "--app", app.path, "--config", config.path, "--json")
            #expect(doctor.exitCode == 0, "\(doctor.error)")
            let info = try JSON(parsing: doctor.output)
            #expect(
                info["Mobile SDK stores"]?.stringValue
                    == "databases/smartstore_00D000000000001AAA_005000000000001AAA_internal.db (android, smartstore, user 005000000000001AAA of org 00D000000000001AAA)"
            )
            #expect(info["Mobile SDK migration"]?.stringValue?.hasPrefix("forcekit store migrate") == true)
        }
    }
}
