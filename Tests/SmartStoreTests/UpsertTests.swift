import ForceKitTestSupport
import Foundation
import SalesforceCore
import SmartStore
import Testing

@Suite("Upsert, retrieve and remove")
struct UpsertTests {
    @Test("Upsert sets the system fields, then updates in place (T-UPS-1, T-UPS-2)")
    func insertThenUpdate() async throws {
        try await withStore { store throws in
            try await store.registerSoup("accounts", indexSpecs: [string("id"), string("Name")])
            let before = Date().millisecondsSince1970
            let inserted = try await store.upsert(
                entries: [["id": "new", "Name": "Cloud Inc", "Description": "Getting started"]], inSoup: "accounts")[0]
            #expect(inserted["_soupEntryId"] == 1)
            let modified = try #require(inserted["_soupLastModifiedDate"]?.integerValue)
            #expect(modified >= before && modified <= Date().millisecondsSince1970)
            #expect(inserted["_soupCreatedDate"] == inserted["_soupLastModifiedDate"])
            var edited = try #require(inserted.objectValue)
            edited["Description"] = "Just shipped our first app "
            let updated = try await store.upsert(entries: [.object(edited)], inSoup: "accounts")[0]
            #expect(updated["_soupEntryId"] == 1)
            #expect(updated["_soupCreatedDate"] == inserted["_soupCreatedDate"])
            #expect(try #require(updated["_soupLastModifiedDate"]?.integerValue) >= modified)
            #expect(try await store.allEntries("accounts") == [updated])
        }
    }

    @Test("Upsert by external id updates the match or inserts (T-UPS-3); duplicates are refused (T-UPS-4)")
    func externalId() async throws {
        try await withStore { store throws in
            try await store.registerSoup("accounts", indexSpecs: [string("id")])
            try await store.upsert(entries: [["id": "001X", "Name": "Cloud Inc"]], inSoup: "accounts")
            let updated = try await store.upsert(
                entries: [["id": "001X", "Name": "Cloud Inc", "Description": "Now shipping for iOS and Android"]], inSoup: "accounts",
                withExternalIdPath: "id")
            #expect(updated[0]["_soupEntryId"] == 1)
            #expect(try await store.allEntries("accounts").map { $0["Description"] } == ["Now shipping for iOS and Android"])
            try await store.upsert(entries: [["id": "002Y"]], inSoup: "accounts", withExternalIdPath: "id")
            #expect(try await store.allEntries("accounts").count == 2)

            try await store.upsert(entries: [["id": "dup", "n": 1], ["id": "dup", "n": 2]], inSoup: "accounts")
            await #expect(throws: SmartStoreError.externalIdNotUnique(soup: "accounts", path: "id", value: "\"dup\"", matches: 2)) {
                try await store.upsert(
                    entries: [["id": "003Z"], ["id": "dup", "n": 3]], inSoup: "accounts", withExternalIdPath: "id")
            }
            #expect(try await store.allEntries("accounts").count == 4)
            #expect(try await store.lookupSoupEntryId(inSoup: "accounts", fieldPath: "id", fieldValue: "002Y") == 2)
            #expect(try await store.lookupSoupEntryId(inSoup: "accounts", fieldPath: "id", fieldValue: "none") == nil)
            // The primary key needs no index.
            #expect(try await store.lookupSoupEntryId(inSoup: "accounts", fieldPath: "_soupEntryId", fieldValue: 2) == 2)
            #expect(try await store.lookupSoupEntryId(inSoup: "accounts", fieldPath: "_soupEntryId", fieldValue: 99) == nil)
        }
    }

    @Test("An external id holding U+0000 updates its entry, one upsert or a batch, and exact, smart and lookup queries find it")
    func nulInExternalId() async throws {
        try await withStore { store throws in
            try await store.registerSoup("accounts", indexSpecs: [string("id")])
            let key: JSON = "a\u{0}b"
            for round in 1...3 {
                try await store.upsert(
                    entries: [["id": key, "n": .integer(Int64(round))]], inSoup: "accounts", withExternalIdPath: "id")
            }
            try await store.upsert(
                entries: [["id": "a", "n": 0], ["id": key, "n": 4], ["id": "c\u{0}", "n": 5], ["id": "c\u{0}", "n": 6]],
                inSoup: "accounts",
                withExternalIdPath: "id")
            #expect(try await store.allEntries("accounts").map { [$0["id"], $0["n"]] } == [[key, 4], ["a", 0], ["c\u{0}", 6]])
            func found() async throws -> [JSON] {
                try await store.values("n", .buildExactQuerySpec(soupName: "accounts", path: "id", matchKey: key))
            }
            #expect(try await found() == [4])
            #expect(try await store.lookupSoupEntryId(inSoup: "accounts", fieldPath: "id", fieldValue: key) == 1)
            let smart = QuerySpec.buildSmartQuerySpec(smartSQL: "SELECT {accounts:n} FROM {accounts} WHERE {accounts:id} = ?")
            #expect(try await store.query(using: smart, arguments: [key]) == [[4]])
            #expect(try await store.count(using: smart, arguments: [key]) == 1)
            try await store.alterSoup("accounts", indexSpecs: [string("id"), integer("n")], reIndexData: true)
            #expect(try await found() == [4])
            #expect(
                try await store.removeEntries(
                    usingQuerySpec: .buildExactQuerySpec(soupName: "accounts", path: "id", matchKey: key), inSoup: "accounts") == 1)
            #expect(try await store.allEntries("accounts").map { $0["n"] } == [0, 6])
        }
    }

    @Test("An unknown _soupEntryId inserts under a new id (T-UPS-5, D6)")
    func unknownId() async throws {
        try await withStore { store throws in
            try await store.registerSoup("s", indexSpecs: [string("a")])
            let stored = try await store.upsert(entries: [["a": "x", "_soupEntryId": 999]], inSoup: "s")
            #expect(stored[0]["_soupEntryId"] == 1)
            #expect(try await store.allEntries("s").count == 1)
        }
    }

    @Test("Re-upserting by external id keeps ids 1 to 16 (T-UPS-6)")
    func bulkExternalIds() async throws {
        try await withStore { store throws in
            try await store.registerSoup("s", indexSpecs: [string("key"), integer("version")])
            try await store.upsert(
                entries: (0..<11).map { ["key": .string("k\($0)"), "version": 1] }, inSoup: "s", withExternalIdPath: "key")
            try await store.upsert(
                entries: (0..<16).map { ["key": .string("k\($0)"), "version": 2] }, inSoup: "s", withExternalIdPath: "key")
            let entries = try await store.allEntries("s")
            #expect(entries.compactMap { $0["_soupEntryId"]?.integerValue } == Array(1...16))
            #expect(entries.allSatisfy { $0["version"] == 2 })
        }
    }

    @Test("Prepared entries are stored as an upsert stores them, also when the soup changed after they were prepared")
    func preparedEntries() async throws {
        try await withStore { store throws in
            try await store.registerSoup("s", indexSpecs: [string("key"), integer("n")])
            try await store.upsert(entries: [["key": "old", "n": 0]], inSoup: "s", withExternalIdPath: "key")
            let entries: [JSON] = [["key": "old", "n": 1, "_soupEntryId": 99], ["key": "new", "n": 2, "tags": ["a"]], ["key": "empty"]]
            let prepared = try await store.prepare(entries: entries, inSoup: "s")
            #expect(try await store.transaction { tx in try tx.upsert(prepared, withExternalIdPath: "key") } == 3)
            let stored = try await store.allEntries("s")
            #expect(stored.map { $0["_soupEntryId"] } == [1, 2, 3])
            #expect(stored.map { $0["n"] } == [1, 2, nil])
            #expect(stored[1]["tags"] == ["a"] && stored.allSatisfy { $0["_soupLastModifiedDate"]?.integerValue != nil })
            let byIndex = try await store.query(using: .buildExactQuerySpec(soupName: "s", path: "n", matchKey: "2"))
            #expect(byIndex.map { $0["key"] } == ["new"])

            let later = try await store.prepare(entries: [["key": "new", "n": 5, "city": "Paris"]], inSoup: "s")
            try await store.alterSoup("s", indexSpecs: [string("key"), integer("n"), string("city")], reIndexData: true)
            _ = try await store.transaction { tx in try tx.upsert(later.subset([0]), withExternalIdPath: "key") }
            let byCity = try await store.query(using: .buildExactQuerySpec(soupName: "s", path: "city", matchKey: "Paris"))
            #expect(byCity.map { $0["_soupEntryId"] } == [2])
            await #expect(throws: SmartStoreError.entryNotObject(position: 1)) {
                try await store.prepare(entries: [["key": "a"], "text"], inSoup: "s")
            }
        }
    }

    @Test("A large batch (prepared before its transaction) stores and returns what the same entries one at a time do", arguments: 1...5)
    func largeBatchMatchesOneAtATime(seed: UInt64) async throws {
        var random = SeededGenerator(seed: seed)
        let entries: [JSON] = (0..<(40 + Int(seed) * 7)).map { _ in
            var members: [String: JSON] = [
                "key": .string("k\(Int.random(in: 0..<25, using: &random))"), "n": .integer(Int64.random(in: 0..<9, using: &random)),
            ]
            if Bool.random(using: &random) { members["note"] = .string("é \"quoted\" \u{1F600}") }
            if Int.random(in: 0..<6, using: &random) == 0 { members["_soupEntryId"] = 7 }
            return .object(members)
        }
        func comparable(_ entries: [JSON]) -> [JSON] {
            entries.map { entry in .object((entry.objectValue ?? [:]).filter { !$0.key.hasSuffix("Date") }) }
        }
        var results: [[JSON]] = []
        var contents: [[JSON]] = []
        for oneAtATime in [false, true] {
            try await withStore { store throws in
                try await store.registerSoup("s", indexSpecs: [string("key"), integer("n")])
                try await store.upsert(entries: [["key": "k1", "n": 0]], inSoup: "s", withExternalIdPath: "key")
                var returned: [JSON] = []
                if oneAtATime {
                    for entry in entries {
                        returned += try await store.upsert(entries: [entry], inSoup: "s", withExternalIdPath: "key")
                    }
                } else {
                    returned = try await store.upsert(entries: entries, inSoup: "s", withExternalIdPath: "key")
                }
                results.append(comparable(returned))
                contents.append(comparable(try await store.allEntries("s")))
                let indexed = try await store.query(using: .buildExactQuerySpec(soupName: "s", path: "n", matchKey: "3", pageSize: 100))
                contents[contents.count - 1] += comparable(indexed)
            }
        }
        #expect(results[0] == results[1])
        #expect(contents[0] == contents[1])
    }

    @Test("In one batch by external id, a repeated value updates the entry the batch inserted, and keys match byte for byte")
    func repeatedKeysInOneBatch() async throws {
        try await withStore { store throws in
            try await store.registerSoup("s", indexSpecs: [string("key")])
            try await store.upsert(entries: [["key": "old", "n": 0]], inSoup: "s", withExternalIdPath: "key")
            let precomposed = "caf\u{E9}"
            let decomposed = "cafe\u{301}"
            let stored = try await store.upsert(
                entries: [
                    ["key": "new", "n": 1], ["key": "old", "n": 2], ["key": "new", "n": 3],
                    ["key": .string(precomposed), "n": 4], ["key": .string(decomposed), "n": 5],
                ],
                inSoup: "s", withExternalIdPath: "key")
            #expect(stored.map { $0["_soupEntryId"] } == [2, 1, 2, 3, 4])
            let entries = try await store.allEntries("s")
            #expect(entries.map { $0["key"] } == ["old", "new", .string(precomposed), .string(decomposed)])
            #expect(entries.map { $0["n"] } == [2, 3, 4, 5])
        }
    }

    @Test("External id errors: a missing value, an unindexed path, a missing soup, a non-object (T-UPS-7, T-UPS-8)")
    func upsertErrors() async throws {
        try await withStore { store throws in
            try await store.registerSoup("s", indexSpecs: [string("key")])
            await #expect(throws: SmartStoreError.missingExternalId(soup: "s", path: "key", position: 1)) {
                try await store.upsert(entries: [["key": "a"], ["other": "b"]], inSoup: "s", withExternalIdPath: "key")
            }
            await #expect(throws: SmartStoreError.pathNotIndexed(soup: "s", path: "other")) {
                try await store.upsert(entries: [["other": "b"]], inSoup: "s", withExternalIdPath: "other")
            }
            await #expect(throws: SmartStoreError.soupNotFound("nope")) {
                try await store.upsert(entries: [["a": 1]], inSoup: "nope")
            }
            await #expect(throws: SmartStoreError.entryNotObject(position: 0)) {
                try await store.upsert(entries: ["text"], inSoup: "s")
            }
            #expect(try await store.allEntries("s").isEmpty)
        }
    }

    @Test("Indexes follow updates (T-UPS-9); create and update")
    func indexesFollow() async throws {
        try await withStore { store throws in
            try await store.registerSoup("s", indexSpecs: [string("name")])
            let created = try await store.create(entry: ["name": "old", "_soupEntryId": 7], inSoup: "s")
            #expect(created["_soupEntryId"] == 1)
            try await store.update(entry: ["name": "new"], soupEntryId: 1, inSoup: "s")
            #expect(try await store.count(using: .buildExactQuerySpec(soupName: "s", path: "name", matchKey: "old")) == 0)
            #expect(try await store.count(using: .buildExactQuerySpec(soupName: "s", path: "name", matchKey: "new")) == 1)
            await #expect(throws: SmartStoreError.entryNotFound(soup: "s", soupEntryId: 5)) {
                try await store.update(entry: ["name": "x"], soupEntryId: 5, inSoup: "s")
            }
        }
    }

    @Test("Retrieve by ids skips missing ones (T-RET-1); remove by ids (T-DEL-1); ids are not reused")
    func retrieveAndRemove() async throws {
        try await withStore { store throws in
            try await store.registerSoup("s", indexSpecs: [string("n")])
            let ids = try await store.upsert(entries: [["n": "0"], ["n": "1"], ["n": "2"]], inSoup: "s").compactMap {
                $0["_soupEntryId"]?.integerValue
            }
            #expect(try await store.retrieve(usingSoupEntryIds: [ids[2], ids[0]], inSoup: "s").map { $0["n"] } == ["2", "0"])
            try await store.remove(entryIds: [ids[0]], inSoup: "s")
            #expect(try await store.retrieve(usingSoupEntryIds: [ids[0], ids[2]], inSoup: "s").map { $0["n"] } == ["2"])
            try await store.remove(entryIds: ids, inSoup: "s")
            #expect(try await store.allEntries("s").isEmpty)
            #expect(try await store.upsert(entries: [["n": "3"]], inSoup: "s")[0]["_soupEntryId"] == 4)
        }
    }

    @Test("Remove by query deletes every match, beyond the page size (T-DEL-2, T-DEL-3)")
    func removeByQuery() async throws {
        try await withStore { store throws in
            try await store.registerSoup("s", indexSpecs: [string("Name")])
            try await store.upsert(
                entries: [["Name": "Todd Stellanova"], ["Name": "Pro Bono Bonobo"], ["Name": "Robot"]], inSoup: "s")
            try await store.removeEntries(
                usingQuerySpec: .buildExactQuerySpec(soupName: "s", path: "Name", matchKey: "Robot"), inSoup: "s")
            #expect(try await store.allEntries("s").map { $0["Name"] } == ["Todd Stellanova", "Pro Bono Bonobo"])
            try await store.removeEntries(
                usingQuerySpec: .buildLikeQuerySpec(soupName: "s", path: "Name", likeKey: "%Stella%"), inSoup: "s")
            #expect(try await store.allEntries("s").map { $0["Name"] } == ["Pro Bono Bonobo"])
            try await store.upsert(entries: (0..<25).map { ["Name": .string("n\($0)")] }, inSoup: "s")
            let removed = try await store.removeEntries(
                usingQuerySpec: .buildLikeQuerySpec(soupName: "s", path: "Name", likeKey: "n%", pageSize: 10), inSoup: "s")
            #expect(removed == 25)
            // Removal runs on the writer's connection, so a statement that writes must be refused there too.
            let deleting = "with x as (select 1) delete from {s} returning {s:_soupEntryId}"
            let writing = QuerySpec.buildSmartQuerySpec(smartSQL: deleting)
            await #expect(throws: SmartStoreError.invalidSmartSQL(sql: deleting, reason: "it would change the database")) {
                try await store.removeEntries(usingQuerySpec: writing, inSoup: "s")
            }
            #expect(try await store.allEntries("s").count == 1)
            let smart = QuerySpec.buildSmartQuerySpec(smartSQL: "select {s:_soupEntryId} from {s}")
            #expect(try await store.removeEntries(usingQuerySpec: smart, inSoup: "s") == 1)
            #expect(try await store.allEntries("s").isEmpty)
        }
    }
}
