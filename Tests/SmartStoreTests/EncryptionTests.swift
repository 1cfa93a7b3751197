import Crypto
import ForceKitTestSupport
import Foundation
import GRDB
import SalesforceCore
import Testing

@testable import SmartStore

@Suite("Encryption at rest")
struct EncryptionTests {
    @Test("No marker of an element, index value, full-text term, external entry or Smart SQL literal reaches the disk")
    func noPlaintextOnDisk() async throws {
        try await withTemporaryDirectory { directory throws in
            let url = directory.appendingPathComponent("secret.sqlite")
            let markers = Markers()
            let store = try await SmartStore(url: url, encryption: randomKey())
            try await markers.write(to: store)
            #expect(try await markers.verify(in: store))
            // While open the data sits in the WAL and -shm; after closing, in the database.
            #expect(fileNames(in: directory).contains("secret.sqlite-wal"))
            #expect(fileNames(in: directory).contains("soupelt_1"))
            for marker in markers.all { #expect(filesContaining(marker, in: directory) == [], "\(marker)") }
            try store.close()
            for marker in markers.all { #expect(filesContaining(marker, in: directory) == [], "\(marker)") }
        }
    }

    @Test("The same scan finds every marker in a plain store, so it can fail")
    func scanFindsPlaintext() async throws {
        try await withTemporaryDirectory { directory throws in
            let markers = try await Markers.inClosedStore(at: directory.appendingPathComponent("plain.sqlite"), encryption: .plaintext)
            for marker in [markers.element, markers.indexed, markers.fullText] {
                #expect(!filesContaining(marker, in: directory).isEmpty)
                #expect(Set(filesContaining(marker, in: directory)).isSubset(of: ["plain.sqlite", "plain.sqlite-wal"]))
            }
            #expect(filesContaining(markers.external, in: directory) == ["soupelt_1"])
        }
    }

    @Test("A wrong key or passphrase is a clear error and leaves every file as it was")
    func wrongKey() async throws {
        try await withTemporaryDirectory { directory throws in
            let url = directory.appendingPathComponent("store.sqlite")
            let key = randomKey()
            let markers = try await Markers.inClosedStore(at: url, encryption: key)
            let before = snapshot(of: directory)
            let error = await #expect(throws: SmartStoreError.self) { try await SmartStore(url: url, encryption: randomKey()) }
            #expect(error == .wrongKey(path: url.path))
            #expect(error?.recoverySuggestion?.contains("key or passphrase it was created with") == true)
            await #expect(throws: SmartStoreError.wrongKey(path: url.path)) {
                try await SmartStore(url: url, encryption: .passphrase("guess"))
            }
            await #expect(throws: SmartStoreError.storeEncrypted(path: url.path)) { try await SmartStore(url: url, encryption: .plaintext) }
            #expect(snapshot(of: directory) == before)
            #expect(before["store.sqlite"] != nil && before["store.sqlite_external_soup_blobs/TABLE_2/soupelt_1"] != nil)
            #expect(try await markers.verify(in: SmartStore(url: url, encryption: key)))
        }
    }

    @Test("A plain store opened as encrypted, and a file that is no store, are refused untouched")
    func otherKinds() async throws {
        try await withTemporaryDirectory { directory throws in
            let plain = directory.appendingPathComponent("plain.sqlite")
            try await SmartStore(url: plain, encryption: .plaintext).close()
            await #expect(throws: SmartStoreError.storeNotEncrypted(path: plain.path)) {
                try await SmartStore(url: plain, encryption: randomKey())
            }
            let junk = directory.appendingPathComponent("junk.sqlite")
            try Data(repeating: 7, count: 10_000).write(to: junk)
            let error = await #expect(throws: SmartStoreError.self) { try await SmartStore(url: junk, encryption: randomKey()) }
            #expect(error == .fileSystem(path: junk.path, reason: "it is not a SmartStore database"))
            #expect(try Data(contentsOf: junk) == Data(repeating: 7, count: 10_000))
        }
    }

    @Test("An empty file is refused and left empty, plain or encrypted, instead of becoming a new store")
    func emptyFile() async throws {
        try await withTemporaryDirectory { directory throws in
            let empty = directory.appendingPathComponent("empty.sqlite")
            for encryption in [StoreEncryption.plaintext, randomKey()] {
                try Data().write(to: empty)
                let error = await #expect(throws: SmartStoreError.self) { try await SmartStore(url: empty, encryption: encryption) }
                #expect(error?.code == .fileSystem)
                #expect(error?.message.contains("empty") == true)
                #expect(try Data(contentsOf: empty).isEmpty)
                #expect(!FileManager.default.fileExists(atPath: empty.path + "-wal"))
            }
        }
    }

    @Test("A new store's folder and files are its owner's only from the start")
    func ownerOnlyFiles() async throws {
        try await withTemporaryDirectory { directory throws in
            let folder = directory.appendingPathComponent("user/stores")
            for (name, encryption) in [("plain.sqlite", StoreEncryption.plaintext), ("sealed.sqlite", randomKey())] {
                let url = folder.appendingPathComponent(name)
                let store = try await SmartStore(url: url, encryption: encryption)
                try await store.registerSoup("s", indexSpecs: [IndexSpec(path: "k", type: .string)])
                for path in [url.path, url.path + "-wal", url.path + "-shm"] {
                    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
                    #expect(mode == 0o600, "\(path) is \(String(mode ?? 0, radix: 8))")
                }
                try store.close()
            }
            #expect(try FileManager.default.attributesOfItem(atPath: folder.path)[.posixPermissions] as? Int == 0o700)
        }
    }

    @Test("Opening with a passphrase derives the same key from the store's salt")
    func passphrase() async throws {
        try await withTemporaryDirectory { directory throws in
            let url = directory.appendingPathComponent("store.sqlite")
            let markers = try await Markers.inClosedStore(at: url, encryption: .passphrase("correct horse battery staple"))
            #expect(try await markers.verify(in: SmartStore(url: url, encryption: .passphrase("correct horse battery staple"))))
            await #expect(throws: SmartStoreError.wrongKey(path: url.path)) {
                try await SmartStore(url: url, encryption: .passphrase("Correct horse battery staple"))
            }
            await #expect(throws: SmartStoreError.keyUnavailable("the passphrase is empty")) {
                try await SmartStore(url: url, encryption: .passphrase(""))
            }
        }
    }

    @Test("A changed page is reported as corruption, never read")
    func tamperedPage() async throws {
        try await withTemporaryDirectory { directory throws in
            let url = directory.appendingPathComponent("store.sqlite")
            let key = randomKey()
            _ = try await Markers.inClosedStore(at: url, encryption: key)
            // Page 5 holds entries; its first byte is ciphertext.
            try flipByte(at: 4 * PageFormat.pageSize + 100, of: url)
            let reopened = try await SmartStore(url: url, encryption: key)
            let error = await #expect(throws: SmartStoreError.self) {
                for soup in ["contacts", "files"] {
                    _ = try await reopened.query(using: .buildAllQuerySpec(soupName: soup, pageSize: 1_000))
                }
            }
            guard error?.code == .corrupted else {
                Issue.record("expected corrupted, got \(String(describing: error))")
                return
            }

            try flipByte(at: 10, of: url)
            let first = await #expect(throws: SmartStoreError.self) { try await SmartStore(url: url, encryption: key) }
            #expect(first == .corrupted("the first page of \(url.path) fails authentication"))
        }
    }

    @Test("Pages swapped within the file do not open: each is bound to its place")
    func swappedPages() async throws {
        try await withTemporaryDirectory { directory throws in
            let url = directory.appendingPathComponent("store.sqlite")
            let key = randomKey()
            _ = try await Markers.inClosedStore(at: url, encryption: key)
            var bytes = try Data(contentsOf: url)
            let size = PageFormat.pageSize
            let third = bytes.subdata(in: 2 * size..<3 * size)
            bytes.replaceSubrange(2 * size..<3 * size, with: bytes.subdata(in: 3 * size..<4 * size))
            bytes.replaceSubrange(3 * size..<4 * size, with: third)
            try bytes.write(to: url)
            let reopened = try await SmartStore(url: url, encryption: key)
            // quick_check reads every page of every table and index.
            let error = await #expect(throws: SmartStoreError.self) {
                _ = try await reopened.read { db in try String.fetchAll(db, sql: "PRAGMA quick_check") }
            }
            guard error?.code == .corrupted else {
                Issue.record("expected corrupted, got \(String(describing: error))")
                return
            }
        }
    }

    @Test("Any single changed byte either leaves the data intact or is reported; nothing wrong is ever read")
    func randomByteFlips() async throws {
        try await withTemporaryDirectory { directory throws in
            let original = directory.appendingPathComponent("original.sqlite")
            let key = randomKey()
            let markers = try await Markers.inClosedStore(at: original, encryption: key)
            let pristine = try Data(contentsOf: original)
            // Seeded, with the seed in every message, so a failure can be replayed.
            let seed = UInt64.random(in: 1...UInt64.max)
            var generator = SeededGenerator(seed: seed)
            var reported = 0
            for round in 0..<40 {
                let url = directory.appendingPathComponent("flip-\(round).sqlite")
                var bytes = pristine
                let offset = Int.random(in: 0..<bytes.count, using: &generator)
                bytes[offset] ^= UInt8.random(in: 1...255, using: &generator)
                try bytes.write(to: url)
                try FileManager.default.copyItem(
                    at: ExternalStorage.directory(forDatabase: original), to: ExternalStorage.directory(forDatabase: url))
                do {
                    let flipped = try await SmartStore(url: url, encryption: key)
                    #expect(try await markers.verify(in: flipped), "seed \(seed): byte \(offset) changed the data silently")
                    // quick_check lists the pages it cannot read instead of failing.
                    let check = try await flipped.read { db in try String.fetchAll(db, sql: "PRAGMA quick_check") }
                    if check != ["ok"] {
                        #expect(
                            check.allSatisfy {
                                $0.contains("error code=\(ResultCode.SQLITE_IOERR_DATA.rawValue)") || $0.contains("failed to get page")
                            }, "\(check)")
                        reported += 1
                    }
                    try flipped.close()
                } catch let error as SmartStoreError {
                    switch error.code {
                    // A damaged page of a full-text table fails as its constructor: .database.
                    case .corrupted, .wrongKey, .fileSystem, .database: reported += 1
                    default: Issue.record("byte \(offset): unexpected \(error)")
                    }
                }
            }
            // quick_check reads every page in use, and every byte of a page is either sealed or
            // checked when it is opened, so nearly every flip is caught.
            #expect(reported >= 36)
        }
    }

    @Test("A changed, cut or foreign external entry is reported as corruption")
    func tamperedExternalEntry() async throws {
        try await withTemporaryDirectory { directory throws in
            let url = directory.appendingPathComponent("store.sqlite")
            let key = randomKey()
            let store = try await SmartStore(url: url, encryption: key)
            try await store.registerSoup(SoupSpec(name: "files", features: [.externalStorage]), indexSpecs: [string("name")])
            let body = String(repeating: "0123456789", count: 30_000)  // five 64 KiB chunks
            try await store.upsert(
                entries: [["name": "a", "body": .string(body)], ["name": "b", "body": "short"]], inSoup: "files")
            #expect(
                try await store.query(using: .buildExactQuerySpec(soupName: "files", path: "name", matchKey: "a")).first?["body"]?
                    .stringValue == body)
            let file = store.externalStorage.fileURL(table: "TABLE_1", id: 1)
            let pristine = try Data(contentsOf: file)
            #expect(pristine.range(of: Data("0123456789".utf8)) == nil)

            func expectCorrupted(_ bytes: Data) async throws {
                try bytes.write(to: file)
                let error = await #expect(throws: SmartStoreError.self) {
                    _ = try await store.retrieve(usingSoupEntryIds: [1], inSoup: "files")
                }
                guard error?.code == .corrupted else {
                    Issue.record("expected corrupted, got \(String(describing: error))")
                    return
                }
            }
            var changed = pristine
            changed[100_000] ^= 1
            try await expectCorrupted(changed)
            try await expectCorrupted(pristine.prefix(SealedEntryFile.headerSize + SealedEntryFile.chunkSize + SealedEntryFile.tagSize))
            try await expectCorrupted(pristine.dropLast(1))
            try await expectCorrupted(try Data(contentsOf: store.externalStorage.fileURL(table: "TABLE_1", id: 2)))
            try pristine.write(to: file)
            #expect(try await store.retrieve(usingSoupEntryIds: [1], inSoup: "files").first?["body"]?.stringValue == body)
        }
    }
}
