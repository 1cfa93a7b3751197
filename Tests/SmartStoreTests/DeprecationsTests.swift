import SalesforceCore
import SmartStore
import Testing

/// Every name a fix-it in `Sources/SmartStore/Deprecations.swift` points to, called as its
/// `renamed:` spells it: renaming one of them again breaks this test until the fix-it follows.
@Suite("SmartStore's renamed API")
struct DeprecationsTests {
    @Test("each inSoup: spelling the fix-its name works, on the store and in a transaction")
    func renamedSpellingsWork() async throws {
        try await withStore { store throws in
            try await store.registerSoup("notes", indexSpecs: [string("key")])
            let created = try await store.create(entry: ["key": "a"], inSoup: "notes")
            let id = try #require(created[SoupEntryField.id]?.integerValue)
            _ = try await store.update(entry: ["key": "b"], soupEntryId: id, inSoup: "notes")
            #expect(try await store.retrieve(usingSoupEntryIds: [id], inSoup: "notes").first?["key"] == "b")
            #expect(try await store.lookupSoupEntryId(inSoup: "notes", fieldPath: "key", fieldValue: "b") == id)
            _ = try await store.upsert(entries: [["key": "c"]], inSoup: "notes", withExternalIdPath: "key")
            let prepared = try await store.prepare(entries: [["key": "d"]], inSoup: "notes")
            let preparedWithTexts = try await store.prepare(entries: [["key": "e"]], texts: [nil], adding: [:], inSoup: "notes")
            #expect(prepared.count == 1 && preparedWithTexts.count == 1)
            #expect(try await store.indexSpecs(inSoup: "notes").map(\.path) == ["key"])
            #expect(try await store.soupSpec(inSoup: "notes").name == "notes")
            let spec = QuerySpec.buildExactQuerySpec(soupName: "notes", path: "key", matchKey: "c")
            #expect(try await store.removeEntries(usingQuerySpec: spec, inSoup: "notes") == 1)
            try await store.remove(entryIds: [id], inSoup: "notes")
            let left = try await store.transaction { transaction in
                let made = try transaction.create(entry: ["key": "f"], inSoup: "notes")
                let madeID = made[SoupEntryField.id]?.integerValue ?? 0
                _ = try transaction.update(entry: ["key": "g"], soupEntryId: madeID, inSoup: "notes")
                _ = try transaction.upsert(entries: [["key": "h"]], inSoup: "notes", withExternalIdPath: "key")
                let found = try transaction.lookupSoupEntryId(inSoup: "notes", fieldPath: "key", fieldValue: "g")
                try transaction.remove(entryIds: [madeID], inSoup: "notes")
                return (found == madeID, try transaction.retrieve(usingSoupEntryIds: [madeID], inSoup: "notes").count)
            }
            #expect(left.0 && left.1 == 0)
        }
    }
}
