/// How an encrypted store lays out each page on disk.
///
/// SQLite leaves `reservedBytes` unused at the end of every page (the database header records
/// the count), so the `sealedBytes` it uses fit in a page with room for their seal. On disk a
/// page is the AES-GCM nonce, ciphertext and tag in a row (AES-GCM's "combined" form, which any
/// AES-GCM implementation opens), then what is needed to open it again:
///
/// | bytes | field |
/// |---|---|
/// | 0..<12 | nonce, fresh for every write |
/// | 12..<4044 | the page's first `sealedBytes`, encrypted |
/// | 4044..<4060 | tag |
/// | 4060..<4064 | key check: which key sealed the page |
/// | 4064..<4068 | `FKS2`, marking a ForceKit encrypted page |
/// | 4068..<4084 | the store's salt, for keys derived from passphrases |
/// | 4084..<4096 | zero |
///
/// The page's number is XORed into the nonce it is sealed under, so a page copied to another
/// place does not open; the clear bytes after the tag must be as written.
package enum PageFormat {
    /// Every encrypted store uses SQLite's default page size, so any page can be found before
    /// the header is readable.
    package static let pageSize = 4096
    /// Bytes SQLite leaves at the end of each page for the seal.
    static let reservedBytes = 64
    /// Bytes of each page that SQLite uses, and that are encrypted.
    package static let sealedBytes = pageSize - reservedBytes

    static let nonceSize = 12
    static let tagSize = 16
    /// Nonce, ciphertext and tag: what AES-GCM opens in one piece.
    static let boxRange = 0..<(nonceSize + sealedBytes + tagSize)
    static let keyCheckRange = boxRange.upperBound..<(boxRange.upperBound + 4)
    static let magicRange = keyCheckRange.upperBound..<(keyCheckRange.upperBound + 4)
    static let saltRange = magicRange.upperBound..<(magicRange.upperBound + saltSize)
    static let spareRange = saltRange.upperBound..<pageSize
    static let magic: [UInt8] = Array("FKS2".utf8)
    package static let saltSize = 16

    /// The first bytes of every plain SQLite database.
    static let sqliteHeader: [UInt8] = Array("SQLite format 3\0".utf8)
    /// Offset of the reserved-bytes count in the database header.
    static let reservedBytesHeaderOffset = 20

    /// The WAL's own header, which precedes its frames.
    static let walHeaderSize = 32
    /// The header of each WAL frame, which precedes its page and starts with its page number.
    static let walFrameHeaderSize = 24
    /// The page number that precedes each page of a rollback journal.
    static let journalRecordHeaderSize = 4
}
