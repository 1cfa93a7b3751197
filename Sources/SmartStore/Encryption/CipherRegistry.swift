import Foundation
import SalesforceCore

/// The ciphers of the open encrypted stores, found by the token in each store's URI filename.
///
/// The key itself never appears in a filename, which SQLite may log; a random token stands for it.
enum CipherRegistry {
    /// The URI parameter that names a store's cipher.
    static let uriParameter = "forcekit-store"

    private static let ciphers = Locked([String: PageCipher]())

    /// Makes `cipher` reachable from SQLite until ``remove(_:)``; returns its token.
    static func add(_ cipher: PageCipher) -> String {
        let token = UUID().uuidString
        ciphers.withLock { $0[token] = cipher }
        return token
    }

    /// The cipher registered under `token`.
    static func cipher(for token: String) -> PageCipher? {
        ciphers.withLock { $0[token] }
    }

    /// Forgets a store's cipher; files it already opened keep their own reference.
    static func remove(_ token: String) {
        ciphers.withLock { $0[token] = nil }
    }
}
