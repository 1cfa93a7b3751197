public import IdentityProvider
public import SalesforceAuth
public import SalesforceCore

/// An IdP user who answers from a script: picks a given account (or the first offered), allows
/// or denies access, and logs in through a given function. For demos and tests, where no one
/// taps the screens.
public struct ScriptedIdPUser: IdPUserInteraction {
    /// The account to pick; the first offered when nil.
    public var picks: UserIdentity?
    /// Whether access is allowed on the consent screen.
    public var allowsAccess: Bool
    /// What the login screen does; nil when the user cannot log in here.
    public var logsIn: (@Sendable () async throws -> UserAccount)?
    /// Called with the SP's name each time consent is asked.
    public var onConsent: (@Sendable (String) async -> Void)?

    /// A user with these answers.
    public init(
        picks: UserIdentity? = nil, allowsAccess: Bool = true, logsIn: (@Sendable () async throws -> UserAccount)? = nil,
        onConsent: (@Sendable (String) async -> Void)? = nil
    ) {
        self.picks = picks
        self.allowsAccess = allowsAccess
        self.logsIn = logsIn
        self.onConsent = onConsent
    }

    /// The scripted account, or the first offered.
    public func chooseAccount(among accounts: [UserAccount], for serviceProvider: AllowedServiceProvider) async -> IdPAccountPick {
        if let picks {
            return accounts.first { $0.identity == picks }.map(IdPAccountPick.account) ?? .addAccount
        }
        return accounts.first.map(IdPAccountPick.account) ?? .addAccount
    }

    /// The scripted decision.
    public func allowAccess(for serviceProvider: AllowedServiceProvider, as account: UserAccount) async -> Bool {
        await onConsent?(serviceProvider.name)
        return allowsAccess
    }

    /// The scripted login.
    public func logIn() async throws -> UserAccount {
        guard let logsIn else {
            throw IdPError(
                code: .noAccount, message: "No user is logged in to the identity provider.", recoverySuggestion: "Log in to it first.")
        }
        return try await logsIn()
    }
}
