import Crypto
import Foundation
import GRDB
import SalesforceCore

/// Salted SHA-256 password hashes: enough for a development server, which never holds real
/// credentials.
enum PasswordHash {
    static func hash(_ password: String, salt: String) -> String {
        Data(SHA256.hash(data: Data((salt + ":" + password).utf8))).base64EncodedString()
    }

    /// What the org keeps of a token, code or refresh token: base64 of its SHA-256. The org only
    /// ever compares tokens, so a copy of its database hands out no live session.
    static func digest(ofToken token: String) -> String {
        Data(SHA256.hash(data: Data(token.utf8))).base64EncodedString()
    }

    static func newSalt() -> String { RandomText.make(length: 16, alphabet: RandomText.tokenAlphabet) }

    /// Keeps `password` as the user's, salted and hashed: the one writer of the org's passwords.
    static func store(_ password: String, userID: String, db: Database) throws {
        let salt = newSalt()
        try db.execute(
            sql: "INSERT OR REPLACE INTO lo_credential(user_id, salt, password_hash) VALUES (?, ?, ?)",
            arguments: [userID, salt, hash(password, salt: salt)])
    }

    /// base64url of SHA-256 of the verifier, without padding: PKCE's S256 challenge.
    static func pkceChallenge(of verifier: String) -> String {
        Data(SHA256.hash(data: Data(verifier.utf8))).base64URLEncodedString
    }

    /// The token response's `signature`: base64 HMAC-SHA256 of `id` + `issued_at`.
    static func signature(identityURL: String, issuedAt: Int64, key: String) -> String {
        let code = HMAC<SHA256>.authenticationCode(
            for: Data((identityURL + String(issuedAt)).utf8), using: SymmetricKey(data: Data(key.utf8)))
        return Data(code).base64EncodedString()
    }
}
