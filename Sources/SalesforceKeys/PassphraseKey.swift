import Crypto
import CryptoExtras
package import Foundation

/// Keys stretched from something a person types: PBKDF2-HMAC-SHA512, slow on purpose. SmartStore's
/// passphrase keys and the passcode lock's verifier both derive here, so both change together.
package enum PassphraseKey {
    /// `byteCount` bytes derived from `secret` (its UTF-8) with `salt` over `rounds` rounds.
    package static func derive(_ secret: String, salt: some DataProtocol, rounds: Int, byteCount: Int) throws -> Data {
        let key = try KDF.Insecure.PBKDF2.deriveKey(
            from: Data(secret.utf8), salt: salt, using: .sha512, outputByteCount: byteCount, rounds: rounds)
        return key.withUnsafeBytes { Data($0) }
    }

    /// `byteCount` bytes derived from the bytes `secret` with `salt` over `rounds` rounds, for
    /// reading another program's files: their format sets the rounds (SQLCipher derives its page
    /// MAC's key in 2, the Mobile SDK its stores' keys in 4,000), so no minimum is enforced here.
    /// The hash is SHA-512 unless the format says otherwise (SQLCipher 3 used SHA-1).
    package static func deriveAsFormatRequires(
        _ secret: some DataProtocol, salt: some DataProtocol, rounds: Int, byteCount: Int, sha1: Bool = false
    ) throws -> Data {
        // swift-crypto takes the rounds as a UInt32 and traps outside it.
        guard (1...Int(UInt32.max)).contains(rounds) else { throw CryptoKitError.incorrectParameterSize }
        let key = try KDF.Insecure.PBKDF2.deriveKey(
            from: secret, salt: salt, using: sha1 ? .insecureSHA1 : .sha512, outputByteCount: byteCount, unsafeUncheckedRounds: rounds)
        return key.withUnsafeBytes { Data($0) }
    }
}
