public import Foundation

/// The key a Mobile SDK store was encrypted with, as the SDK handed it to SQLCipher.
///
/// The SDK passes SQLCipher a text passphrase, stretched with 4,000 rounds of PBKDF2-HMAC-SHA512
/// (`PRAGMA kdf_iter = 4000`), on both platforms:
/// - iOS: the base64 text of the 32-byte key its key store keeps in the keychain; a store in an
///   App Group keeps its first 32 bytes plain, and its 16-byte salt in the keychain beside the key.
/// - Android: the text SmartStore's manager returns as its encryption key (the base64 of the
///   SHA-256 of the app's unique id).
///
/// With the SDK's own keys (``iOS(storeKey:salt:)``, ``android(key:)``) the migration also reads
/// the files SDK 4.3 to 10.x kept externally stored entries in: the same key bytes encrypt them.
public struct MobileSDKStoreKey: Sendable {
    let sqlCipherKey: SQLCipherKey
    /// The format and key of the store's external entry files, known for the SDK's own keys.
    let entryFiles: (format: ExternalEntryFiles.Format, key: Data)?

    /// An iOS store's key: the 32 bytes of the SDK's store key, and for a store in an App Group
    /// the 16-byte salt the SDK keeps beside it.
    public static func iOS(storeKey: Data, salt: Data? = nil) -> MobileSDKStoreKey {
        MobileSDKStoreKey(
            sqlCipherKey: .passphrase(storeKey.base64EncodedString(), iterations: SQLCipherKey.mobileSDKIterations, salt: salt),
            entryFiles: (.iOS, storeKey))
    }

    /// An Android store's key: the text the SDK passed SQLCipher.
    public static func android(key: String) -> MobileSDKStoreKey {
        MobileSDKStoreKey(
            sqlCipherKey: .passphrase(key, iterations: SQLCipherKey.mobileSDKIterations),
            entryFiles: Data(base64Encoded: key).map { (.android, $0) })
    }

    /// Any SQLCipher passphrase, stretched as the SDK stretches it unless `iterations` says
    /// otherwise (SQLCipher's own default is 256,000), with the salt of a store whose header is plain.
    public static func passphrase(_ text: String, iterations: Int = 4_000, salt: Data? = nil) -> MobileSDKStoreKey {
        MobileSDKStoreKey(sqlCipherKey: .passphrase(text, iterations: iterations, salt: salt), entryFiles: nil)
    }

    /// A raw 32-byte SQLCipher key (`PRAGMA key = "x'…'"`), with the salt of a store whose header is plain.
    public static func raw(_ key: Data, salt: Data? = nil) -> MobileSDKStoreKey {
        MobileSDKStoreKey(sqlCipherKey: .raw(key, salt: salt), entryFiles: nil)
    }
}
