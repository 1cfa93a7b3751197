import Foundation

/// What a store's database file holds, read before SQLite opens it so that a wrong key, a
/// damaged header or a store of the other kind is named plainly and the file is left as it was.
enum StoreFileInspection: Equatable {
    /// No file: a new store.
    case absent
    /// A file with no bytes: not a store (SQLite writes a store's header when it creates one),
    /// so something emptied it; opening it would silently start a new store in its place.
    case empty
    /// A plain SQLite database.
    case plaintext
    /// A ForceKit encrypted store, with its first page as on disk.
    case encrypted(firstPage: [UInt8])
    /// Something else.
    case unrecognized

    static func inspect(_ url: URL) -> StoreFileInspection {
        guard FileManager.default.fileExists(atPath: url.path) else { return .absent }
        guard let handle = try? FileHandle(forReadingFrom: url) else { return .unrecognized }
        defer { try? handle.close() }
        let bytes = [UInt8]((try? handle.read(upToCount: PageFormat.pageSize)) ?? Data())
        if bytes.isEmpty { return .empty }
        if bytes.starts(with: PageFormat.sqliteHeader) { return .plaintext }
        guard bytes.count == PageFormat.pageSize,
            bytes[PageFormat.magicRange].elementsEqual(PageFormat.magic)
        else { return .unrecognized }
        return .encrypted(firstPage: bytes)
    }

    /// The salt an encrypted store keeps in its pages.
    static func salt(ofFirstPage page: [UInt8]) -> [UInt8] {
        Array(page[PageFormat.saltRange])
    }

    /// The cipher that opens the store at `url` with `encryption`, after checking that the key
    /// opens its first page; nil for a plain store.
    static func cipher(for url: URL, encryption: StoreEncryption) throws(SmartStoreError) -> PageCipher? {
        switch (inspect(url), encryption.isEncrypted) {
        case (.absent, _):
            return try encryption.makeCipher(salt: StoreEncryption.makeSalt())
        case (.plaintext, false):
            return nil
        case (.plaintext, true):
            throw .storeNotEncrypted(path: url.path)
        case (.encrypted, false):
            throw .storeEncrypted(path: url.path)
        case (.encrypted(var page), true):
            guard let cipher = try encryption.makeCipher(salt: salt(ofFirstPage: page)) else { return nil }
            let opened = UnsafeMutableRawPointer.allocate(byteCount: PageFormat.pageSize, alignment: 16)
            defer { opened.deallocate() }
            let outcome = page.withUnsafeMutableBytes { sealed in
                sealed.baseAddress.map { cipher.open($0, into: opened, pageNumber: 1) } ?? .tampered
            }
            switch outcome {
            case .opened:
                return cipher
            case .unknownKey:
                throw .wrongKey(path: url.path)
            case .blank, .tampered:
                throw .corrupted("the first page of \(url.path) fails authentication")
            }
        case (.unrecognized, _):
            throw .fileSystem(path: url.path, reason: "it is not a SmartStore database")
        case (.empty, _):
            throw .fileSystem(
                path: url.path, reason: "the file is empty, so it is not a SmartStore database; remove it to start a new store there")
        }
    }
}
