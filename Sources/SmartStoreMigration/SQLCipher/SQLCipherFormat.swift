/// SQLCipher 4's page layout with its default settings (AES-256-CBC, HMAC-SHA512, 4,096-byte
/// pages): each page's last 80 bytes hold its IV and MAC, and page 1 begins with the 16-byte salt
/// (or, with a plain header, with 32 bytes of the real SQLite header).
enum SQLCipherFormat {
    static let pageSize = 4_096
    static let saltSize = 16
    static let keySize = 32
    static let ivSize = 16
    static let macSize = 64
    /// IV and MAC, already a multiple of the AES block.
    static let reserveSize = ivSize + macSize
    /// The bytes a page holds for SQLite.
    static let usableSize = pageSize - reserveSize
    /// A plain header's size, as the Mobile SDK sets it (`cipher_plaintext_header_size = 32`).
    static let plainHeaderSize = 32
    /// Rounds of the MAC key's derivation from the page key, and the mask on its salt.
    static let macKeyRounds = 2
    static let macSaltMask: UInt8 = 0x3a
    /// What page 1 begins with once decrypted.
    static let sqliteHeader = Array("SQLite format 3\0".utf8)
    /// Byte 20 of SQLite's header: the reserve each page keeps, which SQLCipher sets to its 80.
    static let reserveOffsetInHeader = 20
}
