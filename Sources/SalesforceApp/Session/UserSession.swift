import MobileSync
import SalesforceAuth
import SalesforceCore
import SalesforceREST
import SmartStore

/// What the app keeps for one signed-in user while the process runs: the REST client, and the
/// sync manager once asked for. Each is made on first use and shared.
struct UserSession: Sendable {
    let client: RestClient
    var syncManager: SyncManager?
    /// Whether the user's default store has the soups of `userstore.json`.
    var storeIsSetUp = false
}

/// Refreshes a user's token through the account manager and, when the server has revoked the
/// refresh token, has the app remove the user's data as a logout does.
final class SessionRefresher: CredentialsRefresher {
    private let accounts: UserAccountManager
    private weak let app: SalesforceApp?

    init(accounts: UserAccountManager, app: SalesforceApp) {
        self.accounts = accounts
        self.app = app
    }

    func refreshedCredentials(for credentials: OAuthCredentials) async throws(OAuthError) -> OAuthCredentials {
        do {
            let refreshed = try await accounts.refreshedCredentials(for: credentials)
            await app?.recordSystemEvent("tokenRefresh", component: "OAuthCoordinator", for: credentials.identity)
            return refreshed
        } catch {
            // The account manager has logged the user out; their stores and syncs go too.
            if error.isRefreshTokenInvalid { await app?.forgetRevokedUser(credentials.identity) }
            throw error
        }
    }
}
