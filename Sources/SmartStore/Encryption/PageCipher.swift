import Crypto
import Foundation

/// Seals and opens the pages of one store with AES-256-GCM, in the layout of ``PageFormat``.
///
/// Every connection of the store shares one cipher. While the store is being re-keyed it holds
/// two keys: pages are sealed with the new one and opened with whichever the page's key check names.
final class PageCipher: @unchecked Sendable {
    /// Which file a page belongs to. With the page's offset it is authenticated with the page,
    /// so a page copied to another place or file no longer opens.
    enum FileRole: UInt8 {
        case database = 1
        case wal = 2
        case journal = 3
    }

    /// What opening a page found.
    enum OpenOutcome: Equatable {
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
    private let lock = NSLock()
    private var current: StoreKey
    private var previous: [StoreKey]

    init(key: StoreKey, salt: [UInt8], previousKeys: [StoreKey] = []) {
        self.current = key
        self.salt = salt
        self.previous = previousKeys
    }

    /// The key new pages and files are sealed with.
    var currentKey: StoreKey { lock.withLock { current } }

    /// The key whose check value is `check`, if the store holds it.
    func key(withCheck check: some Collection<UInt8>) -> StoreKey? {
        lock.withLock {
            if current.check.elementsEqual(check) { return current }
            return previous.first { $0.check.elementsEqual(check) }
        }
    }

    /// Seals with `key` from now on, still opening what the old key sealed.
    func beginRotation(to key: StoreKey) {
        lock.withLock {
            if !current.check.elementsEqual(key.check) { previous.insert(current, at: 0) }
            current = key
        }
    }

    /// Forgets every key but the current one, once nothing sealed with them remains.
    func finishRotation() {
        lock.withLock { previous = [] }
    }

    /// Encrypts the page at `plain` into `disk` (both `PageFormat.pageSize` bytes).
    func seal(_ plain: UnsafeRawPointer, into disk: UnsafeMutableRawPointer, role: FileRole, offset: Int64) throws {
        let key = currentKey
        let nonce = AES.GCM.Nonce()
        let message = Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: plain), count: PageFormat.sealedBytes, deallocator: .none)
        let box = try AES.GCM.seal(message, using: key.key, nonce: nonce, authenticating: Self.associatedData(role, offset))
        box.ciphertext.withUnsafeBytes { Self.copy($0, to: disk) }
        let trailer = disk + PageFormat.trailerOffset
        trailer.initializeMemory(as: UInt8.self, repeating: 0, count: PageFormat.reservedBytes)
        nonce.withUnsafeBytes { Self.copy($0, to: trailer + PageFormat.nonceRange.lowerBound) }
        box.tag.withUnsafeBytes { Self.copy($0, to: trailer + PageFormat.tagRange.lowerBound) }
        (trailer + PageFormat.keyCheckRange.lowerBound).copyMemory(from: key.check, byteCount: key.check.count)
        (trailer + PageFormat.magicRange.lowerBound).copyMemory(from: PageFormat.magic, byteCount: PageFormat.magic.count)
        (trailer + PageFormat.saltRange.lowerBound).copyMemory(from: salt, byteCount: salt.count)
    }

    /// Decrypts the page at `disk` into `plain`, leaving SQLite's reserved bytes zero.
    func open(_ disk: UnsafeRawPointer, into plain: UnsafeMutableRawPointer, role: FileRole, offset: Int64) -> OpenOutcome {
        let trailer = UnsafeRawBufferPointer(start: disk + PageFormat.trailerOffset, count: PageFormat.reservedBytes)
        guard trailer[PageFormat.magicRange].elementsEqual(PageFormat.magic) else {
            let page = UnsafeRawBufferPointer(start: disk, count: PageFormat.pageSize)
            guard page.allSatisfy({ $0 == 0 }) else { return .tampered }
            plain.initializeMemory(as: UInt8.self, repeating: 0, count: PageFormat.pageSize)
            return .blank
        }
        guard let key = key(withCheck: trailer[PageFormat.keyCheckRange]) else { return .unknownKey }
        do {
            let box = try AES.GCM.SealedBox(
                nonce: AES.GCM.Nonce(data: trailer[PageFormat.nonceRange]),
                ciphertext: Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: disk), count: PageFormat.sealedBytes, deallocator: .none),
                tag: trailer[PageFormat.tagRange]
            )
            let opened = try AES.GCM.open(box, using: key.key, authenticating: Self.associatedData(role, offset))
            opened.withUnsafeBytes { Self.copy($0, to: plain) }
        } catch {
            return .tampered
        }
        (plain + PageFormat.trailerOffset).initializeMemory(as: UInt8.self, repeating: 0, count: PageFormat.reservedBytes)
        return .opened
    }

    private static func copy(_ source: UnsafeRawBufferPointer, to destination: UnsafeMutableRawPointer) {
        UnsafeMutableRawBufferPointer(start: destination, count: source.count).copyMemory(from: source)
    }

    private static func associatedData(_ role: FileRole, _ offset: Int64) -> [UInt8] {
        var bytes: [UInt8] = [role.rawValue]
        withUnsafeBytes(of: UInt64(bitPattern: offset).bigEndian) { bytes.append(contentsOf: $0) }
        return bytes
    }
}
