import Foundation
import SalesforceCore

/// What the routes share: the store, the OAuth service, the settings and the server's own
/// URL (known once it has bound its port).
final class LocalOrgServices: Sendable {
    let store: OrgStore
    let oauth: OAuthService
    let settings: OrgSettings
    /// API usage and the other limits `GET limits` reports.
    let limits: APILimits
    /// Whether devices can register for push.
    let pushEnabled: Bool
    /// The configured Apex REST endpoints.
    let apexRoutes: [ApexRoute]
    private let address = Locked("http://127.0.0.1")
    /// Logins waiting for the user's consent, by ticket.
    let pendingConsents = Locked([String: PendingConsent]())

    struct PendingConsent: Sendable {
        var userID: String
        var username: String
        var app: ConnectedApp
        var parameters: AuthorizeParameters
        var scopes: [String]
        var expires: Date
    }

    init(store: OrgStore, oauth: OAuthService, settings: OrgSettings, pushEnabled: Bool = true, apexRoutes: [ApexRoute] = []) {
        self.pushEnabled = pushEnabled
        self.apexRoutes = apexRoutes
        self.store = store
        self.oauth = oauth
        self.settings = settings
        limits = APILimits(clock: store.clock)
    }

    /// `https://127.0.0.1:8443`, the instance and login URL.
    var baseURL: String {
        get { address.withLock { $0 } }
        set { address.withLock { $0 = newValue } }
    }

    /// The identity URL of a user.
    func identityURL(userID: String) -> String {
        "\(baseURL)/id/\(settings.organizationID)/\(userID)"
    }
}

/// The parameters of an authorize request.
struct AuthorizeParameters: Sendable {
    var responseType: String
    var clientID: String
    var redirectURI: String
    var state: String?
    var scope: String?
    var codeChallenge: String?

    init(_ fields: [String: String]) {
        responseType = fields["response_type"] ?? ""
        clientID = fields["client_id"] ?? ""
        redirectURI = fields["redirect_uri"] ?? ""
        state = fields["state"]
        scope = fields["scope"]
        codeChallenge = fields["code_challenge"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The fields to carry through the login form.
    var formFields: [String: String] {
        var fields = ["response_type": responseType, "client_id": clientID, "redirect_uri": redirectURI]
        fields["state"] = state
        fields["scope"] = scope
        fields["code_challenge"] = codeChallenge
        return fields
    }
}
