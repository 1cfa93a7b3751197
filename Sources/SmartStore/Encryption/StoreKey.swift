import Crypto
import Foundation

/// A 256-bit store key and its check value, the four bytes every page carries to say which key
/// sealed it. The check tells a wrong key from a damaged page, and lets a store being re-keyed
/// hold pages of both keys.
struct StoreKey: Sendable {
    let key: SymmetricKey
    let check: [UInt8]
    /// The key's cipher, set up once for every page the store seals and opens with it.
    let pages: PageAEAD

    init(_ key: SymmetricKey) {
        self.key = key
        pages = PageAEAD(key: key)
        let code = HMAC<SHA256>.authenticationCode(for: Data("ForceKit SmartStore key check".utf8), using: key)
        check = Array(code.prefix(4))
    }
}
