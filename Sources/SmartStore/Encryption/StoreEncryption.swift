public import Crypto
import Foundation
import SalesforceKeys

/// How a store's files are protected on disk.
///
/// An encrypted store keeps every page of its database, its write-ahead log and its externally
/// stored entries sealed with AES-256-GCM: nothing a soup holds, no index value and no Smart SQL
/// literal reaches the disk in the clear, and a page changed outside SmartStore is reported as
/// ``SmartStoreError/corrupted(_:)`` rather than read.
///
/// ```swift
/// let key = try await keyStore.key(for: "com.example.store")    // 256 random bits, kept safe
/// let store = try await SmartStore(url: url, encryption: .key(key))
/// let scratch = try await SmartStore(url: scratchURL, encryption: .plaintext)
/// ```
public struct StoreEncryption: Sendable {
    enum Secret: Sendable {
        case key(SymmetricKey)
        case passphrase(String)
    }

    let secret: Secret?
    let previousSecrets: [Secret]

    /// Encrypts with a 256-bit key, usually one kept in a `KeyStore` (SalesforceKeys).
    public static func key(_ key: SymmetricKey) -> StoreEncryption {
        StoreEncryption(secret: .key(key), previousSecrets: [])
    }

    /// Encrypts with a key derived from a passphrase (PBKDF2-HMAC-SHA512, 256,000 rounds, with
    /// a random salt kept in the store), as SQLCipher does. Deriving takes a moment on purpose.
    public static func passphrase(_ passphrase: String) -> StoreEncryption {
        StoreEncryption(secret: .passphrase(passphrase), previousSecrets: [])
    }

    /// No encryption: a plain SQLite file that any tool can read. For tests, and for data that
    /// is public anyway.
    public static let plaintext = StoreEncryption(secret: nil, previousSecrets: [])

    /// Also opens what `previous` sealed: for a store whose ``SmartStore/changeKey(to:)`` was
    /// interrupted, so that calling it again can finish.
    public func acceptingPreviousKey(_ previous: StoreEncryption) -> StoreEncryption {
        StoreEncryption(secret: secret, previousSecrets: previousSecrets + (previous.secret.map { [$0] } ?? []))
    }

    /// Whether the store is encrypted.
    public var isEncrypted: Bool { secret != nil }

    /// PBKDF2 rounds for passphrase keys: SQLCipher 4's default.
    static let passphraseRounds = 256_000

    /// The key `secret` stands for in a store with `salt`.
    static func storeKey(_ secret: Secret, salt: [UInt8]) throws(SmartStoreError) -> StoreKey {
        switch secret {
        case .key(let key):
            guard key.bitCount == 256 else {
                throw .keyUnavailable("the key has \(key.bitCount) bits; SmartStore keys have 256")
            }
            return StoreKey(key)
        case .passphrase(let passphrase):
            guard !passphrase.isEmpty else { throw .keyUnavailable("the passphrase is empty") }
            do {
                return StoreKey(
                    SymmetricKey(data: try PassphraseKey.derive(passphrase, salt: salt, rounds: passphraseRounds, byteCount: 32)))
            } catch {
                throw .keyUnavailable("the key cannot be derived from the passphrase (\(error))")
            }
        }
    }

    /// The cipher for a store with `salt`, or nil for a plain store.
    func makeCipher(salt: [UInt8]) throws(SmartStoreError) -> PageCipher? {
        guard let secret else { return nil }
        var previous: [StoreKey] = []
        for old in previousSecrets { previous.append(try Self.storeKey(old, salt: salt)) }
        return PageCipher(key: try Self.storeKey(secret, salt: salt), salt: salt, previousKeys: previous)
    }

    /// A fresh salt for a new store.
    static func makeSalt() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<PageFormat.saltSize).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }
}
