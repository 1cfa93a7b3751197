public import SalesforceCore

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
