import Crypto
import Foundation
import LocalOrgEngine
import SalesforceCore
import SwiftASN1
import X509

/// A local certificate authority and a server certificate it signed, for `--tls`: clients
/// trust the CA file and the server certificate names `localhost` and the loopback addresses.
///
/// The files live in a `tls` folder: `ca.pem` (give this to clients), `ca-key.pem`,
/// `server.pem` and `server-key.pem`. They are reused while the server certificate is valid
/// for the host; otherwise a new pair is made.
struct CertificateAuthority {
    let caFile: URL
    let serverCertificatePEM: String
    let serverKeyPEM: String

    static func loadOrCreate(in directory: URL, host: String) throws(LocalOrgError) -> CertificateAuthority {
        let folder = directory.appendingPathComponent("tls")
        let files = (
            ca: folder.appendingPathComponent("ca.pem"), caKey: folder.appendingPathComponent("ca-key.pem"),
            server: folder.appendingPathComponent("server.pem"), serverKey: folder.appendingPathComponent("server-key.pem")
        )
        if let certificate = try? String(contentsOf: files.server, encoding: .utf8),
            let key = try? String(contentsOf: files.serverKey, encoding: .utf8),
            FileManager.default.fileExists(atPath: files.ca.path),
            let parsed = try? Certificate(pemEncoded: certificate),
            parsed.notValidAfter > Date().addingTimeInterval(86_400),
            names(in: parsed).contains(host)
        {
            return CertificateAuthority(caFile: files.ca, serverCertificatePEM: certificate, serverKeyPEM: key)
        }
        do {
            try OwnerOnlyFiles.createFolder(folder)
            let now = Date()
            let caKey = P256.Signing.PrivateKey()
            let caName = try DistinguishedName {
                OrganizationName("ForceKit")
                CommonName("ForceKit LocalOrg CA")
            }
            let caIdentifier = SubjectKeyIdentifier(hash: Certificate.PublicKey(caKey.publicKey))
            let ca = try Certificate(
                version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: Certificate.PublicKey(caKey.publicKey),
                notValidBefore: now.addingTimeInterval(-3600), notValidAfter: now.addingTimeInterval(10 * 365 * 86_400),
                issuer: caName, subject: caName, signatureAlgorithm: .ecdsaWithSHA256,
                extensions: try Certificate.Extensions {
                    Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                    Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                    caIdentifier
                },
                issuerPrivateKey: Certificate.PrivateKey(caKey))
            let serverKey = P256.Signing.PrivateKey()
            let serverName = try DistinguishedName {
                OrganizationName("ForceKit")
                CommonName(host)
            }
            var alternativeNames: [GeneralName] = [
                .dnsName("localhost"), .ipAddress(ASN1OctetString(contentBytes: [127, 0, 0, 1])),
                .ipAddress(ASN1OctetString(contentBytes: ArraySlice([UInt8](repeating: 0, count: 15) + [1]))),
            ]
            if let address = IPv4Address(host), address.bytes != [127, 0, 0, 1] {
                alternativeNames.append(.ipAddress(ASN1OctetString(contentBytes: ArraySlice(address.bytes))))
            } else if IPv4Address(host) == nil, host != "localhost" {
                alternativeNames.append(.dnsName(host))
            }
            let server = try Certificate(
                version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: Certificate.PublicKey(serverKey.publicKey),
                notValidBefore: now.addingTimeInterval(-3600), notValidAfter: now.addingTimeInterval(397 * 86_400),
                issuer: caName, subject: serverName, signatureAlgorithm: .ecdsaWithSHA256,
                extensions: try Certificate.Extensions {
                    Critical(BasicConstraints.notCertificateAuthority)
                    Critical(KeyUsage(digitalSignature: true))
                    try ExtendedKeyUsage([.serverAuth])
                    SubjectAlternativeNames(alternativeNames)
                    AuthorityKeyIdentifier(keyIdentifier: caIdentifier.keyIdentifier)
                    SubjectKeyIdentifier(hash: Certificate.PublicKey(serverKey.publicKey))
                },
                issuerPrivateKey: Certificate.PrivateKey(caKey))
            let serverPEM = try server.serializeAsPEM().pemString
            try ca.serializeAsPEM().pemString.write(to: files.ca, atomically: true, encoding: .utf8)
            try write(caKey.pemRepresentation, to: files.caKey)
            try serverPEM.write(to: files.server, atomically: true, encoding: .utf8)
            try write(serverKey.pemRepresentation, to: files.serverKey)
            return CertificateAuthority(caFile: files.ca, serverCertificatePEM: serverPEM, serverKeyPEM: serverKey.pemRepresentation)
        } catch {
            throw .certificateFailed(reason: "\(error)")
        }
    }

    /// Keys are readable by the owner only, from the moment they exist.
    private static func write(_ text: String, to file: URL) throws {
        try OwnerOnlyFiles.write(Array(text.utf8), to: file)
    }

    private static func names(in certificate: Certificate) -> [String] {
        guard let alternatives = try? certificate.extensions.subjectAlternativeNames else { return [] }
        return alternatives.compactMap { name in
            switch name {
            case .dnsName(let dns): return dns
            case .ipAddress(let octets) where octets.bytes.count == 4: return octets.bytes.map(String.init).joined(separator: ".")
            default: return nil
            }
        }
    }
}

/// A dotted IPv4 address.
struct IPv4Address: Equatable {
    let bytes: [UInt8]

    init?(_ text: String) {
        let parts = text.split(atScalars: ["."], omittingEmptyParts: false)
        guard parts.count == 4 else { return nil }
        var bytes: [UInt8] = []
        for part in parts {
            guard let byte = UInt8(part), String(byte) == part else { return nil }
            bytes.append(byte)
        }
        self.bytes = bytes
    }
}
