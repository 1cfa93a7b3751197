public import Foundation

/// Certificate-based login: LocalOrg's login pages take user authentication certificates that a
/// certificate authority of yours issued, and log in the user each names, as an org with
/// certificate-based authentication does.
///
/// A certificate is accepted while it is valid, issued by the authority, marked for client
/// authentication (its Extended Key Usage), and not revoked; it logs in the active user whose
/// username, or federation ID (`FederationIdentifier`), is the certificate's subject common name,
/// its subject email address or one of its alternative email names.
public struct ClientCertificateLogin: Sendable {
    /// The certificate authority (PEM, one or more certificates) whose user certificates log in.
    public var authorityFile: URL
    /// Revoked certificates: a text file of serial numbers in hexadecimal (colons allowed), one a
    /// line, and PEM certificates; read at each login, so an edit revokes at once.
    public var revocationFile: URL?
    /// Whether every login must use a certificate: the username and password form is not offered.
    /// (One connected app alone: `"requireCertificateLogin": true` in `localorg.json`.)
    public var isRequired: Bool

    /// Certificate-based login with the authority in `authorityFile`.
    public init(authorityFile: URL, revocationFile: URL? = nil, isRequired: Bool = false) {
        self.authorityFile = authorityFile
        self.revocationFile = revocationFile
        self.isRequired = isRequired
    }
}
