import Crypto
import ForceKitTestSupport
import Foundation
import GRDB
import SalesforceCore
import Testing

@testable import SmartStore

@Suite("External storage after a kill between a commit and its files' moves")
struct ExternalStorageCrashTests {
    /// A store with an externally stored soup whose next commits stop before their files are
    /// moved into place, as a process killed right after the commit leaves them; returns what
    /// those commits stored.
    static func dieAfterCommits(at url: URL, encryption: StoreEncryption) async throws -> [JSON] {
        let store = try await SmartStore(url: url, encryption: encryption)
        defer { try? store.close() }
        try await store.registerSoup(SoupSpec(name: "big", features: [.externalStorage]), indexSpecs: [string("name")])
        try await store.upsert(entries: [["name": "first", "version": 1]], inSoup: "big")
        store.stopsBeforeFileMovesForTesting.withLock { $0 = true }
        let updated = try await store.upsert(entries: [["_soupEntryId": 1, "name": "first", "version": 2]], inSoup: "big")
        let inserted = try await store.upsert(entries: [["name": "second"]], inSoup: "big")
        return updated + inserted
    }

    @Test("The next read-write open moves the committed files into place: an update and an insert read back as committed")
    func committedFilesArrive() async throws {
        try await withTemporaryDirectory { folder in
            let url = folder.appendingPathComponent("store.sqlite")
            let key = StoreEncryption.key(SymmetricKey(size: .bits256))
            let committed = try await Self.dieAfterCommits(at: url, encryption: key)

            // A read-only open cannot move them, and says so rather than read the old text.
            let refusal = await #expect(throws: SmartStoreError.self) { try await SmartStore(url: url, encryption: key, access: .readOnly) }
            #expect(refusal?.code == .readOnly)
            #expect(refusal?.message.contains("entries kept in files") == true)

            let store = try await SmartStore(url: url, encryption: key)
            defer { try? store.close() }
            #expect(try await store.retrieve(usingSoupEntryIds: [1, 2], inSoup: "big") == committed)
            let files = try FileManager.default.contentsOfDirectory(
                atPath: store.externalStorage.directory.appendingPathComponent("TABLE_1").path)
            #expect(files.sorted() == ["soupelt_1", "soupelt_2"])
            #expect(try await store.read { db in try store.externalStorage.hasInterruptedWrites(db) } == false)
        }
    }

    @Test("Encrypting a plain store first moves the files its last commits left unmoved")
    func encryptingKeepsThem() async throws {
        try await withTemporaryDirectory { folder in
            let url = folder.appendingPathComponent("store.sqlite")
            let committed = try await Self.dieAfterCommits(at: url, encryption: .plaintext)
            let key = StoreEncryption.key(SymmetricKey(size: .bits256))
            try await SmartStore.encryptPlainStore(at: url, with: key)
            let store = try await SmartStore(url: url, encryption: key)
            defer { try? store.close() }
            #expect(try await store.retrieve(usingSoupEntryIds: [1, 2], inSoup: "big") == committed)
        }
    }

    @Test("Only the move of an entry file to its own name is taken from the record")
    func hostileRecords() {
        #expect(ExternalStorage.isMove(from: "TABLE_1/soupelt_2.1A2B-C3.pending", to: "TABLE_1/soupelt_2"))
        for (temporary, final) in [
            ("TABLE_1/soupelt_2.x.pending", "../TABLE_1/soupelt_2"), ("../../etc/passwd.x.pending", "../../etc/passwd"),
            ("TABLE_1/soupelt_2.x/../../y.pending", "TABLE_1/soupelt_2"), ("TABLE_1/soupelt_3.x.pending", "TABLE_1/soupelt_2"),
            ("TABLE_1/soupelt_2.pending", "TABLE_1/soupelt_2"), ("TABLE_1/soupelt_2.x.pending", "TABLE_1/other"),
            ("TABLE_1/soupelt_2.x.pending", "TABLE_1/soupelt_2/x"), ("TABLE_1/soupelt_2.x.txt", "TABLE_1/soupelt_2"),
        ] {
            #expect(!ExternalStorage.isMove(from: temporary, to: final), "\(temporary) → \(final)")
        }
    }
}
