public import Foundation

/// The key store an app gets by default: the Keychain on Apple platforms, under the app's bundle
/// id (`com.salesforce.mobilesdk` for a process without one), and elsewhere owner-only key files
/// in `directory/keys`, which protect the keys as well as the folder's permissions do.
public enum PlatformKeyStore {
    /// The default key store for an app whose files are under `directory`.
    public static func make(directory: URL) -> any KeyStore {
        #if canImport(Security)
            KeychainKeyStore(service: Bundle.main.bundleIdentifier ?? "com.salesforce.mobilesdk")
        #else
            FileKeyStore(directory: directory.appendingPathComponent("keys", isDirectory: true))
        #endif
    }
}
