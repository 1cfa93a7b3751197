import ForceKitTestSupport
import Foundation
import GRDB
import SalesforceCore
import SmartStoreMigration
import Testing

/// The fixtures are SQLCipher 4 stores in the Mobile SDK's layout, made by
/// `Scripts/mobile-sdk-fixtures.py` with SQLite3 Multiple Ciphers; `expected.json` holds their
/// rows as that library reads them.
@Suite("Reading the Mobile SDK's SQLCipher stores")
struct SQLCipherReaderTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func expected() throws -> JSON {
        try JSON(parsing: String(decoding: try Data(contentsOf: fixtures.appendingPathComponent("expected.json")), as: UTF8.self))
    }

    static func bytes(_ hex: String) -> Data {
        var data = Data()
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            data.append(UInt8(hex[index..<next], radix: 16)!)
            index = next
        }
        return data
    }

    /// The key each fixture was made with, as the Mobile SDK would give it.
    static func key(for file: String, _ expected: JSON) -> SQLCipherKey {
        let passphrase = expected["passphrase"]?.stringValue ?? ""
        let rawKey = bytes(expected["rawKey"]?.stringValue ?? "")
        switch file {
        case "plaintext-header.db": return .raw(rawKey, salt: bytes(expected["salt"]?.stringValue ?? ""))
        case "raw-key.db": return .raw(rawKey)
        default: return .passphrase(passphrase, iterations: SQLCipherKey.mobileSDKIterations)
        }
    }

    /// Every row of `table` in the plain copy, numbers as doubles so that 5 and 5.0 compare equal.
    static func rows(_ table: String, in queue: DatabaseQueue) throws -> [[JSON]] {
        try queue.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM \(table) ORDER BY rowid").map { row in
                row.databaseValues.map { value in
                    switch value.storage {
                    case .null: .null
                    case .int64(let number): .double(Double(number))
                    case .double(let number): .double(number)
                    case .string(let text): .string(text)
                    case .blob(let data): .string(data.base64EncodedString())
                    }
                }
            }
        }
    }

    static func normalized(_ rows: JSON?) -> [[JSON]] {
        (rows?.arrayValue ?? []).map { row in
            (row.arrayValue ?? []).map { value in
                if let number = value.integerValue { return .double(Double(number)) }
                return value
            }
        }
    }

    /// The plain copy of a store, opened read-only.
    static func withPlainCopy<T>(of url: URL, key: SQLCipherKey, _ body: (DatabaseQueue) throws -> T) async throws -> T {
        let plain = try SQLCipherDatabase.plaintext(of: url, key: key)
        return try await withTemporaryDirectory { directory in
            let copy = directory.appendingPathComponent("plain.sqlite")
            try Data(plain).write(to: copy)
            var configuration = Configuration()
            configuration.readonly = true
            let queue = try DatabaseQueue(path: copy.path, configuration: configuration)
            defer { try? queue.close() }
            return try body(queue)
        }
    }

    @Test(
        "Each store reads back every row SQLite3 Multiple Ciphers reads, its full-text table too (SQLCipher 3 too)",
        arguments: ["passphrase.db", "plaintext-header.db", "raw-key.db", "wal.db", "sdk7-sqlcipher3.db"])
    func readsEveryRow(file: String) async throws {
        let expected = try Self.expected()
        let tables = try #require(expected["files"]?[file]?.objectValue)
        try await Self.withPlainCopy(of: Self.fixtures.appendingPathComponent(file), key: Self.key(for: file, expected)) { queue in
            #expect(try queue.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") } == "ok")
            for (table, rows) in tables {
                #expect(try Self.rows(table, in: queue) == Self.normalized(rows), "\(file): \(table)")
            }
            let descriptions = Self.normalized(tables["TABLE_1"]).compactMap { row -> String? in
                guard case .string(let soup) = row[1], let entry = try? JSON(parsing: soup) else { return nil }
                return entry["Description"]?.stringValue
            }
            let withAnvil = descriptions.filter { $0.split(separator: " ").contains("anvil") }.count
            #expect(withAnvil > 0)
            let matched = try queue.read { db in
                try Int.fetchOne(db, sql: "SELECT count(*) FROM TABLE_1_fts WHERE TABLE_1_fts MATCH 'anvil'")
            }
            #expect(matched == withAnvil, "\(file)")
        }
    }

    @Test("One key with the app's salt opens its stores with a plain header and those without, as the SDK's one key does")
    func oneKeyWithSalt() async throws {
        let expected = try Self.expected()
        let salt = Self.bytes(expected["salt"]?.stringValue ?? "")
        let passphrase = expected["passphrase"]?.stringValue ?? ""
        let withSalt = SQLCipherKey.passphrase(passphrase, iterations: SQLCipherKey.mobileSDKIterations, salt: salt)
        let rows = try await Self.withPlainCopy(of: Self.fixtures.appendingPathComponent("passphrase.db"), key: withSalt) { queue in
            try Self.rows("TABLE_1", in: queue)
        }
        #expect(rows == Self.normalized(expected["files"]?["passphrase.db"]?["TABLE_1"]))
    }

    @Test("The log's committed changes are read: an entry changed and one deleted after the last checkpoint")
    func logChangesAreApplied() async throws {
        let expected = try Self.expected()
        try await Self.withPlainCopy(of: Self.fixtures.appendingPathComponent("wal.db"), key: Self.key(for: "wal.db", expected)) { queue in
            let names = try queue.read { db in
                try String.fetchAll(db, sql: "SELECT json_extract(soup, '$.Name') FROM TABLE_1 WHERE id IN (5, 6)")
            }
            #expect(names == ["Changed in the log"])
        }
    }

    @Test("A wrong passphrase, or the right one stretched as SQLCipher's default instead of the SDK's 4,000 rounds, opens nothing")
    func wrongKeys() throws {
        let expected = try Self.expected()
        let store = Self.fixtures.appendingPathComponent("passphrase.db")
        let passphrase = try #require(expected["passphrase"]?.stringValue)
        #expect(throws: SQLCipherError.wrongKey) {
            try SQLCipherDatabase.plaintext(of: store, key: .passphrase(passphrase + "x", iterations: SQLCipherKey.mobileSDKIterations))
        }
        #expect(throws: SQLCipherError.wrongKey) { try SQLCipherDatabase.plaintext(of: store, key: .passphrase(passphrase)) }
        #expect(throws: SQLCipherError.saltNeeded) {
            try SQLCipherDatabase.plaintext(
                of: Self.fixtures.appendingPathComponent("plaintext-header.db"),
                key: .raw(Self.bytes(expected["rawKey"]?.stringValue ?? "")))
        }
        #expect(SQLCipherError.saltNeeded.message.contains("give the salt"))
        for iterations in [0, -1, Int(UInt32.max) + 1] {
            #expect(throws: SQLCipherError.self) {
                try SQLCipherDatabase.plaintext(of: store, key: .passphrase(passphrase, iterations: iterations))
            }
        }
    }

    @Test("Any changed byte of a store is refused, naming the page; a cut file is refused", arguments: 1...3)
    func changedBytesAreRefused(seed: UInt64) async throws {
        let expected = try Self.expected()
        let original = try Data(contentsOf: Self.fixtures.appendingPathComponent("passphrase.db"))
        let key = Self.key(for: "passphrase.db", expected)
        var random = SeededGenerator(seed: seed)
        try await withTemporaryDirectory { directory in
            let copy = directory.appendingPathComponent("store.db")
            for _ in 0..<12 {
                var changed = original
                let offset = Int.random(in: 0..<changed.count, using: &random)
                changed[offset] ^= UInt8.random(in: 1...255, using: &random)
                try changed.write(to: copy)
                let page = offset / 4_096 + 1
                let expectedError: SQLCipherError = page == 1 ? .wrongKey : .damagedPage(page)
                #expect(throws: expectedError, "byte \(offset)") { try SQLCipherDatabase.plaintext(of: copy, key: key) }
            }
            try original.prefix(original.count - 100).write(to: copy)
            #expect(throws: SQLCipherError.self) { try SQLCipherDatabase.plaintext(of: copy, key: key) }
        }
    }
}

@Suite("A Mobile SDK store's log, changed by hand")
struct HostileLogTests {
    /// SQLite's log checksum (its file format document, "Checksum Algorithm"), continued from `sums`.
    static func checksum(_ bytes: ArraySlice<UInt8>, bigEndian: Bool, _ sums: (UInt32, UInt32)) -> (UInt32, UInt32) {
        var (first, second) = sums
        var index = bytes.startIndex
        func word(_ at: Int) -> UInt32 {
            let value = bytes[at..<(at + 4)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            return bigEndian ? value : value.byteSwapped
        }
        while index < bytes.endIndex {
            first = first &+ word(index) &+ second
            second = second &+ word(index + 4) &+ first
            index += 8
        }
        return (first, second)
    }

    static func put(_ value: UInt32, into bytes: inout [UInt8], at offset: Int) {
        for shift in 0..<4 { bytes[offset + shift] = UInt8(truncatingIfNeeded: value >> (24 - 8 * UInt32(shift))) }
    }

    @Test("A log whose last commit claims more pages than the files hold is refused, with its checksums made right")
    func hugeCommitSize() async throws {
        let expected = try SQLCipherReaderTests.expected()
        var log = Array(try Data(contentsOf: SQLCipherReaderTests.fixtures.appendingPathComponent("wal.db-wal")))
        let database = try Data(contentsOf: SQLCipherReaderTests.fixtures.appendingPathComponent("wal.db"))
        let frameSize = 24 + 4_096
        let bigEndian = log[3] & 1 == 1
        var sums = Self.checksum(log[0..<24], bigEndian: bigEndian, (0, 0))
        let frames = (log.count - 32) / frameSize
        for frame in 0..<frames {
            let offset = 32 + frame * frameSize
            if frame == frames - 1 { Self.put(0x7FFF_FFFF, into: &log, at: offset + 4) }
            sums = Self.checksum(log[offset..<(offset + 8)], bigEndian: bigEndian, sums)
            sums = Self.checksum(log[(offset + 24)..<(offset + frameSize)], bigEndian: bigEndian, sums)
            Self.put(sums.0, into: &log, at: offset + 16)
            Self.put(sums.1, into: &log, at: offset + 20)
        }
        try await withTemporaryDirectory { directory in
            let store = directory.appendingPathComponent("wal.db")
            try database.write(to: store)
            try Data(log).write(to: URL(fileURLWithPath: store.path + "-wal"))
            #expect(throws: SQLCipherError.unreadable("its log says it has 2147483647 pages, more than the files hold")) {
                try SQLCipherDatabase.plaintext(of: store, key: SQLCipherReaderTests.key(for: "wal.db", expected))
            }
        }
    }

    @Test("A log with a damaged header is refused rather than read as if it were empty")
    func damagedHeader() async throws {
        let expected = try SQLCipherReaderTests.expected()
        var log = try Data(contentsOf: SQLCipherReaderTests.fixtures.appendingPathComponent("wal.db-wal"))
        let database = try Data(contentsOf: SQLCipherReaderTests.fixtures.appendingPathComponent("wal.db"))
        log[17] ^= 0x40  // a salt byte: the header's checksum no longer holds
        try await withTemporaryDirectory { directory in
            let store = directory.appendingPathComponent("wal.db")
            try database.write(to: store)
            try log.write(to: URL(fileURLWithPath: store.path + "-wal"))
            #expect(throws: SQLCipherError.unreadable("its write-ahead log's header is damaged")) {
                try SQLCipherDatabase.plaintext(of: store, key: SQLCipherReaderTests.key(for: "wal.db", expected))
            }
            try Data(log.prefix(20)).write(to: URL(fileURLWithPath: store.path + "-wal"))
            #expect(throws: SQLCipherError.unreadable("its write-ahead log's header is damaged")) {
                try SQLCipherDatabase.plaintext(of: store, key: SQLCipherReaderTests.key(for: "wal.db", expected))
            }
        }
    }

    @Test("Any changed byte of the log leaves an error or a database that passes SQLite's integrity check", arguments: 1...3)
    func changedLogBytes(seed: UInt64) async throws {
        let expected = try SQLCipherReaderTests.expected()
        let log = try Data(contentsOf: SQLCipherReaderTests.fixtures.appendingPathComponent("wal.db-wal"))
        let database = try Data(contentsOf: SQLCipherReaderTests.fixtures.appendingPathComponent("wal.db"))
        var random = SeededGenerator(seed: seed)
        try await withTemporaryDirectory { directory in
            let store = directory.appendingPathComponent("wal.db")
            try database.write(to: store)
            for _ in 0..<10 {
                var changed = log
                changed[Int.random(in: 0..<changed.count, using: &random)] ^= UInt8.random(in: 1...255, using: &random)
                try changed.write(to: URL(fileURLWithPath: store.path + "-wal"))
                do {
                    let queue = try SQLCipherDatabase.openInMemory(store, key: SQLCipherReaderTests.key(for: "wal.db", expected))
                    #expect(try queue.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") } == "ok")
                    try queue.close()
                } catch is SQLCipherError {
                    // Refused: the log's header is damaged, or its last transactions no longer
                    // check out and the store's file alone is not a whole database.
                }
            }
        }
    }
}
