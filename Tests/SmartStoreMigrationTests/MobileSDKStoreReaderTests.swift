import Foundation
import GRDB
import SalesforceCore
import SmartStore
import SmartStoreMigration
import Testing

@Suite("Reading a Mobile SDK store's soups and entries")
struct MobileSDKStoreReaderTests {
    static func open(_ file: String) throws -> (DatabaseQueue, JSON) {
        let expected = try SQLCipherReaderTests.expected()
        let queue = try SQLCipherDatabase.openInMemory(
            SQLCipherReaderTests.fixtures.appendingPathComponent(file), key: SQLCipherReaderTests.key(for: file, expected))
        return (queue, try #require(expected["files"]?[file]))
    }

    @Test("Soups and their index specs are the ones soup_attrs and soup_index_map hold", arguments: ["passphrase.db", "wal.db"])
    func soups(file: String) throws {
        let (queue, tables) = try Self.open(file)
        defer { try? queue.close() }
        let soups = try MobileSDKStoreReader(queue).soups()
        // From the rows SQLite3 Multiple Ciphers read: soup_attrs (id, soupName) and
        // soup_index_map (soupName, path, columnName, columnType).
        let attributes = tables["soup_attrs"]?.arrayValue ?? []
        #expect(soups.map(\.id) == attributes.compactMap { $0[0]?.integerValue })
        #expect(soups.map(\.name) == attributes.compactMap { $0[1]?.stringValue })
        for soup in soups {
            let indexes = (tables["soup_index_map"]?.arrayValue ?? []).filter { $0[0]?.stringValue == soup.name }
            #expect(soup.indexSpecs.map(\.path) == indexes.compactMap { $0[1]?.stringValue })
            #expect(soup.indexSpecs.map(\.type.rawValue) == indexes.compactMap { $0[3]?.stringValue })
            #expect(!soup.usesExternalStorage)
        }
        #expect(soups.first?.indexSpecs.map(\.type) == [.string, .string, .integer, .floating, .fullText, .json1, .string])
    }

    @Test("Entries come a batch at a time, each as the SDK stored it", arguments: ["passphrase.db", "wal.db"])
    func entries(file: String) throws {
        let (queue, tables) = try Self.open(file)
        defer { try? queue.close() }
        let reader = MobileSDKStoreReader(queue)
        let soup = try #require(try reader.soups().first)
        var entries: [MobileSDKStoreReader.Entry] = []
        while true {
            let batch = try reader.entries(of: soup, after: entries.last?.id ?? 0, limit: 40)
            #expect(batch.count <= 40)
            entries += batch
            if batch.count < 40 { break }
        }
        let rows = tables["TABLE_1"]?.arrayValue ?? []
        #expect(entries.count == rows.count)
        #expect(entries.map(\.id) == rows.compactMap { $0[0]?.integerValue })
        #expect(entries.map(\.text) == rows.map { $0[1]?.stringValue })
        #expect(entries.map(\.created) == rows.compactMap { $0[2]?.integerValue })
        #expect(entries.map(\.lastModified) == rows.compactMap { $0[3]?.integerValue })
    }

    @Test("An SDK 4.3 to 10.x store says which soups kept their entries in files, whose soup column is empty")
    func externalStorageColumn() throws {
        let (queue, tables) = try Self.open("sdk10-external.db")
        defer { try? queue.close() }
        let reader = MobileSDKStoreReader(queue)
        let soups = try reader.soups()
        let flags = (tables["soup_attrs"]?.arrayValue ?? []).map { ($0[1]?.stringValue ?? "", $0[2]?.integerValue ?? -1) }
        #expect(soups.map(\.name) == flags.map(\.0))
        #expect(soups.map(\.usesExternalStorage) == flags.map { $0.1 == 1 })
        #expect(soups.map(\.usesExternalStorage) == [false, false, true])
        let big = try #require(soups.last)
        #expect(try reader.entries(of: big, after: 0, limit: 10).map(\.text) == [nil, nil, nil])
    }

    @Test("Odd values where the SDK writes ids and names are refused, not trapped on")
    func oddValues() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE soup_attrs (id INTEGER PRIMARY KEY AUTOINCREMENT, soupName TEXT);
                    CREATE TABLE soup_index_map (soupName TEXT, path TEXT, columnName TEXT, columnType TEXT);
                    INSERT INTO soup_attrs VALUES (1, 'a');
                    INSERT INTO soup_index_map VALUES ('a', NULL, 'TABLE_1_0', 'string');
                    CREATE TABLE TABLE_1 (id INTEGER PRIMARY KEY AUTOINCREMENT, soup TEXT, created INTEGER, lastModified INTEGER);
                    INSERT INTO TABLE_1 VALUES (1, x'00', 'yesterday', NULL);
                    """)
        }
        #expect(throws: SQLCipherError.unreadable("an index of soup a has no path or no type")) { try MobileSDKStoreReader(queue).soups() }
        try queue.write { db in try db.execute(sql: "UPDATE soup_index_map SET path = 'Id'") }
        let soup = try #require(try MobileSDKStoreReader(queue).soups().first)
        #expect(throws: SQLCipherError.unreadable("entry 1 of soup a is not text")) {
            try MobileSDKStoreReader(queue).entries(of: soup, after: 0, limit: 10)
        }
        try queue.write { db in try db.execute(sql: "UPDATE TABLE_1 SET soup = '{}'") }
        #expect(try MobileSDKStoreReader(queue).entries(of: soup, after: 0, limit: 10).map(\.created) == [0])
    }

    @Test("A database that is not a SmartStore store is refused, saying so")
    func notAStore() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in try db.execute(sql: "CREATE TABLE t (a)") }
        #expect(throws: SQLCipherError.unreadable("it has no soup_attrs and soup_index_map tables, so it is not a SmartStore store")) {
            try MobileSDKStoreReader(queue).soups()
        }
    }
}
