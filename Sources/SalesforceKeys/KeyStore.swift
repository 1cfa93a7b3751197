public import Crypto
import Foundation

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
