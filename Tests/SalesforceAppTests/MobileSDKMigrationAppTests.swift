import ForceKitTestSupport
import ForceKitTesting
import Foundation
import MobileSync
import SalesforceApp
import SalesforceAuth
import SalesforceCore
import SmartStore
import SmartStoreMigration
import Testing

@Suite("An app moving from the Mobile SDK migrates its users' stores")
struct MobileSDKMigrationAppTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("SmartStoreMigrationTests/Fixtures")

    /// The 32 bytes whose base64 text the fixtures were keyed with, as iOS keeps its store key.
    static func storeKey() throws -> Data {
        let expected = try JSON(
            parsing: String(decoding: try Data(contentsOf: fixtures.appendingPathComponent("expected.json")), as: UTF8.self))
        let passphrase = try #require(expected["passphrase"]?.stringValue)
        return try #require(Data(base64Encoded: passphrase))
    }

    static func place(_ fixture: String, at path: String, in folder: URL) throws {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent(fixture), to: url)
    }

    /// An app from the templates' files against a LocalOrg, with its default user signed in.
    static func withSignedInApp(_ body: (TestOrg, URL, SalesforceApp, UserAccount) async throws -> Void) async throws {
        try await withLocalOrg(.inProcess) { org in
            try await withTemporaryDirectory { folder in
                let config = folder.appendingPathComponent("config")
                try TemplateFiles.write(for: org, into: config)
                let app = try await SalesforceApp(
                    configuration: try AppConfiguration(contentsOf: config), directory: folder.appendingPathComponent("app"),
                    transport: org.transport)
                try await body(org, folder, app, try await app.logIn(at: org.loginHost, using: org.browser))
            }
        }
    }

    @Test("The signed-in user's store and the global store are migrated once; another user's waits for their login")
    func migratesOnce() async throws {
        try await Self.withSignedInApp { org, folder, app, account in
            let org18 = account.identity.orgID.id18
            let user18 = account.identity.userID.id18
            // The SDK's iOS layout: this user's default store, a global store, another user's store.
            let documents = folder.appendingPathComponent("Documents")
            try Self.place(
                "passphrase.db", at: "com.example/\(org18)/\(user18)/internal/stores/defaultStore/store.sqlite", in: documents)
            try Self.place("passphrase.db", at: "com.example/stores/settings/store.sqlite", in: documents)
            try Self.place(
                "passphrase.db", at: "com.example/\(org18)/005000000000009AAA/internal/stores/defaultStore/store.sqlite", in: documents)
            // The app opened its store before migrating: userstore.json's accounts soup, still empty, is replaced.
            #expect(try await app.userStore().count(using: .buildAllQuerySpec(soupName: "accounts")) == 0)

            let key = MobileSDKStoreKey.iOS(storeKey: try Self.storeKey())
            let steps = Locked(0)
            let first = try await app.migrateMobileSDKStores(in: documents, key: key) { _, _ in steps.withLock { $0 += 1 } }
            #expect(steps.current > 0)
            func summary(_ outcomes: [MobileSDKStoreOutcome]) -> [String] {
                outcomes.map { outcome in
                    let owner = outcome.file.userId ?? "global"
                    switch outcome.result {
                    case .migrated(let report): return "\(owner) \(outcome.file.name) migrated \(report.entryCount)"
                    case .alreadyMigrated: return "\(owner) \(outcome.file.name) already"
                    case .waitingForLogin: return "\(owner) \(outcome.file.name) waiting"
                    case .failed(let message): return "\(owner) \(outcome.file.name) failed: \(message.prefix(34))"
                    }
                }.sorted()
            }
            #expect(
                summary(first)
                    == [
                        "005000000000009AAA defaultStore waiting", "\(user18) defaultStore migrated 154",
                        "global settings migrated 154",
                    ].sorted())
            let store = try await app.userStore()
            #expect(try await store.count(using: .buildAllQuerySpec(soupName: "accounts")) == 153)
            #expect(try await app.stores.globalStore(named: "settings").count(using: .buildAllQuerySpec(soupName: "accounts")) == 153)
            // The SDK's sync carries over into the user's sync manager.
            #expect(try await app.syncManager().syncStatus(named: "accounts")?.maxTimeStamp == 1_700_000_000_150)

            let second = try await app.migrateMobileSDKStores(in: documents, key: key)
            #expect(
                summary(second)
                    == [
                        "005000000000009AAA defaultStore waiting", "\(user18) defaultStore already", "global settings already",
                    ].sorted())
        }
    }

    @Test("Two calls at once (at launch, and after a login) migrate a store once, one after the other")
    func concurrentCalls() async throws {
        try await Self.withSignedInApp { org, folder, app, account in
            let documents = folder.appendingPathComponent("Documents")
            try Self.place(
                "passphrase.db",
                at:
                    "com.example/\(account.identity.orgID.id18)/\(account.identity.userID.id18)/internal/stores/defaultStore/store.sqlite",
                in: documents)
            let key = MobileSDKStoreKey.iOS(storeKey: try Self.storeKey())
            async let first = app.migrateMobileSDKStores(in: documents, key: key)
            async let second = app.migrateMobileSDKStores(in: documents, key: key)
            let results = try await [first, second].flatMap { $0.map(\.result) }
            #expect(results.filter { if case .migrated = $0 { true } else { false } }.count == 1, "\(results)")
            #expect(results.filter { $0 == .alreadyMigrated }.count == 1, "\(results)")
        }
    }
}
