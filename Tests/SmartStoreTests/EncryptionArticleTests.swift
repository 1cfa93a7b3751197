import ForceKitTestSupport
import Foundation
import SalesforceCore
import SmartStore
import Testing

/// The "Encryption at rest" article's example, and its claim that no entry text reaches the disk.
@Suite("The encryption article")
struct EncryptionArticleTests {
    @Test("a passphrase store re-keyed, copied in plain and refused its old passphrase, as the article says")
    func example() async throws {
        try await withTemporaryDirectory { folder throws in
            let url = folder.appendingPathComponent("notes.sqlite")
            let store = try await SmartStore(url: url, encryption: .passphrase("correct horse"))
            try await store.registerSoup("notes", indexSpecs: [IndexSpec(path: "title", type: .string)])
            try await store.upsert(entries: [["title": "Acme visit"]], inSoup: "notes")

            try await store.changeKey(to: .passphrase("battery staple"))
            let plain = folder.appendingPathComponent("notes-plain.sqlite")
            try await store.exportPlainCopy(to: plain)
            try store.close()

            var refused = false
            do {
                _ = try await SmartStore(url: url, encryption: .passphrase("correct horse"))
            } catch let error as SmartStoreError where error.code == .wrongKey {
                refused = true
            }
            #expect(refused)

            // The title is in the plain copy and nowhere in the store's own files.
            let needle = Data("Acme visit".utf8)
            #expect(try Data(contentsOf: plain).range(of: needle) != nil)
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasPrefix("notes.sqlite") {
                #expect(try Data(contentsOf: folder.appendingPathComponent(name)).range(of: needle) == nil, "\(name)")
            }

            let reopened = try await SmartStore(url: url, encryption: .passphrase("battery staple"))
            let titles = try await reopened.query(using: .buildAllQuerySpec(soupName: "notes"))
            #expect(titles.map { $0["title"] } == ["Acme visit"])
        }
    }
}
