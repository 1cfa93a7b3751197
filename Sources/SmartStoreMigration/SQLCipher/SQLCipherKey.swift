package import Foundation

/// What opens a SQLCipher database: a passphrase stretched with PBKDF2 (HMAC-SHA512, or SHA-1 in version 3), or a raw
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
    package static let defaultIterations = SQLCipherFormat.version4.defaultIterations
    /// The Mobile SDK's (`PRAGMA kdf_iter = 4000` after its key, on iOS and Android).
    package static let mobileSDKIterations = 4_000

    /// A passphrase, as `PRAGMA key = 'passphrase'` takes it: its UTF-8 bytes, stretched.
    package static func passphrase(_ text: String, iterations: Int = defaultIterations, salt: Data? = nil) -> SQLCipherKey {
        SQLCipherKey(secret: .passphrase(text, iterations: iterations), salt: salt)
    }

    /// The rounds to try for a passphrase in `format`: the ones given, and the format's own
    /// default when other (SQLCipher 3 stores written with its defaults); one pass for a raw key.
    func iterations(for format: SQLCipherFormat) -> [Int] {
        guard case .passphrase(_, let given) = secret else { return [0] }
        let asked = given == SQLCipherFormat.version4.defaultIterations ? format.defaultIterations : given
        return asked == format.defaultIterations ? [asked] : [asked, format.defaultIterations]
    }

    /// A raw key, as `PRAGMA key = "x'…'"` takes 64 hex digits (or 96 with the salt after them).
    package static func raw(_ key: Data, salt: Data? = nil) -> SQLCipherKey {
        SQLCipherKey(secret: .raw(key), salt: salt)
    }
}
