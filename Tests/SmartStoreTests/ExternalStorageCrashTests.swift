import Crypto
import ForceKitTestSupport
import Foundation
import GRDB
import SalesforceCore
import Testing

@testable import SmartStore

@Suite("External storage after a kill between commit and the files' moves")
struct ExternalStorageCrashTests {
    /// The state a process leaves when it dies after a transaction that wrote entry files
    /// committed and before those files were moved into place: each new file still at its
    /// temporary name, the old one (if any) in place, the moves recorded in the database.
    static func dieBeforeMoves(_ store: SmartStore, files: [(id: Int64, oldBytes: Data?)]) async throws {
        let storage = store.externalStorage
        for (id, oldBytes) in files {
            let final = storage.fileURL(table: "TABLE_1", id: id)
            let temporary = final.appendingPathExtension("pending")
            try FileManager.default.moveItem(at: final, to: temporary)
            if let oldBytes { try oldBytes.write(to: final) }
            try await store.write { db, _ in
                try db.execute(
                    sql: "CREATE TABLE IF NOT EXISTS \(ExternalStorage.movesTable) (temporary TEXT NOT NULL, final TEXT NOT NULL)")
                try db.execute(
                    sql: "INSERT INTO \(ExternalStorage.movesTable) VALUES (?, ?)",
                    arguments: [storage.relativePath(of: temporary), storage.relativePath(of: final)])
            }
        }
    }

    @Test("The next open moves the committed files into place: an update and an insert both read back as committed")
    func committedFilesArrive() async throws {
        try await withTemporaryDirectory { folder in
            let url = folder.appendingPathComponent("store.sqlite")
            let key = StoreEncryption.key(SymmetricKey(size: .bits256))
            var store = try await SmartStore(url: url, encryption: key)
            try await store.registerSoup(SoupSpec(name: "big", features: [.externalStorage]), indexSpecs: [string("name")])
            try await store.upsert(entries: [["name": "first", "version": 1]], inSoup: "big")
            let oldBytes = try Data(contentsOf: store.externalStorage.fileURL(table: "TABLE_1", id: 1))
            let updated = try await store.upsert(entries: [["_soupEntryId": 1, "name": "first", "version": 2]], inSoup: "big")
            let inserted = try await store.upsert(entries: [["name": "second"]], inSoup: "big")
            try await Self.dieBeforeMoves(store, files: [(1, oldBytes), (2, nil)])
            try store.close()

            store = try await SmartStore(url: url, encryption: key)
            defer { try? store.close() }
            #expect(try await store.retrieve(usingSoupEntryIds: [1, 2], inSoup: "big") == updated + inserted)
            let folderContents = try FileManager.default.contentsOfDirectory(
                atPath: store.externalStorage.directory.appendingPathComponent("TABLE_1").path)
            #expect(folderContents.sorted() == ["soupelt_1", "soupelt_2"])
            let recorded = try await store.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM \(ExternalStorage.movesTable)") }
            #expect(recorded == 0)
        }
    }
}
