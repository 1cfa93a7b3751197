public import Crypto

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
