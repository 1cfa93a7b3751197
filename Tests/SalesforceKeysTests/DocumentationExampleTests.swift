import ForceKitTestSupport
import Foundation
import SalesforceKeys
import Testing

@Suite("The SalesforceKeys article's example")
struct KeysDocumentationExampleTests {
    @Test("A key is made once, found again as the same key, owner-only on disk, and gone when removed")
    func example() async throws {
        try await withTemporaryDirectory { appSupport throws in
            let keys = FileKeyStore(directory: appSupport.appendingPathComponent("keys"))
            let key = try await keys.key(for: "com.example.cache")
            let again = try await keys.existingKey(for: "com.example.cache")
            #expect(again == key)
            #expect(try await keys.key(for: "com.example.cache") == key)
            let file = keys.file(for: "com.example.cache")
            let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
            #expect(mode == 0o600)
            try await keys.removeKey(for: "com.example.cache")
            #expect(try await keys.existingKey(for: "com.example.cache") == nil)
            #expect(!FileManager.default.fileExists(atPath: file.path))
        }
    }
}
