import Foundation
import NIOSSL
import SalesforceCore

/// A user authentication certificate and its private key, for certificate-based login
/// (`forcekit login --cert`): a PEM file with the certificate (chain first) and, unless
/// `--cert-key` names another file, the key; or a PKCS#12 bundle (`.p12`, `.pfx`) whose password is
/// in `$FORCEKIT_CERT_PASSWORD`.
struct ClientIdentity: Sendable {
    let certificateChain: [NIOSSLCertificate]
    let privateKey: NIOSSLPrivateKey
    /// The files it came from, which tell two identities apart.
    let source: String

    /// Reads the identity.
    /// - Throws: ``Failure`` naming the file and what it lacks.
    static func load(certificateFile: String, keyFile: String?, password: String?) throws(Failure) -> ClientIdentity {
        let certificatePath = (certificateFile as NSString).expandingTildeInPath
        let keyPath = keyFile.map { ($0 as NSString).expandingTildeInPath }
        let certificateBytes = try read(certificatePath)
        let source = certificatePath + (keyPath.map { "|" + $0 } ?? "")
        if ["p12", "pfx"].contains((certificatePath as NSString).pathExtension.lowercased()) {
            let bundle: NIOSSLPKCS12Bundle
            do {
                bundle = try NIOSSLPKCS12Bundle(buffer: certificateBytes, passphrase: Array((password ?? "").utf8))
            } catch {
                throw Failure(
                    message: "\(certificatePath) is not a PKCS#12 bundle this password opens: set FORCEKIT_CERT_PASSWORD to its password.")
            }
            return ClientIdentity(certificateChain: bundle.certificateChain, privateKey: bundle.privateKey, source: source)
        }
        guard let chain = try? NIOSSLCertificate.fromPEMBytes(certificateBytes), !chain.isEmpty else {
            throw Failure(
                message: "\(certificatePath) holds no PEM certificate (-----BEGIN CERTIFICATE-----) and is not a .p12 or .pfx bundle.")
        }
        let keyBytes = try keyPath.map { path throws(Failure) in try read(path) } ?? certificateBytes
        let passphrase = password.map { Array($0.utf8) }
        let key: NIOSSLPrivateKey
        do {
            if let passphrase {
                key = try NIOSSLPrivateKey(bytes: keyBytes, format: .pem) { $0(passphrase) }
            } else {
                key = try NIOSSLPrivateKey(bytes: keyBytes, format: .pem)
            }
        } catch {
            let file = keyPath ?? certificatePath
            throw Failure(
                message:
                    "\(file) holds no private key (-----BEGIN PRIVATE KEY-----) that can be read: name the key's file with --cert-key, and set FORCEKIT_CERT_PASSWORD when it is encrypted."
            )
        }
        return ClientIdentity(certificateChain: chain, privateKey: key, source: source)
    }

    private static func read(_ path: String) throws(Failure) -> [UInt8] {
        do {
            return Array(try UserFiles.contents(of: path))
        } catch {
            throw Failure(message: error.description)
        }
    }

    /// A certificate or key file that cannot be used, and why.
    struct Failure: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}
