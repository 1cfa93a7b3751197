import Crypto
import ForceKitTestSupport
import Foundation
import GRDB
import SalesforceCore
import Testing

@testable import SmartStore

@Suite("Sealed pages: nonces, page numbers and checkpoints")
struct PageSealTests {
    static func cipher() -> PageCipher {
        PageCipher(key: StoreKey(SymmetricKey(size: .bits256)), salt: Array(repeating: 7, count: PageFormat.saltSize))
    }

    /// A new encrypted store with a soup "notes" indexing `paths` as strings.
    static func notesStore(in directory: URL, indexing paths: [String]) async throws -> (URL, StoreEncryption, SmartStore) {
        let url = directory.appendingPathComponent("store.sqlite")
        let key = randomKey()
        let store = try await SmartStore(url: url, encryption: key)
        try await store.registerSoup("notes", indexSpecs: paths.map { string($0) })
        return (url, key, store)
    }

    /// `plain` sealed by `cipher` as page `pageNumber`.
    static func seal(_ plain: [UInt8], with cipher: PageCipher, pageNumber: UInt32) throws -> [UInt8] {
        var sealed = [UInt8](repeating: 0, count: PageFormat.pageSize)
        try plain.withUnsafeBytes { plain in
            try sealed.withUnsafeMutableBytes { try cipher.seal(plain.baseAddress!, into: $0.baseAddress!, pageNumber: pageNumber) }
        }
        return sealed
    }

    /// What `cipher` makes of `page` opened as page `pageNumber`, and the bytes it wrote.
    static func open(_ page: [UInt8], with cipher: PageCipher, pageNumber: UInt32) -> (PageCipher.OpenOutcome, [UInt8]) {
        var page = page
        var opened = [UInt8](repeating: 0xEE, count: PageFormat.pageSize)
        let outcome = page.withUnsafeMutableBytes { page in
            opened.withUnsafeMutableBytes { cipher.open(page.baseAddress!, into: $0.baseAddress!, pageNumber: pageNumber) }
        }
        return (outcome, opened)
    }

    static func page(filledWith byte: UInt8) -> [UInt8] {
        Array(repeating: byte, count: PageFormat.sealedBytes) + Array(repeating: 0, count: PageFormat.reservedBytes)
    }

    @Test("Sealing the same page again never repeats a nonce")
    func freshNonces() throws {
        let cipher = Self.cipher()
        let plain = Self.page(filledWith: 42)
        var sealed = [UInt8](repeating: 0, count: PageFormat.pageSize)
        var nonces = Set<[UInt8]>()
        // Ten times the random block the cipher draws at once, so refills are crossed.
        for _ in 0..<2_000 {
            try plain.withUnsafeBytes { plain in
                try sealed.withUnsafeMutableBytes { try cipher.seal(plain.baseAddress!, into: $0.baseAddress!, pageNumber: 9) }
            }
            nonces.insert(Array(sealed[0..<PageFormat.nonceSize]))
        }
        #expect(nonces.count == 2_000)
    }

    @Test("A page opens only under its own page number, and comes back whole")
    func pageNumberBinding() throws {
        let cipher = Self.cipher()
        let plain = Self.page(filledWith: 5)
        var sealed = [UInt8](repeating: 0, count: PageFormat.pageSize)
        try plain.withUnsafeBytes { plain in
            try sealed.withUnsafeMutableBytes { try cipher.seal(plain.baseAddress!, into: $0.baseAddress!, pageNumber: 3) }
        }
        let stored = sealed
        var opened = [UInt8](repeating: 1, count: PageFormat.pageSize)
        func open(as pageNumber: UInt32) -> PageCipher.OpenOutcome {
            sealed.withUnsafeMutableBytes { sealed in
                opened.withUnsafeMutableBytes { cipher.open(sealed.baseAddress!, into: $0.baseAddress!, pageNumber: pageNumber) }
            }
        }
        #expect(open(as: 4) == .tampered)
        #expect(open(as: 3 | 1 << 24) == .tampered)
        #expect(sealed == stored, "opening must leave the sealed bytes as they were")
        #expect(open(as: 3) == .opened)
        #expect(opened == plain)
        #expect(sealed == stored)
    }

    /// The nonce a page with number `pageNumber` is sealed under, computed as ``PageFormat``
    /// documents it: the stored nonce with the page number, big-endian, XORed into its first four bytes.
    static func documentedNonce(_ stored: some Collection<UInt8>, pageNumber: UInt32) throws -> AES.GCM.Nonce {
        var bytes = Array(stored)
        withUnsafeBytes(of: pageNumber.bigEndian) { number in
            for index in 0..<4 { bytes[index] ^= number[index] }
        }
        return try AES.GCM.Nonce(data: bytes)
    }

    @Test("A sealed page is AES-256-GCM as documented: swift-crypto's AES.GCM opens it, and the store opens what AES.GCM seals")
    func documentedFormat() throws {
        let key = SymmetricKey(size: .bits256)
        let salt = Array(repeating: UInt8(7), count: PageFormat.saltSize)
        let cipher = PageCipher(key: StoreKey(key), salt: salt)
        let plain =
            (0..<PageFormat.sealedBytes).map { UInt8(truncatingIfNeeded: $0 &* 31) } + Array(repeating: 0, count: PageFormat.reservedBytes)
        let sealed = try Self.seal(plain, with: cipher, pageNumber: 77)
        // Nonce, ciphertext, tag: opened by swift-crypto's public API under the documented nonce.
        let box = try AES.GCM.SealedBox(
            nonce: Self.documentedNonce(sealed[0..<12], pageNumber: 77), ciphertext: sealed[12..<4044], tag: sealed[4044..<4060])
        #expect(Array(try AES.GCM.open(box, using: key)) == Array(plain[0..<PageFormat.sealedBytes]))
        #expect(Array(sealed[4064..<4068]) == Array("FKS2".utf8))
        #expect(Array(sealed[4068..<4084]) == salt)

        // The other way: a page swift-crypto seals opens in the store's cipher.
        let stored: [UInt8] = (0..<12).map { UInt8($0 * 9 + 1) }
        let foreign = try AES.GCM.seal(plain[0..<PageFormat.sealedBytes], using: key, nonce: Self.documentedNonce(stored, pageNumber: 5))
        let page = stored + Array(foreign.ciphertext) + Array(foreign.tag) + Array(sealed[4060..<4096])
        let (outcome, opened) = Self.open(page, with: cipher, pageNumber: 5)
        #expect(outcome == .opened)
        #expect(opened == plain)
    }

    @Test("A page whose ciphertext changed opens as tampered and leaves no decrypted bytes behind")
    func tamperedPageLeavesNothing() throws {
        let cipher = Self.cipher()
        let plain = Self.page(filledWith: 0x5A)
        let sealed = try Self.seal(plain, with: cipher, pageNumber: 2)
        for position in [12, 2_000, 4_043, 4_050] {
            var changed = sealed
            changed[position] ^= 0x01
            let (outcome, opened) = Self.open(changed, with: cipher, pageNumber: 2)
            #expect(outcome == .tampered, "byte \(position)")
            #expect(!opened[0..<PageFormat.sealedBytes].contains(0x5A), "byte \(position): decrypted bytes were left in the page")
        }
    }

    @Test("A transaction larger than the page cache (pages spill to the WAL and are rewritten there) reads back whole")
    func spilledTransaction() async throws {
        try await withTemporaryDirectory { directory throws in
            let (url, key, store) = try await Self.notesStore(in: directory, indexing: ["name", "tag"])
            // Eight pages of cache: the writer spills frames mid-transaction, then writes some
            // of those pages again in place, where only the frame header on disk says which page.
            try await store.write { db, _ in try db.execute(sql: "PRAGMA cache_size = 8") }
            let entries: [JSON] = (0..<3_000).map {
                ["name": .string("note-\($0)"), "tag": .string("t\($0 % 97)"), "body": .string(String(repeating: "x", count: 300))]
            }
            try await store.upsert(entries: entries, inSoup: "notes")
            try store.close()
            let reopened = try await SmartStore(url: url, encryption: key)
            #expect(try await reopened.count(using: .buildAllQuerySpec(soupName: "notes")) == 3_000)
            #expect(try await reopened.count(using: .buildExactQuerySpec(soupName: "notes", path: "tag", matchKey: "t5")) == 31)
            #expect(try await reopened.read { db in try String.fetchAll(db, sql: "PRAGMA quick_check") } == ["ok"])
        }
    }

    @Test("A WAL frame changed on disk before its checkpoint is still reported, never read as data")
    func frameChangedBeforeCheckpoint() async throws {
        try await withTemporaryDirectory { directory throws in
            let (url, key, store) = try await Self.notesStore(in: directory, indexing: ["name"])
            let entries: [JSON] = (0..<200).map { ["name": .string("note-\($0)")] }
            try await store.upsert(entries: entries, inSoup: "notes")
            // One ciphertext byte of the last frame, past its nonce; the writer remembers the page.
            let wal = try FileHandle(forUpdating: URL(fileURLWithPath: url.path + "-wal"))
            let end = try wal.seekToEnd()
            try wal.seek(toOffset: end - UInt64(PageFormat.pageSize) + 100)
            let byte = try #require(try wal.read(upToCount: 1)?.first)
            try wal.seek(toOffset: end - UInt64(PageFormat.pageSize) + 100)
            try wal.write(contentsOf: [byte ^ 0x40])
            try wal.close()
            var reported = false
            do {
                try store.close()
                let reopened = try await SmartStore(url: url, encryption: key)
                let names = try await reopened.query(using: .buildAllQuerySpec(soupName: "notes", pageSize: 1_000)).compactMap {
                    $0["name"]?.stringValue
                }
                #expect(Set(names).isSubset(of: Set(entries.compactMap { $0["name"]?.stringValue })))
                reported = try await reopened.read { db in try String.fetchAll(db, sql: "PRAGMA quick_check") } != ["ok"]
            } catch let error as SmartStoreError {
                guard error.code == .corrupted else { throw error }
                reported = true
            }
            #expect(reported)
        }
    }

    @Test("A checkpoint writes each WAL frame's sealed bytes to the database unchanged")
    func checkpointCopiesFrames() async throws {
        try await withTemporaryDirectory { directory throws in
            let (url, key, store) = try await Self.notesStore(in: directory, indexing: ["name"])
            try await store.upsert(
                entries: (0..<300).map { ["name": .string("note-\($0)"), "body": .string(String(repeating: "b", count: 500))] },
                inSoup: "notes")
            // The latest frame of each page, as the checkpoint will copy it.
            let wal = try Data(contentsOf: URL(fileURLWithPath: url.path + "-wal"))
            let frameSize = PageFormat.walFrameHeaderSize + PageFormat.pageSize
            var frames: [Int: Data] = [:]
            for frame in stride(from: PageFormat.walHeaderSize, to: wal.count - frameSize + 1, by: frameSize) {
                let pageNumber = wal[frame..<frame + 4].reduce(0) { $0 << 8 | Int($1) }
                frames[pageNumber] = wal.subdata(in: frame + PageFormat.walFrameHeaderSize..<frame + frameSize)
            }
            #expect(frames.count > 20)
            try store.close()
            let database = try Data(contentsOf: url)
            for (pageNumber, image) in frames {
                let start = (pageNumber - 1) * PageFormat.pageSize
                #expect(database.subdata(in: start..<start + PageFormat.pageSize) == image, "page \(pageNumber) was sealed again")
            }
            let reopened = try await SmartStore(url: url, encryption: key)
            #expect(try await reopened.count(using: .buildAllQuerySpec(soupName: "notes")) == 300)
        }
    }
}
