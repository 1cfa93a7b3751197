package import Crypto
package import Foundation

/// AES-256-GCM sealing for small files: accounts, analytics events.
package enum Sealing {
    package static func seal(_ data: Data, with key: SymmetricKey) throws -> Data {
        guard let combined = try AES.GCM.seal(data, using: key).combined else { throw CryptoKitError.incorrectParameterSize }
        return combined
    }

    package static func open(_ data: Data, with key: SymmetricKey) throws -> Data {
        try AES.GCM.open(AES.GCM.SealedBox(combined: data), using: key)
    }
}
