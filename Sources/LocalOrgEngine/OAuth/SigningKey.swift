import Crypto
import CryptoExtras
import Foundation
import GRDB
import SalesforceCore

/// The org's key for OpenID Connect: RSA 2048, made once and kept in the org's store, so ID
/// tokens stay verifiable across restarts; published at `/id/keys` and used to sign ID tokens
/// with RS256.
struct SigningKey: Sendable {
    /// The key's id, the `kid` of its JWK and of every token it signs.
    let id: String
    private let key: _RSA.Signing.PrivateKey

    private static let storageKey = "oidc_signing_key"

    /// The org's key, made and stored the first time it is needed.
    static func load(from store: OrgStore) async throws(APIError) -> SigningKey {
        let stored = try await store.read { db in
            try String.fetchOne(db, sql: "SELECT value FROM lo_meta WHERE key = ?", arguments: [storageKey])
        }
        if let stored, let key = try? _RSA.Signing.PrivateKey(pemRepresentation: stored) { return SigningKey(key) }
        let made: _RSA.Signing.PrivateKey
        do {
            made = try _RSA.Signing.PrivateKey(keySize: .bits2048)
        } catch {
            throw APIError(status: 500, errorCode: "UNKNOWN_EXCEPTION", message: "The org's signing key could not be made: \(error)")
        }
        // Two first uses at once keep whichever key was stored first.
        let kept = try await store.write { db in
            try db.execute(
                sql: "INSERT OR IGNORE INTO lo_meta(key, value) VALUES (?, ?)", arguments: [storageKey, made.pemRepresentation])
            return try String.fetchOne(db, sql: "SELECT value FROM lo_meta WHERE key = ?", arguments: [storageKey])
        }
        return SigningKey((kept.flatMap { try? _RSA.Signing.PrivateKey(pemRepresentation: $0) }) ?? made)
    }

    private init(_ key: _RSA.Signing.PrivateKey) {
        self.key = key
        // A short number that names this key, as Salesforce's kids are ("250"): from its
        // public key's SHA-256.
        let digest = Array(SHA256.hash(data: key.publicKey.derRepresentation))
        id = String(100 + (Int(digest[0]) << 8 | Int(digest[1])) % 900)
    }

    /// The public key as a JWK set: `{"keys": [{"kty": "RSA", "n", "e", "alg": "RS256", "use": "sig", "kid"}]}`.
    var keySet: JSON {
        guard let primitives = try? key.publicKey.getKeyPrimitives() else { return ["keys": []] }
        return [
            "keys": [
                [
                    "kty": "RSA", "n": .string(primitives.modulus.base64URLEncodedString),
                    "e": .string(primitives.publicExponent.base64URLEncodedString), "alg": "RS256", "use": "sig", "kid": .string(id),
                ]
            ]
        ]
    }

    /// A JWT of `claims`, signed with RS256 (RSASSA-PKCS1-v1_5 over SHA-256).
    func token(_ claims: JSON) throws(APIError) -> String {
        let header: JSON = ["kid": .string(id), "typ": "JWT", "alg": "RS256"]
        let signingInput =
            Data(header.serializedBytes(sortingKeys: false)).base64URLEncodedString + "."
            + Data(claims.serializedBytes(sortingKeys: false)).base64URLEncodedString
        do {
            let signature = try key.signature(for: SHA256.hash(data: Data(signingInput.utf8)), padding: .insecurePKCS1v1_5)
            return signingInput + "." + signature.rawRepresentation.base64URLEncodedString
        } catch {
            throw APIError(status: 500, errorCode: "UNKNOWN_EXCEPTION", message: "The ID token could not be signed: \(error)")
        }
    }
}
