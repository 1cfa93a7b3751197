import Foundation
import SalesforceCore
import SalesforceKeys
import Testing

@Suite("forcekit store: encryption")
struct StoreEncryptionCommandTests {
    func contains(_ marker: String, file path: String) -> Bool {
        FileManager.default.contents(atPath: path)?.range(of: Data(marker.utf8)) != nil
    }

    @Test("A new store is encrypted with a key in DB.key (0600); without the key it does not open")
    func defaultKeyFile() async throws {
        try await withScratch { scratch throws in
            let folder = scratch.directory
            let db = folder.appendingPathComponent("store.sqlite").path
            let marker = "marker-\(UUID().uuidString)"
            #expect(await forcekit("store", "register", "Notes", "--path", db, "--index", "title:string").exitCode == 0)
            let entries = try scratch.file(#"[{"title": "\#(marker)"}]"#, name: "notes.json")
            #expect(await forcekit("store", "upsert", "Notes", entries, "--path", db).exitCode == 0)
            let key = db + ".key"
            #expect((try FileManager.default.attributesOfItem(atPath: key)[.posixPermissions] as? NSNumber)?.intValue == 0o600)
            #expect(FileManager.default.contents(atPath: key)?.count == 32)
            for path in [db, db + "-wal", db + "-shm"] { #expect(!contains(marker, file: path), "\(path)") }
            #expect(try JSON(parsing: await forcekit("store", "count", "Notes", "--path", db).output) == 1)

            let moved = folder.appendingPathComponent("elsewhere.key").path
            try FileManager.default.moveItem(atPath: key, toPath: moved)
            let missing = await forcekit("store", "count", "Notes", "--path", db)
            #expect(missing.exitCode == 1)
            #expect(missing.error.contains("its key file \(key) is missing"))
            #expect(!FileManager.default.fileExists(atPath: key))
            #expect(try JSON(parsing: await forcekit("store", "count", "Notes", "--path", db, "--key-file", moved).output) == 1)
            let plain = await forcekit("store", "count", "Notes", "--path", db, "--plaintext")
            #expect(plain.exitCode == 1)
            #expect(plain.error.contains("is an encrypted store, but a plain one was asked for"))
        }
    }

    @Test("An encrypted store is created in a folder that does not exist yet, as a plain one is, its key beside it")
    func newFolder() async throws {
        try await withScratch { scratch throws in
            for plaintext in [false, true] {
                let db = scratch.directory.appendingPathComponent("new-\(plaintext)/nested/store.sqlite").path
                let options = plaintext ? ["--plaintext"] : []
                let registered = await forcekit(["store", "register", "Notes", "--path", db, "--index", "title:string"] + options)
                #expect(registered.exitCode == 0, "\(registered.error)")
                #expect(FileManager.default.fileExists(atPath: db + ".key") == !plaintext)
                #expect(try JSON(parsing: await forcekit(["store", "count", "Notes", "--path", db] + options).output) == 0)
            }
        }
    }

    @Test("--plaintext makes a plain store; an encrypted open of it is refused; the two options exclude each other")
    func plaintext() async throws {
        try await withScratch { scratch throws in
            let folder = scratch.directory
            let db = folder.appendingPathComponent("plain.sqlite").path
            let marker = "marker-\(UUID().uuidString)"
            #expect(await forcekit("store", "register", "Notes", "--path", db, "--index", "title:string", "--plaintext").exitCode == 0)
            let entries = try scratch.file(#"[{"title": "\#(marker)"}]"#, name: "notes.json")
            #expect(await forcekit("store", "upsert", "Notes", entries, "--path", db, "--plaintext").exitCode == 0)
            #expect(contains(marker, file: db) || contains(marker, file: db + "-wal"))
            #expect(!FileManager.default.fileExists(atPath: db + ".key"))
            let encrypted = await forcekit("store", "count", "Notes", "--path", db)
            #expect(encrypted.exitCode == 1)
            #expect(encrypted.error.contains("is a plain store, but an encrypted one was asked for"))
            let both = await forcekit("store", "count", "Notes", "--path", db, "--plaintext", "--key-file", db + ".key")
            #expect(both.exitCode == 64)
            #expect(both.error.contains("--plaintext and --key-file cannot be used together"))
        }
    }
}
