import Crypto
import ForceKitTestSupport
import Foundation
import SalesforceCore
import SmartStore
import Testing

/// A series of upserts inserts entries it knows to be new without looking them up; these tests
/// write in ways a wrong guess would turn into duplicate entries.
@Suite("Upsert series")
struct UpsertSeriesTests {
    @Test("Into an empty soup, a key met again (in the same batch, a later one or a later transaction) updates its entry")
    func keysMetAgain() async throws {
        try await withStore { store throws in
            try await store.registerSoup("s", indexSpecs: [string("Id")])
            let series = UpsertSeries()
            try await upsert(["a", "b", "a"], version: 1, store, series)
            let second = try await prepared(["c", "b"], version: 2, store)
            let third = try await prepared(["c", "d"], version: 3, store)
            try await store.transaction { tx in
                try tx.upsert(second, withExternalIdPath: "Id", in: series)
                try tx.upsert(third, withExternalIdPath: "Id", in: series)
            }
            try await upsert(["a", "e"], version: 4, store, series)
            #expect(try await versions(store) == ["a": 4, "b": 2, "c": 3, "d": 3, "e": 4])
        }
    }

    @Test("An entry another write added between the series' transactions is updated, not duplicated")
    func otherWriteBetween() async throws {
        try await withStore { store throws in
            try await store.registerSoup("s", indexSpecs: [string("Id")])
            let series = UpsertSeries()
            try await upsert(["a"], version: 1, store, series)
            try await store.upsert(entries: [["Id": "b", "version": 0]], inSoup: "s", withExternalIdPath: "Id")
            try await upsert(["b", "c"], version: 2, store, series)
            try await store.upsert(entries: [["Id": "d", "version": 0]], inSoup: "s", withExternalIdPath: "Id")
            try await upsert(["d"], version: 3, store, series)
            #expect(try await versions(store) == ["a": 1, "b": 2, "c": 2, "d": 3])
        }
    }

    @Test("An entry another connection to the same file added between the series' transactions is updated, not duplicated")
    func otherConnectionBetween() async throws {
        try await withTemporaryDirectory { directory throws in
            let url = directory.appendingPathComponent("store.sqlite")
            let key = SymmetricKey(size: .bits256)
            let store = try await SmartStore(url: url, encryption: .key(key))
            try await store.registerSoup("s", indexSpecs: [string("Id")])
            let series = UpsertSeries()
            try await upsert(["a"], version: 1, store, series)
            let other = try await SmartStore(url: url, encryption: .key(key))
            try await other.upsert(entries: [["Id": "b", "version": 0]], inSoup: "s", withExternalIdPath: "Id")
            try other.close()
            try await upsert(["b"], version: 2, store, series)
            #expect(try await versions(store) == ["a": 1, "b": 2])
            try store.close()
        }
    }

    @Test("After a transaction of the series that did not commit, the keys it wrote are looked up again")
    func rolledBack() async throws {
        struct Abandon: Error {}
        try await withStore { store throws in
            try await store.registerSoup("s", indexSpecs: [string("Id")])
            let series = UpsertSeries()
            let abandoned = try await prepared(["a"], version: 1, store)
            await #expect(throws: Abandon.self) {
                try await store.transaction { tx in
                    try tx.upsert(abandoned, withExternalIdPath: "Id", in: series)
                    throw Abandon()
                }
            }
            try await store.upsert(entries: [["Id": "b", "version": 0]], inSoup: "s", withExternalIdPath: "Id")
            try await upsert(["a", "b"], version: 2, store, series)
            #expect(try await versions(store) == ["a": 2, "b": 2])
        }
    }

    @Test("A soup that has entries when the series starts is looked up as by any upsert", arguments: [10, 3_000])
    func soupWithEntries(existing: Int) async throws {
        try await withStore { store throws in
            try await store.registerSoup("s", indexSpecs: [string("Id")])
            let keys = (0..<existing).map { "k\($0)" }
            try await store.upsert(entries: keys.map { ["Id": .string($0), "version": 0] }, inSoup: "s", withExternalIdPath: "Id")
            let series = UpsertSeries()
            try await upsert(keys.reversed() + ["new"], version: 1, store, series)
            try await upsert(["new", "k0"], version: 2, store, series)
            let found = try await versions(store)
            #expect(found.count == existing + 1)
            #expect(found["k1"] == 1 && found["k0"] == 2 && found["new"] == 2)
        }
    }

    @Test("20,000 keys over ten transactions, each repeating the previous one's last 100: one entry a key, the latest version")
    func manyKeys() async throws {
        try await withStore { store throws in
            try await store.registerSoup("s", indexSpecs: [string("Id")])
            let series = UpsertSeries()
            for batch in 0..<10 {
                // Each batch repeats the previous one's last 100 keys.
                try await upsert(
                    (batch * 2_000 - 100..<(batch + 1) * 2_000).filter { $0 >= 0 }.map { "id\($0)" }, version: Int64(batch), store, series)
            }
            let count = try await store.count(using: .buildAllQuerySpec(soupName: "s", orderPath: "Id", pageSize: 10))
            #expect(count == 20_000)
            #expect(try await store.values("version", .buildExactQuerySpec(soupName: "s", path: "Id", matchKey: "id1999")) == [1])
            #expect(try await store.values("version", .buildExactQuerySpec(soupName: "s", path: "Id", matchKey: "id2000")) == [1])
        }
    }

    private func prepared(_ keys: [String], version: Int64, _ store: SmartStore) async throws -> PreparedEntries {
        try await store.prepare(entries: keys.map { ["Id": .string($0), "version": .integer(version)] }, inSoup: "s")
    }

    private func upsert(_ keys: [String], version: Int64, _ store: SmartStore, _ series: UpsertSeries) async throws {
        let entries = try await prepared(keys, version: version, store)
        _ = try await store.transaction { tx in try tx.upsert(entries, withExternalIdPath: "Id", in: series) }
    }

    /// Each entry's version by its key; a key stored twice fails the test.
    private func versions(_ store: SmartStore) async throws -> [String: Int64] {
        var found: [String: Int64] = [:]
        for entry in try await store.allEntries("s") {
            let key = entry["Id"]?.stringValue ?? ""
            #expect(found[key] == nil, "\(key) is stored twice")
            found[key] = entry["version"]?.integerValue
        }
        return found
    }
}
