package import Foundation

/// What opens a SQLCipher 4 database: a passphrase stretched with PBKDF2-HMAC-SHA512, or a raw
/// 32-byte key; and, for a file whose first 32 bytes are kept plain (the Mobile SDK's iOS stores
/// in an App Group), the salt the file does not hold.
package struct SQLCipherKey: Sendable {
    enum Secret: Sendable {
        case passphrase(String, iterations: Int)
        case raw(Data)
    }

    let secret: Secret
    /// The salt for a file with a plain header; nil when the file's first 16 bytes are the salt.
    let salt: Data?

    /// SQLCipher 4's default stretching of a passphrase.
    package static let defaultIterations = 256_000
    /// The Mobile SDK's (`PRAGMA kdf_iter = 4000` after its key, on iOS and Android).
    package static let mobileSDKIterations = 4_000

    /// A passphrase, as `PRAGMA key = 'passphrase'` takes it: its UTF-8 bytes, stretched.
    package static func passphrase(_ text: String, iterations: Int = defaultIterations, salt: Data? = nil) -> SQLCipherKey {
        SQLCipherKey(secret: .passphrase(text, iterations: iterations), salt: salt)
    }

    /// A raw key, as `PRAGMA key = "x'…'"` takes 64 hex digits (or 96 with the salt after them).
    package static func raw(_ key: Data, salt: Data? = nil) -> SQLCipherKey {
        SQLCipherKey(secret: .raw(key), salt: salt)
    }
}
