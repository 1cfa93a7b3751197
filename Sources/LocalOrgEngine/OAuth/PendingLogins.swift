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
        /// The value of the cookie the consent page set: the decision must come with it.
        var browserBinding = RandomText.make(length: 32, alphabet: RandomText.tokenAlphabet)
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

    /// The login of a ticket, removed so the ticket works once; nil when unknown, expired, or
    /// answered from another browser than the one shown the consent page.
    func take(_ ticket: String, binding: String?, now: Date) -> Login? {
        guard let login = logins.withLock({ $0.removeValue(forKey: ticket) }), login.expires > now, login.browserBinding == binding else {
            return nil
        }
        return login
    }

    /// The browser binding of a waiting login.
    func binding(of ticket: String) -> String? { logins.withLock { $0[ticket]?.browserBinding } }
}
