/// What the connection of a certificate-based login presented, once the server has checked it
/// against the org's client certificate authority.
package enum PresentedCertificate: Sendable, Equatable {
    /// The browser sent no certificate.
    case none
    /// A certificate the org does not accept (expired, revoked, from another CA, not for client
    /// authentication), with the reason the login page shows.
    case refused(String)
    /// A valid certificate, with the names it can identify a user by (the subject's common
    /// name and email address, the alternative names' email addresses), in that order.
    case valid(names: [String])
}

/// How an org's login pages take certificates: offered beside the password, or required.
package struct CertificateLoginPolicy: Sendable {
    /// Whether every login must present a certificate (the password form is not offered).
    package var isRequired: Bool
    /// The certificate of the connection an authorize request came on, checked.
    package var presented: @Sendable () async -> PresentedCertificate

    /// A policy from its parts.
    package init(isRequired: Bool, presented: @escaping @Sendable () async -> PresentedCertificate) {
        self.isRequired = isRequired
        self.presented = presented
    }
}
