import Foundation
import GRDB
import SalesforceCore
import Testing

@testable import SmartStore

@Suite("External storage")
struct ExternalStorageTests {
    @Test("Large entries live in files and answer every query like a normal soup (T-EXT-1, T-EXT-3)")
    func largeEntries() async throws {
        try await withStore { store throws in
            let spec = SoupSpec(name: "big", features: [.externalStorage])
            try await store.registerSoup(spec, indexSpecs: [string("name"), fullText("desc")])
            let payload = String(repeating: "lorem ipsum ", count: 130_000)
            let stored = try await store.upsert(
                entries: [["name": "huge", "desc": "giant whale", "payload": .string(payload)], ["name": "small", "desc": "tiny"]],
                inSoup: "big")
            let blobs = store.externalStorage.directory.appendingPathComponent("TABLE_1")
            #expect(try FileManager.default.contentsOfDirectory(atPath: blobs.path).sorted() == ["soupelt_1", "soupelt_2"])
            #expect(try await store.soupSpec(inSoup: "big").features == [.externalStorage])
            #expect(try await store.retrieve(usingSoupEntryIds: [1], inSoup: "big") == [stored[0]])
            #expect(try await store.query(using: .buildExactQuerySpec(soupName: "big", path: "name", matchKey: "huge")) == [stored[0]])
            #expect(try await store.query(using: .buildLikeQuerySpec(soupName: "big", path: "name", likeKey: "hu%")) == [stored[0]])
            #expect(try await store.query(using: .buildMatchQuerySpec(soupName: "big", path: "desc", matchKey: "whale")) == [stored[0]])
            #expect(try await store.allEntries("big") == stored)
            #expect(
                try await store.query(using: .buildSmartQuerySpec(smartSQL: "select {big:_soup} from {big} where {big:name} = 'huge'")) == [
                    [stored[0]]
                ])
            #expect(await store.databaseSize() > UInt64(payload.utf8.count))
            let row = try await store.read { db in try String.fetchOne(db, sql: "SELECT soup FROM TABLE_1 WHERE id = 1") }
            #expect(row == nil)

            try await store.remove(entryIds: [2], inSoup: "big")
            #expect(try FileManager.default.contentsOfDirectory(atPath: blobs.path) == ["soupelt_1"])
            try await store.clearSoup("big")
            #expect(!FileManager.default.fileExists(atPath: blobs.path))
            try await store.upsert(entries: [["name": "again"]], inSoup: "big")
            try await store.removeSoup("big")
            #expect(!FileManager.default.fileExists(atPath: blobs.path))
        }
    }

    @Test("A failed upsert leaves the stored files as they were")
    func failedUpsert() async throws {
        try await withStore { store throws in
            try await store.registerSoup(SoupSpec(name: "big", features: [.externalStorage]), indexSpecs: [string("key")])
            let original = try await store.upsert(entries: [["key": "a", "v": 1]], inSoup: "big")
            await #expect(throws: SmartStoreError.self) {
                try await store.upsert(entries: [["key": "a", "v": 2], ["no-key": true]], inSoup: "big", withExternalIdPath: "key")
            }
            #expect(try await store.allEntries("big") == original)
            let files = try FileManager.default.contentsOfDirectory(
                atPath: store.externalStorage.directory.appendingPathComponent("TABLE_1").path)
            #expect(files == ["soupelt_1"])
        }
    }
}
