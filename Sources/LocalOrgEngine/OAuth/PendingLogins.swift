import Foundation
import SalesforceCore

/// Logins that passed the password check and wait for the user's consent, by ticket: the
/// consent page posts the ticket back, so the password is never sent twice.
final class PendingLogins: Sendable {
    struct Login: Sendable {
        var userID: String
        var username: String
        var app: ConnectedApp
        var parameters: AuthorizeParameters
        var scopes: [String]
        var expires: Date
    }

    private let logins = Locked([String: Login]())

    /// Keeps a login for ten minutes and returns its ticket.
    func add(_ login: Login, now: Date) -> String {
        let ticket = RandomText.make(length: 40, alphabet: RandomText.tokenAlphabet)
        logins.withLock { logins in
            logins = logins.filter { $0.value.expires > now }
            logins[ticket] = login
        }
        return ticket
    }

    /// The login of a ticket, removed so the ticket works once; nil when unknown or expired.
    func take(_ ticket: String, now: Date) -> Login? {
        guard let login = logins.withLock({ $0.removeValue(forKey: ticket) }), login.expires > now else { return nil }
        return login
    }
}
