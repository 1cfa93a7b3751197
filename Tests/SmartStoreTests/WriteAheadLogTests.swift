import ForceKitTestSupport
import Foundation
import GRDB
import SalesforceCore
import Testing

@testable import SmartStore

@Suite("The write-ahead log")
struct WriteAheadLogTests {
    private static func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? NSNumber)?.intValue ?? 0
    }

    @Test("a log that outgrew its ceiling (a reader held it) is cut back to it once the reader is done")
    func cutBackPastCeiling() async throws {
        try await withTemporaryDirectory { directory throws in
            let url = directory.appendingPathComponent("store.sqlite")
            let store = try await SmartStore(url: url, encryption: .plaintext)
            try await store.registerSoup("big", indexSpecs: [string("key")])

            // A reader on the store as it is now: no checkpoint can pass its snapshot, so the log
            // grows past the ceiling while it reads.
            let release = DispatchSemaphore(value: 0)
            let (reading, started) = AsyncStream<Void>.makeStream()
            let reader = Task {
                try await store.read { db in
                    _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master")
                    started.yield()
                    started.finish()
                    release.wait()
                }
            }
            for await _ in reading { break }
            let filler = String(repeating: "x", count: 4_000)
            for batch in 0..<16 {
                let entries = (0..<1_000).map { JSON.object(["key": .string("\(batch)-\($0)"), "text": .string(filler)]) }
                try await store.upsert(entries: entries, inSoup: "big")
            }
            let limit = LogCheckpointer.sizeLimitBytes
            #expect(Self.size(url.path + "-wal") > limit + limit / 4)
            release.signal()
            try await reader.value

            // The first commit checkpoints the whole log; the next one starts it again, in a file
            // cut back to the limit.
            try await store.upsert(entries: [["key": "last"]], inSoup: "big")
            try await store.upsert(entries: [["key": "after"]], inSoup: "big")
            #expect(Self.size(url.path + "-wal") <= limit)
            #expect(try await store.count(using: .buildAllQuerySpec(soupName: "big")) == 16_002)
            try store.close()
        }
    }
}
