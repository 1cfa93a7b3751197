import Crypto
import ForceKitTestSupport
import Foundation
import SalesforceCore
import SalesforceKeys
import Testing

@testable import SmartStore

@Suite("Store keys: rotation, conversion and loss")
struct KeyManagementTests {
    @Test("changeKey re-seals every page and external entry; only the new key opens the store")
    func rotation() async throws {
        try await withTemporaryDirectory { directory throws in
            let url = directory.appendingPathComponent("store.sqlite")
            let (old, new) = (randomKey(), randomKey())
            let markers = Markers()
            let store = try await SmartStore(url: url, encryption: old)
            try await markers.write(to: store)
            try await store.changeKey(to: new)
            #expect(try await markers.verify(in: store))
            try await store.upsert(entries: [["name": "after rotation"]], inSoup: "contacts")
            try store.close()
            await #expect(throws: SmartStoreError.wrongKey(path: url.path)) { try await SmartStore(url: url, encryption: old) }
            let reopened = try await SmartStore(url: url, encryption: new)
            #expect(try await markers.verify(in: reopened))
            #expect(try await reopened.allEntries("contacts").count == 51)
            try await reopened.changeKey(to: .passphrase("new passphrase"))
            try reopened.close()
            #expect(try await markers.verify(in: SmartStore(url: url, encryption: .passphrase("new passphrase"))))
            for marker in markers.all { #expect(filesContaining(marker, in: directory) == []) }
            let plain = try await SmartStore(url: directory.appendingPathComponent("plain.sqlite"), encryption: .plaintext)
            await #expect(throws: SmartStoreError.storeNotEncrypted(path: plain.url.path)) { try await plain.changeKey(to: new) }
        }
    }

    @Test("A rotation that stopped half way opens with both keys and finishes")
    func interruptedRotation() async throws {
        try await withTemporaryDirectory { directory throws in
            let url = directory.appendingPathComponent("store.sqlite")
            let (oldKey, newKey) = (SymmetricKey(size: .bits256), SymmetricKey(size: .bits256))
            let markers = Markers()
            let store = try await SmartStore(url: url, encryption: .key(oldKey))
            try await markers.write(to: store)
            // What a stop in the middle leaves: some pages and files sealed with each key.
            store.cipher?.beginRotation(to: StoreKey(newKey))
            try await store.upsert(entries: [["name": "sealed with the new key"]], inSoup: "contacts")
            try await store.upsert(entries: [["name": "new file", "body": "x"]], inSoup: "files")
            try store.close()
            await #expect(throws: SmartStoreError.self) {
                _ = try await markers.verify(in: SmartStore(url: url, encryption: .key(newKey)))
            }
            let both = try await SmartStore(url: url, encryption: .key(newKey).acceptingPreviousKey(.key(oldKey)))
            #expect(try await markers.verify(in: both))
            try await both.changeKey(to: .key(newKey))
            try both.close()
            let finished = try await SmartStore(url: url, encryption: .key(newKey))
            #expect(try await markers.verify(in: finished))
            #expect(try await finished.allEntries("files").count == 2)
        }
    }

    @Test("A plain store is encrypted in place, with its external entries")
    func encryptPlainStore() async throws {
        try await withTemporaryDirectory { directory throws in
            let url = directory.appendingPathComponent("store.sqlite")
            let markers = try await Markers.inClosedStore(at: url, encryption: .plaintext)
            #expect(!filesContaining(markers.element, in: directory).isEmpty)
            let key = randomKey()
            try await SmartStore.encryptPlainStore(at: url, with: key)
            for marker in markers.all { #expect(filesContaining(marker, in: directory) == [], "\(marker)") }
            #expect(try await markers.verify(in: SmartStore(url: url, encryption: key)))
            await #expect(throws: SmartStoreError.storeEncrypted(path: url.path)) {
                try await SmartStore.encryptPlainStore(at: url, with: key)
            }
            #expect(fileNames(in: directory).filter { $0.contains("encrypting") } == [])
        }
    }

    @Test("An encryption that stopped before its copy took the store's place is undone on open")
    func interruptedEncryption() async throws {
        try await withTemporaryDirectory { directory throws in
            let url = directory.appendingPathComponent("store.sqlite")
            let markers = try await Markers.inClosedStore(at: url, encryption: .plaintext)
            try Data(repeating: 1, count: 4096).write(to: URL(fileURLWithPath: url.path + ".encrypting"))
            try FileManager.default.createDirectory(
                atPath: url.path + ".encrypting_external_soup_blobs/TABLE_2", withIntermediateDirectories: true)
            #expect(try await markers.verify(in: SmartStore(url: url, encryption: .plaintext)))
            #expect(fileNames(in: directory).filter { $0.contains("encrypting") } == [])
            #expect(!FileManager.default.fileExists(atPath: url.path + ".encrypting_external_soup_blobs"))
        }
    }

    @Test("A plain copy opens anywhere, external entries included; the original stays encrypted")
    func exportPlainCopy() async throws {
        try await withTemporaryDirectory { directory throws in
            let url = directory.appendingPathComponent("store.sqlite")
            let copy = directory.appendingPathComponent("copy.sqlite")
            let key = randomKey()
            let markers = Markers()
            let store = try await SmartStore(url: url, encryption: key)
            try await markers.write(to: store)
            try await store.exportPlainCopy(to: copy)
            #expect(filesContaining(markers.element, in: directory) == ["copy.sqlite"])
            #expect(filesContaining(markers.external, in: directory) == ["soupelt_1"])
            #expect(try await markers.verify(in: SmartStore(url: copy, encryption: .plaintext)))
            await #expect(throws: SmartStoreError.fileSystem(path: copy.path, reason: "a file is already there; the copy needs a new path"))
            {
                try await store.exportPlainCopy(to: copy)
            }
            #expect(store.isEncrypted)
        }
    }

    @Test("The manager encrypts every store with its own key, 0600 on Linux, and removes it with the store")
    func managerKeys() async throws {
        try await withTemporaryDirectory { root throws in
            let user = try UserIdentity(orgID: "00D000000000001", userID: "005000000000001")
            let manager = SmartStoreManager(rootDirectory: root)
            let store = try await manager.store(for: user)
            let global = try await manager.globalStore()
            #expect(store.isEncrypted && global.isEncrypted)
            try store.close()
            #expect(StoreFileInspection.inspect(store.url) != .plaintext)
            let keys = FileKeyStore(directory: root.appendingPathComponent("keys"))
            let userKey = keys.file(for: "com.salesforce.smartstore.users.00D000000000001EAA.005000000000001AAA.defaultStore")
            #expect(FileManager.default.fileExists(atPath: userKey.path))
            #expect((try FileManager.default.attributesOfItem(atPath: userKey.path)[.posixPermissions] as? NSNumber)?.intValue == 0o600)
            #expect(try await keys.existingKey(for: "com.salesforce.smartstore.global.defaultStore") != nil)
            try await manager.removeAllStores(for: user)
            #expect(!FileManager.default.fileExists(atPath: userKey.path))
        }
    }

    @Test("A store whose key is lost is recreated empty, and the app is told")
    func keyLoss() async throws {
        try await withTemporaryDirectory { root throws in
            let keys = InMemoryKeyStore()
            let first = SmartStoreManager(rootDirectory: root, protection: .encrypted(keyStore: keys))
            let store = try await first.globalStore(named: "cache")
            try await store.registerSoup("kept", indexSpecs: [string("a")])
            try store.close()
            await keys.removeKey(for: "com.salesforce.smartstore.global.cache")

            let second = SmartStoreManager(rootDirectory: root, protection: .encrypted(keyStore: keys))
            var events = second.events.makeAsyncIterator()
            let recreated = try await second.globalStore(named: "cache")
            #expect(try await recreated.soupExists("kept") == false)
            #expect(await events.next() == .storeRecreatedAfterKeyLoss(url: recreated.url))
        }
    }

    @Test("A wrong key in the key store is an error, not a reason to delete the store")
    func wrongKeyInKeyStore() async throws {
        try await withTemporaryDirectory { root throws in
            let keys = InMemoryKeyStore()
            let manager = SmartStoreManager(rootDirectory: root, protection: .encrypted(keyStore: keys))
            let store = try await manager.globalStore(named: "cache")
            try await store.registerSoup("kept", indexSpecs: [string("a")])
            try store.close()
            // The same label in another key store holds another key.
            let foreign = SmartStoreManager(rootDirectory: root, protection: .encrypted(keyStore: WrongKeyStore()))
            await #expect(throws: SmartStoreError.wrongKey(path: store.url.path)) { try await foreign.globalStore(named: "cache") }
            #expect(
                try await SmartStore(url: store.url, encryption: .key(await keys.key(for: "com.salesforce.smartstore.global.cache")))
                    .soupExists("kept"))
        }
    }

    @Test("A plain store is encrypted when an encrypting manager first opens it; .plaintext keeps stores plain")
    func managerUpgradesPlainStores() async throws {
        try await withTemporaryDirectory { root throws in
            let plainManager = SmartStoreManager(rootDirectory: root, protection: .plaintext)
            let plain = try await plainManager.globalStore()
            try await plain.registerSoup("kept", indexSpecs: [string("a")])
            #expect(!plain.isEncrypted)
            try plain.close()
            #expect(StoreFileInspection.inspect(plain.url) == .plaintext)

            let manager = SmartStoreManager(rootDirectory: root, protection: .encrypted(keyStore: InMemoryKeyStore()))
            var events = manager.events.makeAsyncIterator()
            var second = manager.events.makeAsyncIterator()
            let encrypted = try await manager.globalStore()
            #expect(encrypted.isEncrypted)
            #expect(try await encrypted.soupExists("kept"))
            // Every listener hears it.
            #expect(await second.next() == .plainStoreEncrypted(url: encrypted.url))
            #expect(await events.next() == .plainStoreEncrypted(url: encrypted.url))
        }
    }
}

/// A key store that has a key for every label, none of them a store's.
struct WrongKeyStore: KeyStore {
    func key(for label: String) async throws(KeyStoreError) -> SymmetricKey { SymmetricKey(size: .bits256) }
    func existingKey(for label: String) async throws(KeyStoreError) -> SymmetricKey? { SymmetricKey(size: .bits256) }
    func removeKey(for label: String) async throws(KeyStoreError) {}
}
