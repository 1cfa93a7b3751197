import Foundation
import SalesforceCore
import SmartStore
import Testing

@Suite("One store, many tasks")
struct ConcurrencyTests {
    @Test("Concurrent writers and readers see whole transactions")
    func concurrentUse() async throws {
        try await withStore { store throws in
            try await store.registerSoup("s", indexSpecs: [integer("batch")])
            try await withThrowingTaskGroup(of: Void.self) { group in
                for batch in 0..<8 {
                    group.addTask {
                        let entries: [JSON] = (0..<50).map { ["batch": .integer(Int64(batch)), "n": .integer(Int64($0))] }
                        try await store.upsert(entries: entries, inSoup: "s")
                    }
                    group.addTask {
                        // A reader sees each batch entirely or not at all.
                        let count = try await store.count(using: .buildAllQuerySpec(soupName: "s"))
                        #expect(count % 50 == 0)
                    }
                }
                try await group.waitForAll()
            }
            #expect(try await store.count(using: .buildAllQuerySpec(soupName: "s")) == 400)
            let ids = try await store.query(using: .buildAllQuerySpec(soupName: "s", selectPaths: ["_soupEntryId"], pageSize: 1_000))
                .compactMap { $0[0]?.integerValue }
            #expect(Set(ids).count == 400)
        }
    }

    @Test("A schema change by one task is seen by the next query of another")
    func schemaChanges() async throws {
        try await withStore { store throws in
            try await store.registerSoup("s", indexSpecs: [string("a")])
            try await store.upsert(entries: [["a": "x", "b": "y"]], inSoup: "s")
            #expect(try await store.count(using: .buildExactQuerySpec(soupName: "s", path: "a", matchKey: "x")) == 1)
            try await Task { try await store.alterSoup("s", indexSpecs: [string("b")], reIndexData: true) }.value
            #expect(try await store.count(using: .buildExactQuerySpec(soupName: "s", path: "b", matchKey: "y")) == 1)
            try await store.removeSoup("s")
            await #expect(throws: SmartStoreError.soupNotFound("s")) { try await store.count(using: .buildAllQuerySpec(soupName: "s")) }
        }
    }
}
