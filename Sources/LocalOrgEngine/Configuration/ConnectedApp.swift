import SalesforceCore

/// A connected app: the client that may ask for tokens, where it may be sent back, and the
/// scopes it may have.
package struct ConnectedApp: Sendable, Equatable {
    /// The app's name.
    package var name: String
    /// The consumer key, sent as `client_id`.
    package var consumerKey: String
    /// The consumer secret, for server apps; nil for mobile apps, which have none.
    package var consumerSecret: String?
    /// The callback URLs a `redirect_uri` must equal exactly (the first is the default).
    package var callbackURLs: [String]
    /// The scopes the app may be granted.
    package var scopes: [String]
    /// Whether the web-server flow must send the secret (off for mobile apps).
    package var requireSecretForWebServerFlow: Bool
    /// The PIN length the identity response's `mobile_policy` asks for (0 for none).
    package var pinLength: Int
    /// The inactivity minutes before the app locks, for `mobile_policy` (0 for none).
    package var screenLockMinutes: Int
    /// Whether each refresh answers with a new refresh token and invalidates the one it used
    /// (the connected app's Refresh Token Rotation).
    package var rotatesRefreshTokens: Bool
    /// Whether its users must log in with a client certificate (the password form is not offered),
    /// as an MDM-deployed app with `RequireCertAuth` expects.
    package var requiresCertificateLogin: Bool

    /// Creates an app.
    package init(
        name: String, consumerKey: String, consumerSecret: String? = nil, callbackURLs: [String],
        scopes: [String] = ["api", "web", "refresh_token", "id", "openid", "chatter_api", "custom_permissions"],
        requireSecretForWebServerFlow: Bool = false, pinLength: Int = 4, screenLockMinutes: Int = 10, rotatesRefreshTokens: Bool = false,
        requiresCertificateLogin: Bool = false
    ) {
        self.name = name
        self.consumerKey = consumerKey
        self.consumerSecret = consumerSecret
        self.callbackURLs = callbackURLs
        self.scopes = scopes
        self.requireSecretForWebServerFlow = requireSecretForWebServerFlow
        self.pinLength = pinLength
        self.screenLockMinutes = screenLockMinutes
        self.rotatesRefreshTokens = rotatesRefreshTokens
        self.requiresCertificateLogin = requiresCertificateLogin
    }

    /// The Mobile SDK's public sample app, with the SDK's callback and the CLI's loopback one
    /// (any port, RFC 8252).
    static let mobileSDKSample = ConnectedApp(
        name: "Mobile SDK Sample App", consumerKey: MobileSDKSampleApp.consumerKey,
        callbackURLs: [MobileSDKSampleApp.callbackURL, "http://127.0.0.1:1717/oauth/callback"])

    /// The sample identity-provider client (SP): secret-less, with its own callback scheme.
    static let sampleServiceProvider = ConnectedApp(
        name: "ForceKit Sample Service Provider", consumerKey: SampleServiceProviderApp.consumerKey,
        callbackURLs: [SampleServiceProviderApp.callbackURL])

    var json: JSON {
        var object: [String: JSON] = [
            "name": .string(name), "consumerKey": .string(consumerKey),
            "callbackUrls": .array(callbackURLs.map(JSON.string)), "scopes": .array(scopes.map(JSON.string)),
            "requireSecretForWebServerFlow": .bool(requireSecretForWebServerFlow),
            "mobilePolicy": ["pinLength": .integer(Int64(pinLength)), "screenLockMinutes": .integer(Int64(screenLockMinutes))],
        ]
        object["consumerSecret"] = consumerSecret.map(JSON.string) ?? .null
        if rotatesRefreshTokens { object["rotateRefreshTokens"] = true }
        if requiresCertificateLogin { object["requireCertificateLogin"] = true }
        return .object(object)
    }

    init(json: JSON, at place: String, file: String) throws(LocalOrgError) {
        func fail(_ reason: String) -> LocalOrgError { .invalidConfiguration(file: file, reason: "\(place): \(reason)") }
        guard let name = json["name"]?.stringValue, !name.isEmpty else { throw fail("\"name\" is missing") }
        guard let key = json["consumerKey"]?.stringValue, !key.isEmpty else { throw fail("\"consumerKey\" is missing") }
        guard let callbacks = json["callbackUrls"]?.arrayValue?.compactMap(\.stringValue), !callbacks.isEmpty else {
            throw fail("\"callbackUrls\" must list at least one URL")
        }
        self.init(
            name: name, consumerKey: key, consumerSecret: json["consumerSecret"]?.stringValue, callbackURLs: callbacks,
            scopes: json["scopes"]?.arrayValue?.compactMap(\.stringValue) ?? ["api", "web", "refresh_token"],
            requireSecretForWebServerFlow: json["requireSecretForWebServerFlow"]?.boolValue ?? false,
            pinLength: Int(json["mobilePolicy"]?["pinLength"]?.integerValue ?? 0),
            screenLockMinutes: Int(json["mobilePolicy"]?["screenLockMinutes"]?.integerValue ?? 0),
            rotatesRefreshTokens: json["rotateRefreshTokens"]?.boolValue ?? false,
            requiresCertificateLogin: json["requireCertificateLogin"]?.boolValue ?? false)
    }
}
