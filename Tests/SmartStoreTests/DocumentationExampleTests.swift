import ForceKitTestSupport
import Foundation
import SalesforceCore
import SalesforceKeys
import SmartStore
import Testing

@Suite("The DocC example")
struct DocumentationExampleTests {
    @Test("The overview's example prints what it says")
    func overview() async throws {
        try await withTemporaryDirectory { directory throws in
            let keys: any KeyStore = InMemoryKeyStore()
            let key = try await keys.key(for: "com.example.defaultStore")
            let store = try await SmartStore(url: directory.appendingPathComponent("defaultStore.sqlite"), encryption: .key(key))
            try await store.registerSoup(
                "Account",
                indexSpecs: [
                    IndexSpec(path: "Id", type: .string),
                    IndexSpec(path: "Name", type: .string),
                    IndexSpec(path: "Description", type: .fullText),
                ])
            try await store.upsert(
                entries: [
                    ["Id": "001A", "Name": "Acme", "Description": "Anvils and rockets"],
                    ["Id": "001B", "Name": "Globex", "Description": "Rockets"],
                ], inSoup: "Account", withExternalIdPath: "Id")

            let rockets = try await store.query(
                using: .buildMatchQuerySpec(
                    soupName: "Account", path: "Description", matchKey: "rocket*", orderPath: "Name"))
            #expect(rockets.map { $0["Name"]! } == ["Acme", "Globex"])

            let names = try await store.query(
                using: .buildSmartQuerySpec(
                    smartSQL: "select {Account:Name} from {Account} where {Account:Id} = ?"), arguments: ["001B"])
            #expect(names == [["Globex"]])
        }
    }
}
