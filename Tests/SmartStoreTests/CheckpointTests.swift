import Crypto
import ForceKitTestSupport
import Foundation
import SalesforceCore
import Testing

@testable import SmartStore

@Suite("Checkpoints off the writer")
struct CheckpointTests {
    @Test("Pages written move from the log into the database file while the store is open, and all of it reads back after reopening")
    func logMovesWhileOpen() async throws {
        try await withTemporaryDirectory { directory throws in
            let url = directory.appendingPathComponent("store.sqlite")
            let key = SymmetricKey(size: .bits256)
            let store = try await SmartStore(url: url, encryption: .key(key))
            try await store.registerSoup("notes", indexSpecs: [string("key")])
            let text = String(repeating: "n", count: 1_000)
            // About 6 MB in twelve transactions: the log passes its 1,000-page threshold several times.
            for batch in 0..<12 {
                try await store.upsert(
                    entries: (0..<500).map { ["key": .string("\(batch)-\($0)"), "text": .string(text)] }, inSoup: "notes")
            }
            #expect(store.checkpointsOffTheWriter() > 0)
            let databaseBytes = try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber).intValue
            #expect(databaseBytes > 4_000_000)
            try store.close()
            let reopened = try await SmartStore(url: url, encryption: .key(key))
            let entries = try await reopened.allEntries("notes")
            #expect(entries.count == 6_000)
            #expect(entries.last?["key"] == "11-499" && entries.last?["text"] == .string(text))
            try reopened.close()
        }
    }

    @Test("Writes go on while a checkpoint copies pages, readers see every commit, and nothing is lost")
    func writesDuringCheckpoints() async throws {
        try await withStore { store in
            try await store.registerSoup("notes", indexSpecs: [string("key")])
            let text = String(repeating: "w", count: 2_000)
            for batch in 0..<20 {
                try await store.upsert(
                    entries: (0..<100).map { ["key": .string("\(batch)-\($0)"), "text": .string(text)] }, inSoup: "notes")
                let seen = try await store.count(using: .buildAllQuerySpec(soupName: "notes", orderPath: "key", pageSize: 10))
                #expect(seen == (batch + 1) * 100)
            }
            #expect(store.checkpointsOffTheWriter() > 0)
        }
    }
}
