import Foundation
import SalesforceKeys

/// What is kept of a passcode: a salted PBKDF2-HMAC-SHA512 digest, slow on purpose, never the
/// passcode itself.
struct PasscodeVerifier: Codable, Sendable, Equatable {
    /// Rounds for a new passcode: OWASP's 210,000 for PBKDF2-HMAC-SHA512, slow for a guesser and
    /// a fraction of a second on a phone.
    static let rounds = 210_000

    var salt: Data
    var rounds: Int
    var digest: Data

    /// A verifier for a new passcode, with a fresh salt.
    init(passcode: String) throws {
        salt = Data((0..<16).map { _ in UInt8.random(in: 0...255) })
        rounds = Self.rounds
        digest = try Self.derive(passcode, salt: salt, rounds: rounds)
    }

    /// Whether `passcode` is the one this verifier was made from (compared in constant time).
    func matches(_ passcode: String) -> Bool {
        guard let candidate = try? Self.derive(passcode, salt: salt, rounds: rounds), candidate.count == digest.count else { return false }
        return zip(candidate, digest).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    private static func derive(_ passcode: String, salt: Data, rounds: Int) throws -> Data {
        try PassphraseKey.derive(passcode, salt: salt, rounds: rounds, byteCount: 64)
    }
}
