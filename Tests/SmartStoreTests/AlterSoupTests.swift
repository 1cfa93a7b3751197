import Crypto
import ForceKitTestSupport
import Foundation
import GRDB
import SalesforceCore
import Testing

@testable import SmartStore

@Suite("Altering and re-indexing soups")
struct AlterSoupTests {
    func agentCount(_ store: SmartStore, _ path: String, _ key: JSON) async throws -> Int {
        try await store.count(using: .buildExactQuerySpec(soupName: "myAgents", path: path, matchKey: key))
    }

    func withAgents(_ body: (SmartStore) async throws -> Void) async throws {
        try await withStore { store throws in
            try await store.registerSoup("myAgents", indexSpecs: [string("name"), string("address")])
            try await store.upsert(
                entries: [["name": "James Bond", "address": "1 market st", "agentNumber": "007"]], inSoup: "myAgents")
            try await body(store)
        }
    }

    @Test("Without re-indexing, old entries are found only after reIndexSoup (T-ALT-1, T-ALT-3)")
    func withoutReindex() async throws {
        try await withAgents { store throws in
            try await store.alterSoup("myAgents", indexSpecs: [string("name"), string("agentNumber")], reIndexData: false)
            #expect(try await agentCount(store, "agentNumber", "007") == 0)
            #expect(try await agentCount(store, "name", "James Bond") == 1)
            try await store.upsert(entries: [["name": "Alec", "agentNumber": "006"]], inSoup: "myAgents")
            #expect(try await agentCount(store, "agentNumber", "006") == 1)
            try await store.reIndexSoup("myAgents", paths: ["agentNumber", "notIndexed"])
            #expect(try await agentCount(store, "agentNumber", "007") == 1)
        }
    }

    @Test("With re-indexing, entries keep their ids and old paths are gone (T-ALT-2)")
    func withReindex() async throws {
        try await withAgents { store throws in
            let before = try await store.allEntries("myAgents")
            try await store.alterSoup("myAgents", indexSpecs: [string("name"), string("agentNumber")], reIndexData: true)
            #expect(try await agentCount(store, "agentNumber", "007") == 1)
            #expect(try await store.indexSpecs(inSoup: "myAgents") == [string("name"), string("agentNumber")])
            #expect(try await store.allEntries("myAgents") == before)
            await #expect(throws: SmartStoreError.pathNotIndexed(soup: "myAgents", path: "address")) {
                try await agentCount(store, "address", "1 market st")
            }
            let next = try await store.upsert(entries: [["name": "M"]], inSoup: "myAgents")
            #expect(next[0]["_soupEntryId"] == 2)
        }
    }

    @Test("Adding indexes to a soup with full-text search: found at once, the rest as it was, later writes kept in every index")
    func addingIndexes() async throws {
        try await withStore { store throws in
            try await store.registerSoup("agents", indexSpecs: [string("name"), fullText("bio")])
            let agents: [JSON] = [
                ["name": "Bond", "bio": "martini shaken", "number": "007", "rank": 3],
                ["name": "Trevelyan", "bio": "rogue agent", "number": "006", "rank": 2],
            ]
            let stored = try await store.upsert(entries: agents, inSoup: "agents")
            let before = try await store.allEntries("agents")
            try await store.alterSoup(
                "agents", indexSpecs: [string("name"), fullText("bio"), string("number"), integer("rank")], reIndexData: true)
            func count(_ spec: QuerySpec) async throws -> Int { try await store.count(using: spec) }
            #expect(try await count(.buildExactQuerySpec(soupName: "agents", path: "number", matchKey: "006")) == 1)
            #expect(try await count(.buildRangeQuerySpec(soupName: "agents", path: "rank", beginKey: 3, endKey: 9)) == 1)
            #expect(try await count(.buildExactQuerySpec(soupName: "agents", path: "name", matchKey: "Bond")) == 1)
            #expect(try await count(.buildMatchQuerySpec(soupName: "agents", path: "bio", matchKey: "martini")) == 1)
            #expect(try await store.allEntries("agents") == before)

            // The full-text index follows an update after the alteration, and new entries go on
            // from the last id.
            var bond = try #require(stored[0].objectValue)
            bond["bio"] = "vodka stirred"
            try await store.upsert(entries: [.object(bond)], inSoup: "agents")
            #expect(try await count(.buildMatchQuerySpec(soupName: "agents", path: "bio", matchKey: "martini")) == 0)
            #expect(try await count(.buildMatchQuerySpec(soupName: "agents", path: "bio", matchKey: "vodka")) == 1)
            let next = try await store.upsert(entries: [["name": "M", "number": "000"]], inSoup: "agents")
            #expect(next[0]["_soupEntryId"] == 3)
            #expect(try await count(.buildExactQuerySpec(soupName: "agents", path: "number", matchKey: "000")) == 1)

            // Without re-indexing, entries already stored wait for reIndexSoup.
            try await store.alterSoup(
                "agents", indexSpecs: [string("name"), fullText("bio"), string("number"), integer("rank"), string("role")],
                reIndexData: false)
            try await store.upsert(entries: [["name": "Q", "role": "quartermaster"]], inSoup: "agents")
            var trevelyan = try #require(stored[1].objectValue)
            trevelyan["role"] = "traitor"
            try await store.upsert(entries: [.object(trevelyan)], inSoup: "agents")
            #expect(try await count(.buildExactQuerySpec(soupName: "agents", path: "role", matchKey: "quartermaster")) == 1)
            #expect(try await count(.buildExactQuerySpec(soupName: "agents", path: "role", matchKey: "traitor")) == 1)
        }
    }

    @Test("Changing a path's type with re-indexing makes it numeric (T-ALT-6)")
    func changeType() async throws {
        try await withStore { store throws in
            try await store.registerSoup("s", indexSpecs: [string("n")])
            try await store.upsert(entries: [["n": 9], ["n": 10]], inSoup: "s")
            let range = QuerySpec.buildRangeQuerySpec(soupName: "s", path: "n", beginKey: 8, endKey: 9.5)
            #expect(try await store.count(using: range) == 1)
            #expect(try await store.values("n", .buildAllQuerySpec(soupName: "s", orderPath: "n")) == [10, 9])
            try await store.alterSoup("s", indexSpecs: [integer("n")], reIndexData: true)
            #expect(try await store.values("n", .buildAllQuerySpec(soupName: "s", orderPath: "n")) == [9, 10])
        }
    }

    @Test("Turning external storage on and off keeps every entry and query (T-ALT-4)")
    func toggleExternalStorage() async throws {
        try await withAgents { store throws in
            let before = try await store.allEntries("myAgents")
            try await store.alterSoup(
                "myAgents", soupSpec: SoupSpec(name: "myAgents", features: [.externalStorage]),
                indexSpecs: [string("name"), string("number")], reIndexData: false)
            #expect(try await store.soupSpec(inSoup: "myAgents").features == [.externalStorage])
            #expect(try await store.allEntries("myAgents") == before)
            #expect(try await agentCount(store, "name", "James Bond") == 1)
            try await store.alterSoup("myAgents", indexSpecs: [string("name"), string("address")], reIndexData: true)
            #expect(try await agentCount(store, "address", "1 market st") == 1)
            try await store.alterSoup("myAgents", soupSpec: SoupSpec(name: "myAgents"), indexSpecs: [string("name")], reIndexData: false)
            try await store.alterSoup(
                "myAgents", soupSpec: SoupSpec(name: "myAgents", features: [.externalStorage]),
                indexSpecs: [string("name"), string("agentNumber")], reIndexData: true)
            #expect(try await agentCount(store, "agentNumber", "007") == 1)
            #expect(try await store.allEntries("myAgents") == before)
            try await store.alterSoup(
                "myAgents", soupSpec: SoupSpec(name: "myAgents"), indexSpecs: [string("name"), string("agentNumber")], reIndexData: true)
            #expect(try await store.allEntries("myAgents") == before)
            #expect(try await agentCount(store, "agentNumber", "007") == 1)
        }
    }

    @Test("An alteration interrupted after it was recorded completes on the next open (T-ALT-5)")
    func resumesAfterInterruption() async throws {
        try await withTemporaryDirectory { directory throws in
            let url = directory.appendingPathComponent("agents.sqlite")
            let encryption = StoreEncryption.key(SymmetricKey(size: .bits256))
            do {
                let store = try await SmartStore(url: url, encryption: encryption)
                try await store.registerSoup("myAgents", indexSpecs: [string("name")])
                try await store.upsert(entries: [["name": "James Bond", "agentNumber": "007"]], inSoup: "myAgents")
                // What alterSoup records before it starts; the "crash" comes before the work.
                _ = try await store.recordAlteration(
                    SoupAlteration(
                        soupName: "myAgents", features: [], indexSpecs: [string("name"), string("agentNumber")], reIndexData: true))
                try store.close()
            }
            let reopened = try await SmartStore(url: url, encryption: encryption)
            #expect(try await reopened.indexSpecs(inSoup: "myAgents") == [string("name"), string("agentNumber")])
            #expect(try await reopened.count(using: .buildExactQuerySpec(soupName: "myAgents", path: "agentNumber", matchKey: "007")) == 1)
            let pending = try await reopened.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM long_operations_status") }
            #expect(pending == 0)
        }
    }

    @Test("A failing alteration changes nothing")
    func invalidAlteration() async throws {
        try await withAgents { store throws in
            await #expect(throws: SmartStoreError.noIndexSpecs(soup: "myAgents")) {
                try await store.alterSoup("myAgents", indexSpecs: [], reIndexData: true)
            }
            await #expect(throws: SmartStoreError.soupNotFound("ghost")) {
                try await store.alterSoup("ghost", indexSpecs: [string("a")], reIndexData: true)
            }
            #expect(try await store.indexSpecs(inSoup: "myAgents") == [string("name"), string("address")])
        }
    }
}
