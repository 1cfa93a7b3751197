/// How an encrypted store lays out each page on disk.
///
/// SQLite leaves `reservedBytes` unused at the end of every page (the database header records
/// the count). The first `sealedBytes` of a page are encrypted in place; the reserved tail holds,
/// in the clear, what is needed to open them again:
///
/// | bytes | field |
/// |---|---|
/// | 0..<12 | AES-GCM nonce, fresh for every write |
/// | 12..<28 | AES-GCM tag |
/// | 28..<32 | key check: which key sealed the page |
/// | 32..<36 | `FKS1`, marking a ForceKit encrypted page |
/// | 36..<52 | the store's salt, for keys derived from passphrases |
/// | 52..<64 | zero |
enum PageFormat {
    /// Every encrypted store uses SQLite's default page size, so any page can be found before
    /// the header is readable.
    static let pageSize = 4096
    /// Bytes SQLite leaves at the end of each page: the trailer above.
    static let reservedBytes = 64
    /// Bytes of each page that are encrypted.
    static let sealedBytes = pageSize - reservedBytes
    /// Offset of the trailer in a page.
    static let trailerOffset = sealedBytes

    static let nonceRange = 0..<12
    static let tagRange = 12..<28
    static let keyCheckRange = 28..<32
    static let magicRange = 32..<36
    static let saltRange = 36..<52
    static let magic: [UInt8] = Array("FKS1".utf8)
    static let saltSize = 16

    /// The first bytes of every plain SQLite database.
    static let sqliteHeader: [UInt8] = Array("SQLite format 3\0".utf8)
    /// Offset of the reserved-bytes count in the database header.
    static let reservedBytesHeaderOffset = 20

    /// The WAL's own header, which precedes its frames.
    static let walHeaderSize = 32
    /// The header of each WAL frame, which precedes its page.
    static let walFrameHeaderSize = 24
}
