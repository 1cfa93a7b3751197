package import Crypto
import Foundation
import SalesforceCore

/// Seals and opens the pages of one store with AES-256-GCM, in the layout of ``PageFormat``.
///
/// Every connection of the store shares one cipher. While the store is being re-keyed it holds
/// two keys: pages are sealed with the new one and opened with whichever the page's key check names.
///
/// A page is bound to its page number, not to the file it is in: a WAL frame and the database
/// page a checkpoint copies it to are the same sealed bytes (see ``EncryptedFile``), and a page
/// moved to another place still fails.
package final class PageCipher: Sendable {
    /// Why a page could not be sealed.
    enum SealFailure: Error {
        /// The system's random source gave no nonce.
        case noRandomness
        /// AES-GCM refused to seal the page.
        case cipherRefused
    }

    /// What opening a page found.
    package enum OpenOutcome: Equatable {
        /// The page decrypted and its tag matched.
        case opened
        /// The page was never written: all zeros, returned as zeros.
        case blank
        /// No key of this store sealed the page.
        case unknownKey
        /// The page's tag does not match: changed or damaged outside SQLite.
        case tampered
    }

    /// The store's salt, kept in every page so a passphrase key can be derived again.
    let salt: [UInt8]
    private let keys: Locked<Keys>

    /// The keys, and the nonce source, which is not thread-safe: both change under one lock.
    private struct Keys {
        var current: StoreKey
        var previous: [StoreKey]
        let nonces = NonceSource()
    }

    init(key: StoreKey, salt: [UInt8], previousKeys: [StoreKey] = []) {
        self.keys = Locked(Keys(current: key, previous: previousKeys))
        self.salt = salt
    }

    /// A cipher for one key, as a store holds it: for measuring what sealing a page costs.
    package convenience init(key: SymmetricKey, salt: [UInt8]) {
        self.init(key: StoreKey(key), salt: salt)
    }

    /// The key new pages and files are sealed with.
    var currentKey: StoreKey { keys.withLock { $0.current } }

    /// The key whose check value is `check`, if the store holds it.
    func key(withCheck check: some Collection<UInt8>) -> StoreKey? {
        keys.withLock { keys in
            if keys.current.check.elementsEqual(check) { return keys.current }
            return keys.previous.first { $0.check.elementsEqual(check) }
        }
    }

    /// Seals with `key` from now on, still opening what the old key sealed.
    func beginRotation(to key: StoreKey) {
        keys.withLock { keys in
            if !keys.current.check.elementsEqual(key.check) { keys.previous.insert(keys.current, at: 0) }
            keys.current = key
        }
    }

    /// Forgets every key but the current one, once nothing sealed with them remains.
    func finishRotation() {
        keys.withLock { $0.previous = [] }
    }

    /// Whether the sealed page at `disk` was sealed with the current key.
    func isSealedWithCurrentKey(_ disk: UnsafeRawPointer) -> Bool {
        let check = UnsafeRawBufferPointer(start: disk + PageFormat.keyCheckRange.lowerBound, count: PageFormat.keyCheckRange.count)
        return keys.withLock { $0.current.check.elementsEqual(check) }
    }

    /// Encrypts page `pageNumber` from `plain` into `disk` (both `PageFormat.pageSize` bytes).
    package func seal(_ plain: UnsafeRawPointer, into disk: UnsafeMutableRawPointer, pageNumber: UInt32) throws {
        let (key, hasNonce) = keys.withLock { ($0.current, $0.nonces.fill(disk)) }
        guard hasNonce else { throw SealFailure.noRandomness }
        // The nonce is bound to the page number while the page is sealed under it, then stored as drawn.
        Self.bind(disk, to: pageNumber)
        let sealed = key.pages.seal(plain, count: PageFormat.sealedBytes, nonce: disk, into: disk + PageFormat.nonceSize)
        Self.bind(disk, to: pageNumber)
        guard sealed else { throw SealFailure.cipherRefused }
        Self.copy(key.check, to: disk + PageFormat.keyCheckRange.lowerBound)
        Self.copy(PageFormat.magic, to: disk + PageFormat.magicRange.lowerBound)
        Self.copy(salt, to: disk + PageFormat.saltRange.lowerBound)
        (disk + PageFormat.spareRange.lowerBound).initializeMemory(as: UInt8.self, repeating: 0, count: PageFormat.spareRange.count)
    }

    /// Decrypts page `pageNumber` from `disk` into `plain`, leaving SQLite's reserved bytes zero.
    /// `disk` is changed while the page is opened and restored before this returns.
    package func open(_ disk: UnsafeMutableRawPointer, into plain: UnsafeMutableRawPointer, pageNumber: UInt32) -> OpenOutcome {
        let page = UnsafeRawBufferPointer(start: disk, count: PageFormat.pageSize)
        guard page[PageFormat.magicRange].elementsEqual(PageFormat.magic) else {
            guard page.allSatisfy({ $0 == 0 }) else { return .tampered }
            plain.initializeMemory(as: UInt8.self, repeating: 0, count: PageFormat.pageSize)
            return .blank
        }
        guard let key = key(withCheck: page[PageFormat.keyCheckRange]) else { return .unknownKey }
        // The salt and the spare bytes are not encrypted; they must be as sealed too.
        guard page[PageFormat.saltRange].elementsEqual(salt), page[PageFormat.spareRange].allSatisfy({ $0 == 0 }) else { return .tampered }
        Self.bind(disk, to: pageNumber)
        defer { Self.bind(disk, to: pageNumber) }
        guard key.pages.open(disk + PageFormat.nonceSize, count: PageFormat.sealedBytes, nonce: disk, into: plain) else {
            return .tampered
        }
        (plain + PageFormat.sealedBytes).initializeMemory(as: UInt8.self, repeating: 0, count: PageFormat.reservedBytes)
        return .opened
    }

    /// Turns the random nonce stored with a page into the one the page is sealed under, and back:
    /// the page number is XORed into its first four bytes (as TLS 1.3 does with record numbers).
    /// A page moved to another number opens under another nonce, and its tag fails. Binding the
    /// page this way rather than as associated data keeps the cipher call to the page's bytes alone.
    private static func bind(_ disk: UnsafeMutableRawPointer, to pageNumber: UInt32) {
        let nonce = disk.loadUnaligned(as: UInt32.self)
        disk.storeBytes(of: nonce ^ pageNumber.bigEndian, as: UInt32.self)
    }

    private static func copy(_ source: UnsafeRawBufferPointer, to destination: UnsafeMutableRawPointer) {
        UnsafeMutableRawBufferPointer(start: destination, count: source.count).copyMemory(from: source)
    }

    private static func copy(_ source: [UInt8], to destination: UnsafeMutableRawPointer) {
        source.withUnsafeBytes { copy($0, to: destination) }
    }
}
