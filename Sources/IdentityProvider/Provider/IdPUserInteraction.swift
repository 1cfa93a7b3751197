public import SalesforceAuth

/// What the IdP asks its user: which account, whether to let an app in, and to log in. The app
/// shows its screens; a demo or a test answers from a script.
public protocol IdPUserInteraction: Sendable {
    /// The account to log `serviceProvider` in with, among `accounts`: one of them, a new one
    /// (``logIn()`` follows), or none.
    func chooseAccount(among accounts: [UserAccount], for serviceProvider: AllowedServiceProvider) async -> IdPAccountPick

    /// Whether the user lets `serviceProvider` in as `account`; not asked for trusted SPs.
    func allowAccess(for serviceProvider: AllowedServiceProvider, as account: UserAccount) async -> Bool

    /// Logs a user in to the IdP itself (the login screen) and returns the new account.
    func logIn() async throws -> UserAccount
}

/// The user's answer on the account screen.
public enum IdPAccountPick: Sendable, Equatable {
    /// This account.
    case account(UserAccount)
    /// A new account: the login screen.
    case addAccount
    /// Cancelled.
    case cancel
}
