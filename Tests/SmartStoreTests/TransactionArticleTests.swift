import ForceKitTestSupport
import Foundation
import SalesforceCore
import SmartStore
import Testing

/// The "Transactions and what a failure leaves" article's example, and its claims.
@Suite("The transactions article")
struct TransactionArticleTests {
    struct OutOfStock: Error {}

    @Test("a transaction whose body throws writes nothing, and the body's own error comes back")
    func example() async throws {
        try await withTemporaryDirectory { folder throws in
            let store = try await SmartStore(url: folder.appendingPathComponent("orders.sqlite"), encryption: .plaintext)
            try await store.registerSoup("orders", indexSpecs: [IndexSpec(path: "Id", type: .string)])

            var caught = false
            do {
                try await store.transaction { tx in
                    _ = try tx.create(entry: ["Id": "o-1", "Item": "Anvil"], inSoup: "orders")
                    _ = try tx.create(entry: ["Id": "o-2", "Item": "Rocket"], inSoup: "orders")
                    throw OutOfStock()
                }
            } catch is OutOfStock {
                caught = true
            }
            #expect(caught)
            #expect(try await store.count(using: .buildAllQuerySpec(soupName: "orders")) == 0)

            // The same body returning commits both.
            try await store.transaction { tx in
                _ = try tx.create(entry: ["Id": "o-1", "Item": "Anvil"], inSoup: "orders")
                _ = try tx.create(entry: ["Id": "o-2", "Item": "Rocket"], inSoup: "orders")
            }
            #expect(try await store.count(using: .buildAllQuerySpec(soupName: "orders")) == 2)
        }
    }

    @Test("an upsert with one entry refused writes none of them")
    func oneCallOneTransaction() async throws {
        try await withTemporaryDirectory { folder throws in
            let store = try await SmartStore(url: folder.appendingPathComponent("orders.sqlite"), encryption: .plaintext)
            try await store.registerSoup("orders", indexSpecs: [IndexSpec(path: "Id", type: .string)])
            await #expect(throws: SmartStoreError.entryNotObject(position: 2)) {
                try await store.upsert(entries: [["Id": "o-1"], ["Id": "o-2"], "not an entry"], inSoup: "orders")
            }
            #expect(try await store.count(using: .buildAllQuerySpec(soupName: "orders")) == 0)
        }
    }

    @Test("an external entry written in a transaction that throws leaves no file behind")
    func externalFilesDiscarded() async throws {
        try await withTemporaryDirectory { folder throws in
            let store = try await SmartStore(url: folder.appendingPathComponent("notes.sqlite"), encryption: .plaintext)
            try await store.registerSoup(
                SoupSpec(name: "notes", features: [.externalStorage]), indexSpecs: [IndexSpec(path: "Id", type: .string)])
            func files() -> Set<String> {
                var isDirectory: ObjCBool = false
                return Set(
                    (FileManager.default.subpaths(atPath: folder.path) ?? []).filter {
                        FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path, isDirectory: &isDirectory)
                            && !isDirectory.boolValue
                    })
            }
            let before = files()
            await #expect(throws: OutOfStock.self) {
                try await store.transaction { tx in
                    _ = try tx.create(entry: ["Id": "n-1", "Body": .string(String(repeating: "x", count: 100_000))], inSoup: "notes")
                    throw OutOfStock()
                }
            }
            let after = files()
            // SQLite's own log files may come and go (and the soup's empty folder stays); no
            // entry file or temporary file may.
            let added = after.subtracting(before).filter { !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }
            #expect(added.isEmpty, "\(added)")
            #expect(try await store.count(using: .buildAllQuerySpec(soupName: "notes")) == 0)
        }
    }
}
