import Foundation
package import SalesforceCore

/// One org: its records, OAuth state, settings and limits, and the REST API answered over
/// them. What LocalOrg's HTTP server maps requests onto, with no HTTP of its own, so that a
/// test or a tool can call the same API directly.
package final class Org: Sendable {
    /// The org's data.
    package let store: OrgStore
    /// Tokens, codes and passwords.
    package let oauth: OAuthService
    /// The org id, the default user and the connected apps.
    package let settings: OrgSettings
    /// The default user, the one `localorg.json` names.
    package let defaultUser: UserIdentity
    /// API usage and the other limits `GET limits` reports.
    package let limits: APILimits
    /// Whether devices can register for push.
    package let pushEnabled: Bool
    /// The configured Apex REST endpoints.
    package let apex: ApexAPI
    /// The instrumentation events apps published.
    package let analytics = AnalyticsInbox()
    /// Logins waiting for the user's consent.
    let logins = ExpiringSecrets<PendingLogin>(secretLength: 40)
    /// Signed-in browsers, by the `sid` cookie's value.
    let webSessions = ExpiringSecrets<WebSession>(secretLength: 48)
    /// The UI Bridge API's one-time `frontdoor.jsp` links.
    let oneTimeLinks = ExpiringSecrets<OneTimeLink>(secretLength: 48)
    /// The key that signs ID tokens, once read or made (see ``signingKey()``).
    let loadedSigningKey = Locked<SigningKey?>(nil)
    private let address = Locked("http://127.0.0.1")

    init(store: OrgStore, oauth: OAuthService, settings: OrgSettings, defaultUser: UserIdentity, pushEnabled: Bool, apexRoutes: [ApexRoute])
    {
        self.store = store
        self.settings = settings
        self.defaultUser = defaultUser
        self.oauth = oauth
        self.limits = APILimits(clock: store.clock)
        self.pushEnabled = pushEnabled
        self.apex = ApexAPI(routes: apexRoutes)
    }

    /// `https://127.0.0.1:8443`: the instance and login URL, known once the server has bound its port.
    package var baseURL: String {
        get { address.current }
        set { address.withLock { $0 = newValue } }
    }

    /// The identity URL of a user.
    func identityURL(userID: String) -> String {
        "\(baseURL)/id/\(settings.organizationID)/\(userID)"
    }

    /// Answers a call on the data API as the session's user, in the transaction the call's
    /// resource asks for.
    package func answer(_ call: RestCall, as session: Session) async throws(APIError) -> RestReply {
        try await answer(call, asUser: session.userID)
    }

    /// Answers a call on the data API as a user: the console's pages, which stand on a browser
    /// session, use the API as an app does.
    package func answer(_ call: RestCall, asUser userID: String) async throws(APIError) -> RestReply {
        let api = DataAPI(
            store: store, userID: userID, limits: limits, pushEnabled: pushEnabled, analytics: analytics, instanceURL: baseURL,
            sites: settings.sites)
        let resolved = try api.resolve(call)
        switch resolved.access {
        case .read: return try await store.read(resolved.answer)
        case .write: return try await store.write(resolved.answer)
        case .ownTransaction: return try await store.writeWithoutTransaction(resolved.answer)
        }
    }
}
