import Foundation
import LocalOrgEngine
import SalesforceCore
import SwiftASN1
@_spi(FixedExpiryValidationTime) import X509

/// Checks the certificate a login's connection presented against ``ClientCertificateLogin``.
///
/// The TLS handshake accepts any certificate so that this check, at the login page, can say what
/// is wrong with one (a failed handshake shows a browser error and nothing else).
struct ClientCertificateCheck: Sendable {
    let authorities: [Certificate]
    let revocationFile: URL?
    let isRequired: Bool

    /// Reads the authority file.
    /// - Throws: `LocalOrgError.unreadableFile` when it cannot be read or holds no certificate.
    init(_ login: ClientCertificateLogin) throws(LocalOrgError) {
        let path = login.authorityFile.path
        guard let text = try? String(contentsOf: login.authorityFile, encoding: .utf8) else {
            throw .unreadableFile(path: path, reason: "the client certificate authority file cannot be read")
        }
        let authorities = Self.pemCertificates(in: text)
        guard !authorities.isEmpty else {
            throw .unreadableFile(path: path, reason: "it holds no PEM certificate (-----BEGIN CERTIFICATE-----)")
        }
        if let revocationFile = login.revocationFile, !FileManager.default.isReadableFile(atPath: revocationFile.path) {
            throw .unreadableFile(path: revocationFile.path, reason: "the revocation list cannot be read")
        }
        self.authorities = authorities
        revocationFile = login.revocationFile
        isRequired = login.isRequired
    }

    /// What `der`, the connection's certificate, is worth for a login at `now`.
    func check(_ der: [UInt8]?, now: Date) async -> PresentedCertificate {
        guard let der else { return .none }
        guard let certificate = try? Certificate(derEncoded: der) else { return .refused("it is not an X.509 certificate") }
        if now > certificate.notValidAfter { return .refused("it expired on \(Self.day(certificate.notValidAfter))") }
        if now < certificate.notValidBefore { return .refused("it is not valid until \(Self.day(certificate.notValidBefore))") }
        guard (try? certificate.extensions.extendedKeyUsage)??.contains(.clientAuth) == true else {
            return .refused("it is not marked for client authentication (Extended Key Usage)")
        }
        var verifier = Verifier(rootCertificates: CertificateStore(authorities)) { RFC5280Policy(fixedExpiryValidationTime: now) }
        guard case .validCertificate = await verifier.validate(leaf: certificate, intermediates: CertificateStore()) else {
            return .refused("it was not issued by a certificate authority this org trusts")
        }
        guard let revoked = revokedSerialNumbers() else { return .refused("the org's revocation list cannot be read") }
        if revoked.contains(RevokedSerials.magnitude(of: certificate.serialNumber.bytes)) { return .refused("it has been revoked") }
        return .valid(names: Self.names(in: certificate))
    }

    /// The revoked serial numbers, as bytes; nil when the list cannot be read (a login then
    /// fails closed).
    private func revokedSerialNumbers() -> Set<[UInt8]>? {
        guard let revocationFile else { return [] }
        guard let text = try? String(contentsOf: revocationFile, encoding: .utf8) else { return nil }
        return RevokedSerials.read(text)
    }

    /// The subject's common names and email addresses, then the alternative email names.
    static func names(in certificate: Certificate) -> [String] {
        var names: [String] = []
        for type in [ASN1ObjectIdentifier.RDNAttributeType.commonName, ASN1ObjectIdentifier.RDNAttributeType.emailAddress] {
            for relative in certificate.subject {
                for attribute in relative where attribute.type == type {
                    if let value = String(attribute.value) { names.append(value) }
                }
            }
        }
        if let alternatives = try? certificate.extensions.subjectAlternativeNames {
            for case .rfc822Name(let email) in alternatives { names.append(email) }
        }
        var seen = Set<String>()
        return names.filter { seen.insert($0.lowercased()).inserted }
    }

    /// Every certificate a PEM text holds, in order; blocks that do not parse are skipped.
    static func pemCertificates(in text: String) -> [Certificate] {
        guard let documents = try? PEMDocument.parseMultiple(pemString: text) else { return [] }
        return documents.filter { $0.discriminator == "CERTIFICATE" }.compactMap { try? Certificate(pemDocument: $0) }
    }

    private static func day(_ date: Date) -> String {
        ISO8601DateFormatter.string(from: date, timeZone: TimeZone(identifier: "UTC") ?? .current, formatOptions: [.withFullDate])
    }
}
