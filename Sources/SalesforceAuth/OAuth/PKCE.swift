import Crypto
import Foundation
import SalesforceCore

/// A PKCE (RFC 7636) pair for one web-server login: the secret verifier the app keeps, and the
/// challenge it sends, so a stolen authorization code is useless to anyone else.
public struct PKCE: Sendable, Equatable {
    /// The verifier: 64 random bytes, base64url without padding (86 characters).
    public let verifier: String
    /// The S256 challenge: base64url of the verifier's SHA-256, without padding.
    public let challenge: String

    /// A new random pair.
    public init() {
        self.init(verifier: Data.random(count: 64).base64URLEncodedString)
    }

    /// The pair for a known verifier.
    public init(verifier: String) {
        self.verifier = verifier
        self.challenge = Data(SHA256.hash(data: Data(verifier.utf8))).base64URLEncodedString
    }
}

extension Data {
    /// Random bytes from the system's generator.
    static func random(count: Int) -> Data {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }
}
