/// A SQLCipher page layout with its version's default settings, both AES-256-CBC with each
/// page's IV and MAC in its last bytes, page 1 beginning with the 16-byte salt (or, in version 4
/// with a plain header, with 32 bytes of the real SQLite header):
/// - version 4: 4,096-byte pages, PBKDF2-HMAC-SHA512 (256,000 rounds), HMAC-SHA512, 80 bytes kept;
/// - version 3 (the Mobile SDK's before 8.0): 1,024-byte pages, PBKDF2-HMAC-SHA1 (64,000
///   rounds), HMAC-SHA1, 48 bytes kept (IV and MAC rounded up to the AES block).
struct SQLCipherFormat: Sendable, Equatable {
    /// SQLCipher's major version.
    let version: Int
    let pageSize: Int
    /// The HMAC's size: SHA-512's 64 bytes, or SHA-1's 20.
    let macSize: Int
    /// Bytes each page keeps for IV and MAC: a multiple of the AES block.
    let reserveSize: Int
    /// The passphrase's rounds when nothing else is set.
    let defaultIterations: Int

    /// SQLCipher 4's defaults.
    static let version4 = SQLCipherFormat(version: 4, pageSize: 4_096, macSize: 64, reserveSize: 80, defaultIterations: 256_000)
    /// SQLCipher 3's defaults.
    static let version3 = SQLCipherFormat(version: 3, pageSize: 1_024, macSize: 20, reserveSize: 48, defaultIterations: 64_000)

    /// Whether the key and MAC are derived and computed with SHA-1.
    var usesSHA1: Bool { version < 4 }
    /// The bytes a page holds for SQLite.
    var usableSize: Int { pageSize - reserveSize }

    static let saltSize = 16
    static let keySize = 32
    static let ivSize = 16
    /// A plain header's size, as the Mobile SDK sets it (`cipher_plaintext_header_size = 32`).
    static let plainHeaderSize = 32
    /// Rounds of the MAC key's derivation from the page key, and the mask on its salt.
    static let macKeyRounds = 2
    static let macSaltMask: UInt8 = 0x3a
    /// What page 1 begins with once decrypted.
    static let sqliteHeader = Array("SQLite format 3\0".utf8)
    /// Byte 20 of SQLite's header: the reserve each page keeps, which SQLCipher 4 sets to its 80.
    static let reserveOffsetInHeader = 20
}
