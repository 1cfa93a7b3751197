import ForceKitTestSupport
import Foundation
import GRDB
import SalesforceCore
import Testing

@testable import SmartStore

@Suite("Read-only stores")
struct ReadOnlyTests {
    @Test("Reading a store read-only leaves every byte of its files as it was", arguments: [true, false])
    func readsDoNotWrite(encrypted: Bool) async throws {
        try await withTemporaryDirectory { directory throws in
            let url = directory.appendingPathComponent("store.sqlite")
            let encryption = encrypted ? randomKey() : .plaintext
            let markers = try await Markers.inClosedStore(at: url, encryption: encryption)
            let before = snapshot(of: directory)
            for _ in 0..<2 {
                let store = try await SmartStore(url: url, encryption: encryption, access: .readOnly)
                #expect(store.access == .readOnly)
                #expect(try await markers.verify(in: store))
                #expect(try await store.allSoupNames() == ["contacts", "files"])
                try store.close()
            }
            #expect(snapshot(of: directory) == before)
        }
    }

    @Test(
        "A read-only open of a closed store creates and removes no file beside it (no -wal, no -shm), so it reads in a folder it may not write",
        arguments: [true, false])
    func createsNoFiles(encrypted: Bool) async throws {
        try await withTemporaryDirectory { directory throws in
            let url = directory.appendingPathComponent("store.sqlite")
            let encryption = encrypted ? randomKey() : .plaintext
            let markers = try await Markers.inClosedStore(at: url, encryption: encryption)
            let names = fileNames(in: directory)
            // A file created or removed in the folder changes its modification date, even when
            // it is gone again by the end; as root, no permission would show it.
            let changed = try folderChangeDate(directory)
            try await Task.sleep(for: .milliseconds(20))
            let store = try await SmartStore(url: url, encryption: encryption, access: .readOnly)
            #expect(try await markers.verify(in: store))
            try store.close()
            #expect(fileNames(in: directory) == names)
            #expect(try folderChangeDate(directory) == changed)
        }
    }

    @Test("A read-write open and close changes the file, so the read-only test above can fail")
    func readWriteOpenWrites() async throws {
        try await withTemporaryDirectory { directory throws in
            let url = directory.appendingPathComponent("store.sqlite")
            _ = try await Markers.inClosedStore(at: url, encryption: .plaintext)
            let before = snapshot(of: directory)
            let store = try await SmartStore(url: url, encryption: .plaintext)
            _ = try await store.allSoupNames()
            try store.close()
            #expect(snapshot(of: directory) != before)
        }
    }

    @Test("Every write to a read-only store fails with readOnly and changes nothing")
    func writesAreRefused() async throws {
        try await withTemporaryDirectory { directory throws in
            let url = directory.appendingPathComponent("store.sqlite")
            let key = randomKey()
            let markers = try await Markers.inClosedStore(at: url, encryption: key)
            let before = snapshot(of: directory)
            let store = try await SmartStore(url: url, encryption: key, access: .readOnly)
            let refused = SmartStoreError.readOnly(path: url.path)
            await #expect(throws: refused) { try await store.upsert(entries: [["name": "new"]], inSoup: "contacts") }
            await #expect(throws: refused) { try await store.registerSoup("more", indexSpecs: [IndexSpec(path: "a", type: .string)]) }
            await #expect(throws: refused) { try await store.removeSoup("contacts") }
            await #expect(throws: refused) { try await store.clearSoup("contacts") }
            await #expect(throws: refused) { try await store.changeKey(to: randomKey()) }
            #expect(try await markers.verify(in: store))
            try store.close()
            #expect(snapshot(of: directory) == before)
        }
    }

    @Test("A read-only open of a missing store says so and creates nothing")
    func missingStore() async throws {
        try await withTemporaryDirectory { directory throws in
            let url = directory.appendingPathComponent("typo/store.sqlite")
            await #expect(throws: SmartStoreError.storeNotFound(path: url.path)) {
                try await SmartStore(url: url, encryption: randomKey(), access: .readOnly)
            }
            #expect(fileNames(in: directory) == [])
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("typo").path))
        }
    }

    @Test("A read-only open of another SQLite database is an error that leaves it alone")
    func foreignDatabase() async throws {
        try await withTemporaryDirectory { directory throws in
            let url = directory.appendingPathComponent("other.sqlite")
            let other = try DatabaseQueue(path: url.path)
            try other.write { db in try db.execute(sql: "CREATE TABLE t (x)") }
            try other.close()
            let before = snapshot(of: directory)
            let error = await #expect(throws: SmartStoreError.self) {
                try await SmartStore(url: url, encryption: .plaintext, access: .readOnly)
            }
            #expect(error?.code == .fileSystem)
            #expect(error?.message.contains("not a SmartStore one") == true)
            #expect(snapshot(of: directory) == before)
        }
    }

    @Test("A damaged encrypted store reports the damage read-only and is not rewritten")
    func damagedStore() async throws {
        try await withTemporaryDirectory { directory throws in
            let url = directory.appendingPathComponent("store.sqlite")
            let key = randomKey()
            _ = try await Markers.inClosedStore(at: url, encryption: key)
            try flipByte(at: 4 * PageFormat.pageSize + 100, of: url)
            let before = snapshot(of: directory)
            let store = try await SmartStore(url: url, encryption: key, access: .readOnly)
            let error = await #expect(throws: SmartStoreError.self) {
                for soup in ["contacts", "files"] {
                    _ = try await store.query(using: .buildAllQuerySpec(soupName: soup, pageSize: 1_000))
                }
            }
            #expect(error?.code == .corrupted)
            _ = try? await store.count(using: .buildAllQuerySpec(soupName: "contacts", pageSize: 10))
            try store.close()
            #expect(snapshot(of: directory) == before)
        }
    }

    @Test("An interrupted alterSoup is finished only by a read-write open; read-only says so")
    func interruptedAlteration() async throws {
        try await withTemporaryDirectory { directory throws in
            let url = directory.appendingPathComponent("store.sqlite")
            _ = try await Markers.inClosedStore(at: url, encryption: .plaintext)
            let store = try await SmartStore(url: url, encryption: .plaintext)
            try await store.write { db, _ in
                try db.execute(
                    sql: "INSERT INTO long_operations_status (type, details, status, created, lastModified) VALUES (?, ?, 'pending', 0, 0)",
                    arguments: [SoupAlteration.operationType, "{}"])
            }
            try store.close()
            let error = await #expect(throws: SmartStoreError.self) {
                try await SmartStore(url: url, encryption: .plaintext, access: .readOnly)
            }
            #expect(error == .interrupted(path: url.path, operation: "alterSoup"))
            #expect(error?.code == .readOnly)
        }
    }

    @Test("A store file this process may not write opens read-only by itself and can be read", .enabled(if: getuid() != 0))
    func unwritableFileOpensReadOnly() async throws {
        try await withTemporaryDirectory { directory throws in
            let url = directory.appendingPathComponent("store.sqlite")
            let markers = try await Markers.inClosedStore(at: url, encryption: .plaintext)
            try FileManager.default.setAttributes([.posixPermissions: 0o400], ofItemAtPath: url.path)
            defer { try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path) }
            let store = try await SmartStore(url: url, encryption: .plaintext)
            #expect(store.access == .readOnly)
            #expect(try await markers.verify(in: store))
            await #expect(throws: SmartStoreError.readOnly(path: url.path)) { try await store.clearSoup("contacts") }
            try store.close()
        }
    }
}

/// When the folder's list of files last changed.
private func folderChangeDate(_ directory: URL) throws -> Date? {
    try FileManager.default.attributesOfItem(atPath: directory.path)[.modificationDate] as? Date
}
