import Crypto
import ForceKitTestSupport
import Foundation
import GRDB
import SalesforceCore
import SmartStore
import SmartStoreMigration
import Testing

@Suite("Migrating a Mobile SDK store into a ForceKit store")
struct MobileSDKStoreMigrationTests {
    /// The key each fixture was made with, as an app would give it: iOS's store key is the 32
    /// bytes whose base64 text the fixture script used as its passphrase.
    static func key(for file: String, _ expected: JSON) throws -> MobileSDKStoreKey {
        let rawKey = SQLCipherReaderTests.bytes(expected["rawKey"]?.stringValue ?? "")
        switch file {
        case "plaintext-header.db": return .raw(rawKey, salt: SQLCipherReaderTests.bytes(expected["salt"]?.stringValue ?? ""))
        case "raw-key.db": return .raw(rawKey)
        default:
            let storeKey = try #require(Data(base64Encoded: expected["passphrase"]?.stringValue ?? ""))
            return .iOS(storeKey: storeKey)
        }
    }

    static func migration(_ file: String) throws -> MobileSDKStoreMigration {
        let expected = try SQLCipherReaderTests.expected()
        return try MobileSDKStoreMigration(
            storeAt: SQLCipherReaderTests.fixtures.appendingPathComponent(file), key: try key(for: file, expected))
    }

    /// The fixture's rows of `table` as SQLite3 Multiple Ciphers read them: id, soup, created, lastModified, ….
    static func rows(_ table: String, of file: String) throws -> [[JSON]] {
        try #require(SQLCipherReaderTests.expected()["files"]?[file]?[table]?.arrayValue).map { $0.arrayValue ?? [] }
    }

    /// Each row's entry as the migrated store should give it back: the SDK's JSON with the
    /// row's id and dates as its system fields.
    static func expectedEntries(_ table: String, of file: String) throws -> [Int64: JSON] {
        var entries: [Int64: JSON] = [:]
        for row in try rows(table, of: file) {
            let id = try #require(row[0].integerValue)
            guard case .object(var members) = try JSON(parsing: try #require(row[1].stringValue)) else {
                Issue.record("row \(id) of \(table) is not an object")
                continue
            }
            members["_soupEntryId"] = .integer(id)
            members["_soupCreatedDate"] = row[2]
            members["_soupLastModifiedDate"] = row[3]
            entries[id] = .object(members)
        }
        return entries
    }

    static func withNewStore<T>(_ body: (SmartStore, URL) async throws -> T) async throws -> T {
        try await withTemporaryDirectory { folder in
            let url = folder.appendingPathComponent("migrated.db")
            let store = try await SmartStore(url: url, encryption: .key(SymmetricKey(size: .bits256)))
            defer { try? store.close() }
            return try await body(store, url)
        }
    }

    @Test(
        "Every soup arrives with its index specs, and every entry under its own id and dates, equal to the SDK's",
        arguments: ["passphrase.db", "plaintext-header.db", "raw-key.db", "wal.db", "sdk7-sqlcipher3.db"])
    func everyEntry(file: String) async throws {
        try await Self.withNewStore { store, _ in
            let progress = Locked<[MigrationProgress]>([])
            let report = try await Self.migration(file).migrate(into: store) { step in progress.withLock { $0.append(step) } }
            let accounts = try Self.expectedEntries("TABLE_1", of: file)
            let syncs = try Self.expectedEntries("TABLE_2", of: file)
            #expect(report.soups.map(\.name) == ["accounts", "syncs_soup"])
            #expect(report.soups.map(\.entries) == [accounts.count, syncs.count])
            #expect(report.soups.allSatisfy { !$0.wasAlreadyMigrated })
            #expect(try await store.allSoupNames() == ["accounts", "syncs_soup"])
            #expect(
                try await store.indexSpecs(inSoup: "accounts").map(\.path) == [
                    "Id", "Name", "NumberOfEmployees", "AnnualRevenue", "Description", "Industry", "__local__",
                ])
            #expect(
                try await store.indexSpecs(inSoup: "accounts").map(\.type) == [
                    .string, .string, .integer, .floating, .fullText, .json1, .string,
                ])
            // SDK 6 and 7 indexed syncs_soup's type and name as strings, SDK 8 and later with json1.
            #expect(
                try await store.indexSpecs(inSoup: "syncs_soup").map(\.type)
                    == (file == "sdk7-sqlcipher3.db" ? [.string, .string] : [.json1, .json1, .json1]))
            for (soup, expected) in [("accounts", accounts), ("syncs_soup", syncs)] {
                let ids = expected.keys.sorted()
                let stored = try await store.retrieve(usingSoupEntryIds: ids, inSoup: soup)
                #expect(stored.count == ids.count)
                for entry in stored {
                    let id = try #require(entry["_soupEntryId"]?.integerValue)
                    #expect(entry == expected[id], "entry \(id) of \(soup)")
                }
            }
            let steps = progress.withLock { $0 }
            #expect(
                steps.first
                    == MigrationProgress(soupName: "accounts", soupNumber: 1, soupCount: 2, entriesWritten: 0, entryCount: accounts.count))
            #expect(steps.last?.soupName == "syncs_soup")
            #expect(steps.filter { $0.soupName == "accounts" }.last?.entriesWritten == accounts.count)
        }
    }

    @Test("Cancelled at random points, a migration leaves each soup whole or absent, and the next run completes", arguments: 1...6)
    func interrupted(seed: UInt64) async throws {
        try await Self.withNewStore { store, _ in
            let expected = try SQLCipherReaderTests.expected()
            let migration = try MobileSDKStoreMigration(
                storeAt: SQLCipherReaderTests.fixtures.appendingPathComponent("passphrase.db"),
                key: try Self.key(for: "passphrase.db", expected),
                entryFilesFolder: nil, entriesPerBatch: 10)
            let counts = ["accounts": try Self.rows("TABLE_1", of: "passphrase.db").count, "syncs_soup": 1]
            var generator = SeededGenerator(seed: seed)
            for _ in 0..<3 {
                // 153 accounts in batches of 10 and one sync state: about 19 steps in all.
                let stopAfter = Int.random(in: 1...20, using: &generator)
                let (steps, stepped) = AsyncStream<Void>.makeStream()
                let task = Task {
                    defer { stepped.finish() }
                    return try await migration.migrate(into: store) { _ in stepped.yield() }
                }
                var seen = 0
                for await _ in steps {
                    seen += 1
                    if seen == stopAfter {
                        task.cancel()
                        break
                    }
                }
                _ = await task.result
                for soup in try await store.allSoupNames() {
                    #expect(try await store.count(using: .buildAllQuerySpec(soupName: soup)) == counts[soup], "\(soup)")
                }
            }
            let report = try await migration.migrate(into: store)
            #expect(report.soups.map(\.entries) == [counts["accounts"], counts["syncs_soup"]])
            let accounts = try Self.expectedEntries("TABLE_1", of: "passphrase.db")
            let stored = try await store.retrieve(usingSoupEntryIds: accounts.keys.sorted(), inSoup: "accounts")
            #expect(stored.count == accounts.count)
            for entry in stored { #expect(entry == accounts[entry["_soupEntryId"]?.integerValue ?? 0]) }
        }
    }

    @Test("A soup the ForceKit store already has, or one migrated from another SDK store, is refused and left as it was")
    func conflicts() async throws {
        try await Self.withNewStore { store, _ throws in
            try await store.registerSoup("accounts", indexSpecs: [IndexSpec(path: "Name", type: .string)])
            let own = try await store.upsert(entries: [["Name": "Written by the app"]], inSoup: "accounts")
            let error = await #expect(throws: StoreMigrationError.self) { try await Self.migration("passphrase.db").migrate(into: store) }
            #expect(error?.code == .soupConflict)
            #expect(error?.message.contains("accounts") == true)
            #expect(try await store.query(using: .buildAllQuerySpec(soupName: "accounts")) == own)
        }
        try await Self.withNewStore { store, _ in
            _ = try await Self.migration("passphrase.db").migrate(into: store)
            // Another user's store, migrated into the same ForceKit store by mistake.
            let error = await #expect(throws: StoreMigrationError.self) { try await Self.migration("raw-key.db").migrate(into: store) }
            #expect(error?.code == .soupConflict)
            #expect(error?.message.contains("another SDK store") == true, "\(String(describing: error))")
            #expect(try await store.count(using: .buildAllQuerySpec(soupName: "accounts")) == 153)
        }
    }

    @Test("The same SDK store found at another path (an app's container moves on update) is recognised and skipped")
    func movedStore() async throws {
        try await withTemporaryDirectory { folder in
            try await Self.withNewStore { store, _ in
                _ = try await Self.migration("passphrase.db").migrate(into: store)
                let moved = folder.appendingPathComponent("elsewhere/passphrase.db")
                try FileManager.default.createDirectory(at: moved.deletingLastPathComponent(), withIntermediateDirectories: true)
                try FileManager.default.copyItem(at: SQLCipherReaderTests.fixtures.appendingPathComponent("passphrase.db"), to: moved)
                let again = try MobileSDKStoreMigration(
                    storeAt: moved, key: try Self.key(for: "passphrase.db", SQLCipherReaderTests.expected()))
                #expect(try await again.migrate(into: store).soups.map(\.wasAlreadyMigrated) == [true, true])
            }
        }
    }

    /// Runs `change` on the plain migrated store's database, as a process killed before the
    /// check (or an app writing to the soup) would leave it, and reopens the store.
    static func withMigratedPlainStore(_ body: (URL, MobileSDKStoreMigration) async throws -> Void) async throws {
        try await withTemporaryDirectory { folder in
            let url = folder.appendingPathComponent("migrated.db")
            let store = try await SmartStore(url: url, encryption: .plaintext)
            let migration = try Self.migration("passphrase.db")
            _ = try await migration.migrate(into: store)
            try store.close()
            try await body(url, migration)
        }
    }

    static func execute(_ sql: String, in url: URL) throws {
        let queue = try DatabaseQueue(path: url.path)
        try queue.write { try $0.execute(sql: sql) }
        try queue.close()
    }

    @Test("A soup written but not checked before a kill is checked by the next run; one found different is written again")
    func uncheckedSoups() async throws {
        try await Self.withMigratedPlainStore { url, migration in
            try Self.execute("UPDATE soup_origins SET verified = 0", in: url)
            var store = try await SmartStore(url: url, encryption: .plaintext)
            #expect(try await migration.migrate(into: store).soups.map(\.wasAlreadyMigrated) == [true, true])
            try store.close()

            // Damaged where nothing wrote since the migration: removed and migrated again.
            try Self.execute("UPDATE soup_origins SET verified = 0", in: url)
            try Self.execute("UPDATE TABLE_1 SET soup = json_set(soup, '$.Name', 'damaged') WHERE id = 5", in: url)
            store = try await SmartStore(url: url, encryption: .plaintext)
            defer { try? store.close() }
            let report = try await migration.migrate(into: store)
            #expect(report.soups.map(\.wasAlreadyMigrated) == [false, true])
            let accounts = try Self.expectedEntries("TABLE_1", of: "passphrase.db")
            #expect(try await store.retrieve(usingSoupEntryIds: [5], inSoup: "accounts") == [try #require(accounts[5])])
        }
    }

    @Test("A soup the app wrote to since its migration is never removed by a failed check: it is kept and the failure said")
    func writtenSoupsAreKept() async throws {
        try await Self.withMigratedPlainStore { url, migration in
            let store = try await SmartStore(url: url, encryption: .plaintext)
            defer { try? store.close() }
            let edited = try await store.upsert(entries: [["_soupEntryId": 5, "Name": "Edited in the app"]], inSoup: "accounts")
            try store.close()
            try Self.execute("UPDATE soup_origins SET verified = 0", in: url)
            let reopened = try await SmartStore(url: url, encryption: .plaintext)
            defer { try? reopened.close() }
            let error = await #expect(throws: StoreMigrationError.self) { try await migration.migrate(into: reopened) }
            #expect(error?.code == .verificationFailed)
            #expect(error?.recoverySuggestion?.contains("kept") == true, "\(String(describing: error))")
            #expect(try await reopened.retrieve(usingSoupEntryIds: [5], inSoup: "accounts") == edited)
        }
    }

    @Test("New entries get ids above the highest the SDK ever gave, even one it removed since")
    func idsAreNotGivenTwice() async throws {
        try await Self.withNewStore { store, _ in
            let migration = try MobileSDKStoreMigration(
                storeAt: SQLCipherReaderTests.fixtures.appendingPathComponent("sdk10-external.db"),
                key: try Self.key(for: "sdk10-external.db", SQLCipherReaderTests.expected()),
                entryFilesFolder: SQLCipherReaderTests.fixtures.appendingPathComponent("ios-external-blobs"))
            _ = try await migration.migrate(into: store)
            // The fixture's accounts table gave 23 ids and lost the 23rd.
            let rows = try Self.rows("TABLE_1", of: "sdk10-external.db")
            #expect(rows.compactMap { $0[0].integerValue }.max() == 22)
            let created = try await store.upsert(entries: [["Id": "001Fx0000000099AAA", "Name": "After the move"]], inSoup: "accounts")
            #expect(created.first?["_soupEntryId"] == 24)
        }
    }

    @Test("An entry under an id no soup can hold is refused with its id, and nothing of its soup is kept")
    func oddIds() async throws {
        try await Self.withNewStore { store, _ throws in
            let error = await #expect(throws: StoreMigrationError.self) { try await Self.migration("odd-ids.db").migrate(into: store) }
            #expect(error?.code == .unreadableStore)
            #expect(error?.message.contains("9223372036854775807") == true, "\(String(describing: error))")
            #expect(try await store.allSoupNames().isEmpty)
        }
    }

    @Test("Queries of every index type answer as the SDK's rows say")
    func indexesAnswer() async throws {
        try await Self.withNewStore { store, _ in
            _ = try await Self.migration("passphrase.db").migrate(into: store)
            let entries = try Self.expectedEntries("TABLE_1", of: "passphrase.db").values
            func ids(_ spec: QuerySpec) async throws -> Set<Int64> {
                Set(try await store.query(using: spec).compactMap { $0["_soupEntryId"]?.integerValue })
            }
            func expectedIds(_ include: (JSON) -> Bool) -> Set<Int64> {
                Set(entries.filter(include).compactMap { $0["_soupEntryId"]?.integerValue })
            }
            let all = 10_000
            #expect(
                try await ids(.buildExactQuerySpec(soupName: "accounts", path: "Id", matchKey: "001Fx0000000042IAA", pageSize: all))
                    == expectedIds { $0["Id"]?.stringValue == "001Fx0000000042IAA" })
            #expect(
                try await ids(
                    .buildRangeQuerySpec(soupName: "accounts", path: "NumberOfEmployees", beginKey: 0, endKey: 20_000, pageSize: all))
                    == expectedIds { $0["NumberOfEmployees"]?.integerValue.map { (0...20_000).contains($0) } ?? false })
            #expect(
                try await ids(.buildExactQuerySpec(soupName: "accounts", path: "Industry", matchKey: "Energy", pageSize: all))
                    == expectedIds { $0["Industry"]?.stringValue == "Energy" })
            // Full text: the words the SDK's FTS table held, searched in the new one.
            #expect(
                try await ids(.buildMatchQuerySpec(soupName: "accounts", path: "Description", matchKey: "anvil", pageSize: all))
                    == expectedIds { ($0["Description"]?.stringValue ?? "").split(separator: " ").contains("anvil") })
        }
    }
}

@Suite("Migrating the entries SDK 4.3 to 10.x kept in files")
struct ExternalEntryMigrationTests {
    enum Platform: String, CaseIterable, Sendable {
        case iOS, android
    }

    /// The external-storage fixture laid out as `platform`'s SDK lays out a store and its entry
    /// files, and the key the app would give.
    static func layOut(_ platform: Platform, in folder: URL) throws -> (URL, MobileSDKStoreKey) {
        let fixtures = SQLCipherReaderTests.fixtures
        let passphrase = try #require(SQLCipherReaderTests.expected()["passphrase"]?.stringValue)
        let store: URL
        let blobs: URL
        let key: MobileSDKStoreKey
        switch platform {
        case .iOS:
            store = folder.appendingPathComponent("stores/defaultStore/store.sqlite")
            blobs = folder.appendingPathComponent("stores/defaultStore/store_external_soup_blobs")
            key = .iOS(storeKey: try #require(Data(base64Encoded: passphrase)))
        case .android:
            store = folder.appendingPathComponent("databases/smartstore_00D000000000001_005000000000001_internal.db")
            blobs = URL(fileURLWithPath: store.path + "_external_soup_blobs")
            key = .android(key: passphrase)
        }
        try FileManager.default.createDirectory(at: store.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent("sdk10-external.db"), to: store)
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent("\(platform.rawValue.lowercased())-external-blobs"), to: blobs)
        return (store, key)
    }

    /// Upstream's 11.0 upgrade dropped external storage and left these entries behind in their
    /// files; here they arrive in the new store, in an externally stored soup of its own.
    @Test(
        "Entries kept in files arrive whole, read as each platform's SDK wrote them (Android's before 8.2 too)",
        arguments: Platform.allCases)
    func entriesInFiles(platform: Platform) async throws {
        try await withTemporaryDirectory { folder in
            let (storeURL, key) = try Self.layOut(platform, in: folder)
            try await MobileSDKStoreMigrationTests.withNewStore { store, _ in
                let report = try await MobileSDKStoreMigration(storeAt: storeURL, key: key).migrate(into: store)
                #expect(report.soups.map(\.name) == ["accounts", "syncs_soup", "big"])
                #expect(report.soups.last?.entries == 3)
                #expect(try await store.soupSpec(inSoup: "big").features == [.externalStorage])
                let texts = try #require(SQLCipherReaderTests.expected()["externalEntries"])
                for row in try MobileSDKStoreMigrationTests.rows("TABLE_3", of: "sdk10-external.db") {
                    let id = try #require(row[0].integerValue)
                    guard case .object(var expected) = try JSON(parsing: try #require(texts["\(id)"]?.stringValue)) else {
                        Issue.record("entry \(id) is not an object")
                        continue
                    }
                    expected["_soupCreatedDate"] = row[2]
                    expected["_soupLastModifiedDate"] = row[3]
                    let stored = try await store.retrieve(usingSoupEntryIds: [id], inSoup: "big")
                    #expect(stored == [.object(expected)])
                    #expect(stored.first?["attributes"]?["url"]?.stringValue == "/services/data/v62.0/sobjects/Account/001BIG\(id)")
                }
                let found = try await store.query(
                    using: .buildExactQuerySpec(soupName: "big", path: "Id", matchKey: "001BIG2", pageSize: 10))
                #expect(found.map { $0["_soupEntryId"]?.integerValue } == [2])
            }
        }
    }

    @Test("A changed entry file stops its soup, the finished soups stay, and a second run after the file is mended completes")
    func changedFileThenResume() async throws {
        try await withTemporaryDirectory { folder in
            let (storeURL, key) = try Self.layOut(.iOS, in: folder)
            let file = storeURL.deletingLastPathComponent().appendingPathComponent("store_external_soup_blobs/TABLE_3/soupelt_2")
            let original = try Data(contentsOf: file)
            var changed = original
            changed[700] ^= 0x01
            try changed.write(to: file)
            try await MobileSDKStoreMigrationTests.withNewStore { store, _ in
                let migration = try MobileSDKStoreMigration(storeAt: storeURL, key: key)
                let error = await #expect(throws: StoreMigrationError.self) { try await migration.migrate(into: store) }
                #expect(error?.code == .unreadableStore)
                #expect(error?.message.contains("soupelt_2") == true, "\(String(describing: error))")
                #expect(try await store.allSoupNames() == ["accounts", "syncs_soup"])
                try original.write(to: file)
                let report = try await migration.migrate(into: store)
                #expect(report.soups.map(\.wasAlreadyMigrated) == [true, true, false])
                #expect(report.soups.map(\.entries) == [22, 1, 3])
                #expect(try await store.count(using: .buildAllQuerySpec(soupName: "big")) == 3)
            }
        }
    }
}
