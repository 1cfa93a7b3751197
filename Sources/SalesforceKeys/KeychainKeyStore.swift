#if canImport(Security)
    import Crypto
    import Foundation
    import Security

    /// Keys in the Keychain, readable only on this device once it has been unlocked after a restart:
    /// the key store on Apple platforms.
    public struct KeychainKeyStore: KeyStore {
        /// The Keychain service items are filed under.
        public let service: String
        /// A Keychain access group shared with app extensions, if any.
        public let accessGroup: String?

        /// A store under `service` (usually the app's bundle id).
        public init(service: String, accessGroup: String? = nil) {
            self.service = service
            self.accessGroup = accessGroup
        }

        /// The key, created when missing.
        public func key(for label: String) async throws(KeyStoreError) -> SymmetricKey {
            if let key = try await existingKey(for: label) { return key }
            let key = SymmetricKey(size: .bits256)
            var item = query(for: label)
            item[kSecValueData as String] = key.withUnsafeBytes { Data($0) }
            item[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
            let status = SecItemAdd(item as CFDictionary, nil)
            if status == errSecDuplicateItem, let existing = try await existingKey(for: label) { return existing }
            guard status == errSecSuccess else { throw .unwritable(label: label, reason: "Keychain status \(status)") }
            return key
        }

        /// The key, if the Keychain has it.
        public func existingKey(for label: String) async throws(KeyStoreError) -> SymmetricKey? {
            var item = query(for: label)
            item[kSecReturnData as String] = true
            item[kSecMatchLimit as String] = kSecMatchLimitOne
            var result: CFTypeRef?
            let status = SecItemCopyMatching(item as CFDictionary, &result)
            if status == errSecItemNotFound { return nil }
            guard status == errSecSuccess, let data = result as? Data else {
                throw .unreadable(label: label, reason: "Keychain status \(status)")
            }
            guard data.count == 32 else { throw .corrupt(label: label) }
            return SymmetricKey(data: data)
        }

        /// Deletes the key from the Keychain.
        public func removeKey(for label: String) async throws(KeyStoreError) {
            let status = SecItemDelete(query(for: label) as CFDictionary)
            guard status == errSecSuccess || status == errSecItemNotFound else {
                throw .unwritable(label: label, reason: "Keychain status \(status)")
            }
        }

        private func query(for label: String) -> [String: Any] {
            var query: [String: Any] = [
                kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service,
                kSecAttrAccount as String: label,
            ]
            if let accessGroup { query[kSecAttrAccessGroup as String] = accessGroup }
            return query
        }
    }
#endif
