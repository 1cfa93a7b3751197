import Crypto
import ForceKitTestSupport
import Foundation
import GRDB
import SalesforceCore
import Testing

@testable import SmartStore

/// The full-text table follows an entry's full-text fields, and only them: FTS5 carries out any
/// update of its rows as a delete and an insert, tokenizing the text twice.
@Suite("The full-text table on updates")
struct FullTextTriggerTests {
    /// Whether running `sql` wrote to the full-text index (FTS5 rewrites its structure record on
    /// every write, so its data is byte for byte the same only when nothing was written).
    private func writesFullText(_ sql: String, table: String, in store: SmartStore) async throws -> Bool {
        try await store.write { db, _ in
            let read = "SELECT quote(block) FROM \(table)_fts_data ORDER BY id"
            let before = try String.fetchAll(db, sql: read)
            try db.execute(sql: sql)
            return try String.fetchAll(db, sql: read) != before
        }
    }

    private func table(of soup: String, in store: SmartStore) async throws -> String {
        let id = try await store.read { db in try Int64.fetchOne(db, sql: "SELECT id FROM soup_attrs WHERE soupName = ?", arguments: [soup])
        }
        return "TABLE_\(try #require(id))"
    }

    private func keys(matching word: String, in store: SmartStore) async throws -> [String] {
        try await store.query(using: .buildMatchQuerySpec(soupName: "s", path: "phrase", matchKey: word, pageSize: 10))
            .compactMap { $0["key"]?.stringValue }.sorted()
    }

    @Test("an update of other fields leaves the full-text table alone; a store whose trigger fired on every update is upgraded on open")
    func updatesOfOtherFields() async throws {
        try await withTemporaryDirectory { directory throws in
            let url = directory.appendingPathComponent("store.sqlite")
            let encryption = StoreEncryption.key(SymmetricKey(size: .bits256))
            do {
                let store = try await SmartStore(url: url, encryption: encryption)
                try await store.registerSoup("s", indexSpecs: [string("key"), string("name"), fullText("phrase")])
                try await store.upsert(entries: [["key": "k1", "name": "a", "phrase": "red fox"]], inSoup: "s")
                let table = try await table(of: "s", in: store)
                #expect(try await !writesFullText("UPDATE \(table) SET \(table)_1 = 'b'", table: table, in: store))
                #expect(try await writesFullText("UPDATE \(table) SET \(table)_2 = 'red hen'", table: table, in: store))
                // The trigger as earlier versions wrote it: on any update.
                try await store.write { db, _ in
                    try db.execute(
                        sql: """
                            DROP TRIGGER \(table)_fts_update;
                            CREATE TRIGGER \(table)_fts_update AFTER UPDATE ON \(table) BEGIN
                                UPDATE \(table)_fts SET \(table)_2 = new.\(table)_2 WHERE rowid = old.id; END;
                            """)
                }
                #expect(try await writesFullText("UPDATE \(table) SET \(table)_1 = 'c'", table: table, in: store))
                try store.close()
            }
            let store = try await SmartStore(url: url, encryption: encryption)
            let table = try await table(of: "s", in: store)
            // Written as it is now, so the next open finds nothing to upgrade and writes nothing.
            let (stored, wanted) = try await store.read { db in
                (
                    try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = ?", arguments: ["\(table)_fts_update"]),
                    try StoreSchema.loadDescriptors(db)["s"].flatMap(StoreSchema.fullTextUpdateTriggerSQL(for:))
                )
            }
            #expect(stored != nil && stored == wanted)
            #expect(try await !writesFullText("UPDATE \(table) SET \(table)_1 = 'd'", table: table, in: store))
            // Through the API: a changed name keeps the text found, a changed phrase is found anew.
            try await store.upsert(
                entries: [["key": "k1", "name": "e", "phrase": "red hen"], ["key": "k2", "name": "f", "phrase": "blue fox"]], inSoup: "s",
                withExternalIdPath: "key")
            #expect(try await keys(matching: "hen", in: store) == ["k1"])
            try await store.upsert(entries: [["key": "k1", "name": "g", "phrase": "blue fox"]], inSoup: "s", withExternalIdPath: "key")
            #expect(try await keys(matching: "fox", in: store) == ["k1", "k2"])
            #expect(try await keys(matching: "hen", in: store).isEmpty)
        }
    }
}
