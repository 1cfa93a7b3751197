import Crypto
import Foundation
import SalesforceCore

/// Where encryption keys live: the Keychain on Apple platforms, a 0600 key file on Linux, memory
/// in tests. Each purpose has its own key, named by a label such as
/// `com.salesforce.userAccount.encryptionKey`; SmartStore uses the same store for its keys.
public protocol KeyStore: Sendable {
    /// The key named `label`, created (256 random bits) and saved when there is none.
    func key(for label: String) async throws(KeyStoreError) -> SymmetricKey
    /// The key named `label`, or nil when there is none; never creates one.
    func existingKey(for label: String) async throws(KeyStoreError) -> SymmetricKey?
    /// Deletes the key named `label`; what it encrypted can no longer be read.
    func removeKey(for label: String) async throws(KeyStoreError)
}

/// Why a key could not be read or saved.
public enum KeyStoreError: ForceKitError, Equatable {
    /// The key's storage cannot be read.
    case unreadable(label: String, reason: String)
    /// The key cannot be saved.
    case unwritable(label: String, reason: String)
    /// The stored key is not a 256-bit key.
    case corrupt(label: String)

    /// What went wrong.
    public var message: String {
        switch self {
        case .unreadable(let label, let reason): "The key \(label) cannot be read: \(reason)"
        case .unwritable(let label, let reason): "The key \(label) cannot be saved: \(reason)"
        case .corrupt(let label): "The stored key \(label) is not a 256-bit key."
        }
    }

    /// What to do.
    public var recoverySuggestion: String? {
        switch self {
        case .unreadable, .unwritable: "Check the key folder's owner and permissions."
        case .corrupt: "Restore the key from a backup; without it the data it protects cannot be read."
        }
    }
}

/// Keys held in memory only: for tests and for data that must not outlive the process.
public actor InMemoryKeyStore: KeyStore {
    private var keys: [String: SymmetricKey] = [:]

    /// An empty store.
    public init() {}

    /// The key, created when missing.
    public func key(for label: String) -> SymmetricKey {
        if let key = keys[label] { return key }
        let key = SymmetricKey(size: .bits256)
        keys[label] = key
        return key
    }

    /// The key, if there is one.
    public func existingKey(for label: String) -> SymmetricKey? { keys[label] }

    /// Forgets the key.
    public func removeKey(for label: String) { keys[label] = nil }
}

/// AES-256-GCM sealing for small secrets kept in files.
enum Sealing {
    static func seal(_ data: Data, with key: SymmetricKey) throws -> Data {
        guard let combined = try AES.GCM.seal(data, using: key).combined else { throw CryptoKitError.incorrectParameterSize }
        return combined
    }

    static func open(_ data: Data, with key: SymmetricKey) throws -> Data {
        try AES.GCM.open(AES.GCM.SealedBox(combined: data), using: key)
    }
}
