import Foundation
import GRDB
import SalesforceCore
import Testing

@testable import SmartStore

@Suite("Entries prepared from the text they were parsed from")
struct PreparedTextTests {
    @Test("Each entry reads back as itself with the added members, indexed by both; its own text is what is stored")
    func keptText() async throws {
        try await withStore { store throws in
            try await store.registerSoup("s", indexSpecs: [string("Id"), string("flag"), integer("sync"), string("Owner.Name")])
            let texts = [
                #"{ "Id" : "a1", "Owner": {"Name": "Ann"}, "n": 1.50 }"#, "{\n}", #"{"Id":"a3","flag":"theirs"}"#,
            ]
            let entries = try texts.map { try JSON(parsing: $0) }
            let added: [String: JSON] = ["flag": "ours", "sync": 7]
            let prepared = try await store.prepare(
                entries: entries, texts: texts.map { Data($0.utf8) }, adding: added, inSoup: "s")
            _ = try await store.transaction { tx in try tx.upsert(prepared) }

            let stored = try await store.allEntries("s")
            #expect(stored.count == 3)
            for (entry, read) in zip(entries, stored) {
                var expected = entry.objectValue ?? [:]
                expected.merge(added) { _, new in new }
                #expect(read.objectValue?.filter { !$0.key.hasPrefix("_soup") } == expected)
            }
            let flagged = try await store.values("Id", .buildExactQuerySpec(soupName: "s", path: "flag", matchKey: "ours"))
            #expect(flagged == ["a1", .null, "a3"])
            #expect(try await store.values("Id", .buildExactQuerySpec(soupName: "s", path: "sync", matchKey: "7")).count == 3)
            #expect(try await store.values("Id", .buildExactQuerySpec(soupName: "s", path: "Owner.Name", matchKey: "Ann")) == ["a1"])
            // The server's spacing and number spelling are what the row holds.
            let rows = try await store.read { db in try String.fetchAll(db, sql: "SELECT soup FROM TABLE_1 ORDER BY id") }
            #expect(rows[0].contains(#""Owner": {"Name": "Ann"}, "n": 1.50 ,"#))
            #expect(
                rows[2].hasSuffix(#""flag":"theirs","flag":"ours","sync":7}"#)
                    || rows[2].hasSuffix(#""flag":"theirs","sync":7,"flag":"ours"}"#))
        }
    }

    @Test("Entries without a usable text are written out: no text, not an object's text, or system fields to replace")
    func writtenOut() async throws {
        try await withStore { store throws in
            try await store.registerSoup("s", indexSpecs: [string("Id")])
            let entries: [JSON] = [["Id": "a"], ["Id": "b"], ["Id": "c", "_soupEntryId": 42], ["Id": "d"]]
            let texts: [Data?] = [nil, Data("[1]".utf8), Data(#"{"Id":"c","_soupEntryId":42}"#.utf8), Data("{ }".utf8)]
            let prepared = try await store.prepare(entries: entries, texts: texts, adding: ["x": true], inSoup: "s")
            _ = try await store.transaction { tx in try tx.upsert(prepared, withExternalIdPath: "Id") }
            let stored = try await store.allEntries("s")
            #expect(stored.map { $0["Id"] } == ["a", "b", "c", "d"])
            #expect(stored.allSatisfy { $0["x"] == true })
            #expect(stored.map { $0["_soupEntryId"] } == [1, 2, 3, 4])
            let rows = try await store.read { db in try String.fetchAll(db, sql: "SELECT soup FROM TABLE_1 ORDER BY id") }
            #expect(rows.allSatisfy { (try? JSON(parsing: $0)) != nil })
        }
    }

    @Test("Prepared with texts and then altered, the soup still gets every entry with the added members")
    func alteredSoup() async throws {
        try await withStore { store throws in
            try await store.registerSoup("s", indexSpecs: [string("Id")])
            let prepared = try await store.prepare(
                entries: [["Id": "a", "city": "Paris"]], texts: [Data(#"{"Id":"a","city":"Paris"}"#.utf8)], adding: ["flag": "ours"],
                inSoup: "s")
            try await store.alterSoup("s", indexSpecs: [string("Id"), string("flag")], reIndexData: true)
            _ = try await store.transaction { tx in try tx.upsert(prepared, withExternalIdPath: "Id") }
            #expect(try await store.values("city", .buildExactQuerySpec(soupName: "s", path: "flag", matchKey: "ours")) == ["Paris"])
        }
    }
}
