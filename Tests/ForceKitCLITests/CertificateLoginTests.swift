import Crypto
import ForceKitTestSupport
import ForceKitTesting
import Foundation
import LocalOrg
import LocalOrgEngine
import SalesforceCore
import SwiftASN1
import Testing
import X509

@testable import ForceKitCLI

/// Certificate-based login end to end: `forcekit serve --client-ca` offers it at the login pages,
/// `forcekit login --local --cert` presents a user certificate in the TLS handshake.
@Suite("Certificate-based login: serve --client-ca, login --cert")
struct CertificateLoginTests {
    @Test("a certificate logs in the user it names, by username or federation ID; API calls need none")
    func logsInTheNamedUser() async throws {
        try await withScratch { scratch in
            let authority = try UserCertificateAuthority(name: "Acme Users CA")
            let caFile = try scratch.file(authority.pem, name: "users-ca.pem")
            var configuration = LocalOrgConfiguration()
            configuration.certificateLogin = ClientCertificateLogin(authorityFile: URL(fileURLWithPath: caFile))
            try await withLocalOrg(seed: true, configuration: configuration) { org in
                let alice = try await org.server.addUser(username: "alice@acme.test", password: "Passw0rd!x")
                let bob = try await org.server.addUser(username: "bob@acme.test", password: "Passw0rd!y")
                try await org.server.store.update(
                    "User", id: bob.userID.id18, fields: ["FederationIdentifier": "E-1234"], as: org.credentials.user.userID.id18)
                try await withTemporaryDirectory { home in
                    try record(org, in: home)
                    try await CLIEnvironment.$home.withValue(home) {
                        // The common name is Alice's username, in another case.
                        let aliceFile = try scratch.file(try authority.issue(commonName: "Alice@Acme.test").pem, name: "alice.pem")
                        let login = await forcekit("login", "--local", "--cert", aliceFile, "--json")
                        #expect(login.exitCode == 0, "\(login.error)")
                        #expect(try jsonObject(login.output)["userId"] as? String == alice.userID.id18)
                        // The API is the token's: no certificate on these requests.
                        let query = await forcekit("query", "--csv", "SELECT Username FROM User WHERE Id = '\(alice.userID.id18)'")
                        #expect(query.outputLines == ["Username", "alice@acme.test"], "\(query.error)")
                        // Bob's certificate names his federation ID only.
                        let bobFile = try scratch.file(try authority.issue(commonName: "E-1234").pem, name: "bob.pem")
                        let bobLogin = await forcekit("login", "--local", "--cert", bobFile)
                        #expect(bobLogin.exitCode == 0 && bobLogin.output.contains("Logged in as bob@acme.test"), "\(bobLogin.error)")
                        // The key in a file of its own.
                        let separate = try authority.issue(commonName: "alice@acme.test")
                        let certificateOnly = try scratch.file(separate.certificatePEM, name: "alice-cert.pem")
                        let keyOnly = try scratch.file(separate.keyPEM, name: "alice-key.pem")
                        let split = await forcekit("login", "--local", "--cert", certificateOnly, "--cert-key", keyOnly)
                        #expect(split.exitCode == 0, "\(split.error)")
                        let missingKey = await forcekit("login", "--local", "--cert", certificateOnly)
                        #expect(missingKey.exitCode == 1 && missingKey.error.contains("--cert-key"), "\(missingKey.error)")
                    }
                }
            }
        }
    }

    @Test("expired, revoked, foreign, unmatched and server-only certificates are refused, each with its reason")
    func refusals() async throws {
        try await withScratch { scratch in
            let authority = try UserCertificateAuthority(name: "Acme Users CA")
            let stranger = try UserCertificateAuthority(name: "Someone Else's CA")
            let revoked = try authority.issue(commonName: "admin@localorg.test")
            let serial = try OpenSSL.serial(of: try scratch.file(revoked.certificatePEM, name: "revoked-cert.pem"))
            let revocationFile = try scratch.file("# lost on a train\n\(serial)\n", name: "revoked.txt")
            var configuration = LocalOrgConfiguration()
            configuration.certificateLogin = ClientCertificateLogin(
                authorityFile: URL(fileURLWithPath: try scratch.file(authority.pem, name: "ca.pem")),
                revocationFile: URL(fileURLWithPath: revocationFile))
            try await withLocalOrg(configuration: configuration) { org in
                let admin = org.credentials.username
                let now = Date()
                let cases: [(String, UserCertificate, String)] = [
                    (
                        "expired",
                        try authority.issue(
                            commonName: admin, validity: now.addingTimeInterval(-86_400 * 30)...now.addingTimeInterval(-86_400)),
                        "expired on"
                    ),
                    ("revoked", revoked, "has been revoked"),
                    ("foreign", try stranger.issue(commonName: admin), "not issued by a certificate authority this org trusts"),
                    ("unmatched", try authority.issue(commonName: "nobody@acme.test"), "No active user matches your certificate"),
                    (
                        "server-only", try authority.issue(commonName: admin, forClientAuthentication: false),
                        "not marked for client authentication"
                    ),
                ]
                try await withTemporaryDirectory { home in
                    try record(org, in: home)
                    try await CLIEnvironment.$home.withValue(home) {
                        for (name, certificate, reason) in cases {
                            let file = try scratch.file(certificate.pem, name: "\(name).pem")
                            let login = await forcekit("login", "--local", "--cert", file)
                            #expect(login.exitCode == 1, "\(name): \(login.output)")
                            #expect(login.error.contains(reason), "\(name): \(login.error)")
                        }
                        #expect(await forcekit("accounts", "--json").outputLines.isEmpty)
                        // A valid certificate of the same user still logs in; revoking is by certificate.
                        let good = try scratch.file(try authority.issue(commonName: admin).pem, name: "good.pem")
                        #expect(await forcekit("login", "--local", "--cert", good).exitCode == 0)
                    }
                }
            }
        }
    }

    @Test(
        "a revoked certificate is refused whatever its serial's bytes (leading zeros, a high bit), listed as openssl x509 -serial and openssl ca write it"
    )
    func revocationByOpenSSLSerials() async throws {
        try await withScratch { scratch in
            let authority = try UserCertificateAuthority(name: "Acme Users CA")
            let caFile = try scratch.file(authority.pem, name: "ca.pem")
            // Serials with bytes below 0x10 where a lossy text form drops a digit, one whose high bit
            // makes DER add a zero byte, and random ones (about 7 in 10 have a byte below 0x10).
            var generator = SeededGenerator(seed: 55)
            let chosen: [[UInt8]] =
                [[0x05, 0xA0, 0x0B], [0x0A, 0x00, 0x01, 0x0F], [0xC3, 0x07], [0x7F, 0x01, 0x00]]
                + (0..<6).map { _ in [0x01] + (0..<19).map { _ in UInt8.random(in: 0...0x1F, using: &generator) } }
            var files: [String] = []
            var certificateFiles: [String] = []
            for (index, bytes) in chosen.enumerated() {
                let certificate = try authority.issue(commonName: "admin@localorg.test", serial: Certificate.SerialNumber(bytes: bytes))
                files.append(try scratch.file(certificate.pem, name: "user\(index).pem"))
                certificateFiles.append(try scratch.file(certificate.certificatePEM, name: "user\(index)-cert.pem"))
            }
            // Revoked: the first half as `openssl x509 -noout -serial` prints them, the rest by `openssl ca -revoke`,
            // whose database also lists the last certificate as valid (V), which stays usable.
            let database = try scratch.file("", name: "index.txt")
            let configuration = try OpenSSL.caConfiguration(
                in: scratch, certificate: caFile, key: try scratch.file(authority.keyPEM, name: "ca.key"), database: database)
            let valid = try authority.issue(commonName: "admin@localorg.test", serial: Certificate.SerialNumber(bytes: [0x05, 0xA0, 0x0C]))
            let validFile = try scratch.file(valid.pem, name: "valid.pem")
            let validCertificate = try scratch.file(valid.certificatePEM, name: "valid-cert.pem")
            let printed = try OpenSSL.run(
                certificateFiles.map { "openssl x509 -noout -serial -in '\($0)'" }
                    + files[5..<9].map { "openssl ca -config '\(configuration)' -revoke '\($0)' 2>/dev/null" }
                    + ["openssl ca -config '\(configuration)' -valid '\(validCertificate)' 2>/dev/null"]
            ).split(separator: "\n").map(String.init).filter { $0.hasPrefix("serial=") }
            let listed = try String(contentsOfFile: database, encoding: .utf8)
            #expect(listed.split(separator: "\n").filter { $0.hasPrefix("R\t") }.count == 4 && listed.contains("V\t"), "\(listed)")
            let revocationFile = try scratch.file(
                "# openssl x509 -noout -serial\n" + printed[0..<5].joined(separator: "\n") + "\n" + listed, name: "revoked.txt")

            var orgConfiguration = LocalOrgConfiguration()
            orgConfiguration.certificateLogin = ClientCertificateLogin(
                authorityFile: URL(fileURLWithPath: caFile), revocationFile: URL(fileURLWithPath: revocationFile))
            try await withLocalOrg(configuration: orgConfiguration) { org in
                try await withTemporaryDirectory { home in
                    try record(org, in: home)
                    await CLIEnvironment.$home.withValue(home) {
                        for (index, file) in files[0..<9].enumerated() {
                            let login = await forcekit("login", "--local", "--cert", file)
                            #expect(
                                login.exitCode == 1 && login.error.contains("has been revoked"), "serial \(printed[index]): \(login.error)")
                        }
                        // Not listed: the random tenth, and the one the database calls valid (a serial one away from the first).
                        for file in [files[9], validFile] {
                            let login = await forcekit("login", "--local", "--cert", file)
                            #expect(login.exitCode == 0, "\(file): \(login.error)")
                        }
                    }
                }
            }
        }
    }

    @Test("where certificates are required, the password form is gone and a posted password is refused")
    func requiredCertificate() async throws {
        try await withScratch { scratch in
            let authority = try UserCertificateAuthority(name: "Acme Users CA")
            var configuration = LocalOrgConfiguration()
            configuration.certificateLogin = ClientCertificateLogin(
                authorityFile: URL(fileURLWithPath: try scratch.file(authority.pem, name: "ca.pem")), isRequired: true)
            try await withLocalOrg(configuration: configuration) { org in
                try await withTemporaryDirectory { home in
                    try record(org, in: home)
                    try await CLIEnvironment.$home.withValue(home) {
                        let password = await forcekit("login", "--local")
                        #expect(password.exitCode == 1)
                        #expect(password.error.contains("This org requires certificate-based login"), "\(password.error)")
                        let file = try scratch.file(try authority.issue(commonName: org.credentials.username).pem, name: "admin.pem")
                        let certificate = await forcekit("login", "--local", "--cert", file)
                        #expect(certificate.exitCode == 0, "\(certificate.error)")
                    }
                }
            }
        }
    }

    @Test("without --client-ca the login page offers no certificate login, and --cert says so")
    func notOffered() async throws {
        try await withScratch { scratch in
            let authority = try UserCertificateAuthority(name: "Acme Users CA")
            var configuration = LocalOrgConfiguration()
            configuration.tls = true
            try await withLocalOrg(configuration: configuration) { org in
                try await withTemporaryDirectory { home in
                    try record(org, in: home)
                    try await CLIEnvironment.$home.withValue(home) {
                        let file = try scratch.file(try authority.issue(commonName: org.credentials.username).pem, name: "admin.pem")
                        let login = await forcekit("login", "--local", "--cert", file)
                        #expect(login.exitCode == 1 && login.error.contains("--client-ca"), "\(login.error)")
                    }
                }
            }
        }
    }

    /// Records `org` as `forcekit serve` does, in `home`.
    private func record(_ org: TestOrg, in home: URL) throws {
        try CLIEnvironment.$home.withValue(home) { try RunningLocalOrg(org.credentials, dataDirectory: nil).save() }
    }
}

/// A certificate authority that issues user authentication certificates, as a company's does.
struct UserCertificateAuthority {
    private let key = P256.Signing.PrivateKey()
    private let name: DistinguishedName
    let certificate: Certificate

    init(name: String) throws {
        self.name = try DistinguishedName {
            OrganizationName("Acme")
            CommonName(name)
        }
        let now = Date()
        certificate = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: Certificate.PublicKey(key.publicKey),
            notValidBefore: now.addingTimeInterval(-3600), notValidAfter: now.addingTimeInterval(365 * 86_400), issuer: self.name,
            subject: self.name, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
            },
            issuerPrivateKey: Certificate.PrivateKey(key))
    }

    /// The authority's certificate, PEM.
    var pem: String { (try? certificate.serializeAsPEM().pemString) ?? "" }

    /// The authority's private key, PEM (PKCS #8), as `openssl ca` reads it.
    var keyPEM: String { key.pemRepresentation }

    /// A user certificate for `commonName`, valid over `validity`.
    func issue(
        commonName: String, validity: ClosedRange<Date> = Date().addingTimeInterval(-3600)...Date().addingTimeInterval(86_400),
        forClientAuthentication: Bool = true, serial: Certificate.SerialNumber = Certificate.SerialNumber()
    ) throws -> UserCertificate {
        let userKey = P256.Signing.PrivateKey()
        let issued = try Certificate(
            version: .v3, serialNumber: serial, publicKey: Certificate.PublicKey(userKey.publicKey),
            notValidBefore: validity.lowerBound, notValidAfter: validity.upperBound, issuer: name,
            subject: try DistinguishedName { CommonName(commonName) }, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([forClientAuthentication ? .clientAuth : .serverAuth])
            },
            issuerPrivateKey: Certificate.PrivateKey(key))
        return UserCertificate(certificatePEM: try issued.serializeAsPEM().pemString, keyPEM: userKey.pemRepresentation)
    }
}

/// A user certificate and its key.
struct UserCertificate {
    let certificatePEM: String
    let keyPEM: String

    /// The certificate and its key in one file, as `--cert` takes them.
    var pem: String { certificatePEM + "\n" + keyPEM + "\n" }
}

/// The `openssl` command, the tool an administrator lists revoked serials with: what it prints is
/// the expected form, never ForceKit's own formatting.
enum OpenSSL {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `openssl` commands, one a line, in one shell (one process started, not one each),
    /// and returns what they printed.
    @discardableResult
    static func run(_ commands: [String]) throws -> String {
        let shell = try ChildProcess.run("/bin/sh", ["-ec", commands.joined(separator: "\n")], errors: .merged)
        let printed = shell.text
        guard shell.status == 0 else { throw Failure(description: "\(commands.joined(separator: "; ")): \(printed)") }
        return printed
    }

    /// `serial=…` as `openssl x509 -noout -serial` prints it for the certificate in `file`.
    static func serial(of file: String) throws -> String {
        try run(["openssl x509 -noout -serial -in '\(file)'"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A minimal `openssl ca` configuration over the authority's files and `database` (index.txt).
    static func caConfiguration(in scratch: Scratch, certificate: String, key: String, database: String) throws -> String {
        try scratch.file(
            """
            [ ca ]
            default_ca = local
            [ local ]
            database = \(database)
            certificate = \(certificate)
            private_key = \(key)
            new_certs_dir = \((database as NSString).deletingLastPathComponent)
            default_md = sha256
            policy = anything
            [ anything ]
            commonName = supplied

            """, name: "ca.cnf")
    }
}
