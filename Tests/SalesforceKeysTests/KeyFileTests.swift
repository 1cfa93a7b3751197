import Crypto
import ForceKitTestSupport
import Foundation
import SalesforceKeys
import Testing

@Suite("Key files")
struct KeyFileTests {
    @Test("a key file other users can read is refused, with what to do, and left as it is")
    func readableByOthersIsRefused() async throws {
        try await withTemporaryDirectory { folder throws in
            let file = KeyFile(url: folder.appendingPathComponent("DB.key"), label: "the store's key")
            let key = try file.create()
            #expect(try file.read() == key)
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.url.path)
            let error = #expect(throws: KeyStoreError.self) { try file.read() }
            #expect(error?.message.contains("readable by other users (mode 644)") == true)
            #expect(error?.message.contains("chmod 600") == true)
            #expect(try Data(contentsOf: file.url) == key.withUnsafeBytes { Data($0) })
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.url.path)
            #expect(try file.read() == key)
        }
    }
}
