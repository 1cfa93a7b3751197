import Foundation
import SalesforceCore
import SmartStore

extension FuzzTarget {
    /// Smart SQL statements and query specs run over a seeded, encrypted store. The first byte
    /// picks the form: Smart SQL text, or a query spec's JSON (`{"queryType": ...}`).
    static let smartSQL = FuzzTarget(name: "smart-sql", summary: "Smart SQL and query-spec JSON over a seeded SmartStore") { bytes in
        guard let selector = bytes.first else { return }
        let store = FuzzStore.shared
        let rest = Array(bytes.dropFirst())
        runBlocking {
            let spec: QuerySpec
            if selector % 2 == 0 {
                spec = QuerySpec.buildSmartQuerySpec(smartSQL: String(decoding: rest, as: UTF8.self), pageSize: 10)
            } else {
                guard let json = try? JSON(parsing: rest), let parsed = try? QuerySpec(json: json, soupName: "accounts") else { return }
                spec = parsed
            }
            _ = try? await store.query(using: spec, startingFromPageIndex: Int(selector % 3))
            _ = try? await store.count(using: spec)
        }
    }
}

/// The store the Smart SQL target queries: two soups with every index type, opened once.
enum FuzzStore {
    static let shared: SmartStore = runBlocking {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("forcekit-fuzz-\(UUID().uuidString).sqlite")
        folder.withLock { $0 = url.path }
        atexit {
            if let path = FuzzStore.folder.current {
                for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: path + suffix) }
            }
        }
        do {
            let store = try await SmartStore(url: url, encryption: .passphrase("fuzz"))
            try await store.registerSoup(
                "accounts",
                indexSpecs: [
                    IndexSpec(path: "Name", type: .string), IndexSpec(path: "Employees", type: .integer),
                    IndexSpec(path: "Revenue", type: .floating), IndexSpec(path: "Description", type: .fullText),
                    IndexSpec(path: "Address.City", type: .json1),
                ])
            try await store.registerSoup("contacts", indexSpecs: [IndexSpec(path: "AccountId", type: .string)])
            var accounts: [JSON] = []
            for index in 0..<50 {
                accounts.append([
                    "Id": .string("001\(index)"), "Name": .string("Account \(index)"), "Employees": .integer(Int64(index * 10)),
                    "Revenue": .double(Double(index) * 1.5), "Description": .string("word\(index % 7) acme"),
                    "Address": ["City": .string(index % 2 == 0 ? "Paris" : "Oslo")],
                ])
            }
            try await store.upsert(entries: accounts, inSoup: "accounts")
            try await store.upsert(
                entries: (0..<20).map { ["Id": .string("003\($0)"), "AccountId": .string("001\($0 % 5)")] }, inSoup: "contacts")
            return store
        } catch {
            fatalError("The fuzzer's store did not open: \(error)")
        }
    }

    private static let folder = Locked<String?>(nil)
}
