import Crypto
public import Foundation
public import SalesforceCore

/// The tokens a login or refresh returned, every field read.
public struct TokenResponse: Sendable, Equatable {
    /// The session id REST calls send as a bearer token.
    public var accessToken: String
    /// The token that gets new access tokens; only when `refresh_token` was granted.
    public var refreshToken: String?
    /// Where REST calls go.
    public var instanceURL: URL
    /// The identity URL, `https://<host>/id/<orgId>/<userId>`.
    public var identityURL: URL
    /// When the token was issued (`issued_at`, epoch milliseconds).
    public var issuedAt: Date?
    /// Base64 HMAC-SHA256 of `id` + `issued_at` under the consumer secret.
    public var signature: String?
    /// The scopes granted.
    public var scopes: [String]
    /// `Bearer`.
    public var tokenType: String?
    /// The OpenID Connect id token, with the `openid` scope.
    public var idToken: String?
    /// Who the tokens belong to: the org and user of the identity URL, and the community
    /// (`sfdc_community_id`) when the user logged in through one.
    public var identity: UserIdentity
    /// The community's URL; API calls go there instead of the instance.
    public var communityURL: URL?
    /// Every other field, kept as sent.
    public var additionalFields: [String: String]
    // The signature covers issued_at as sent, so it is kept as text too.
    private var issuedAtText: String?

    static let knownFields: Set<String> = [
        "access_token", "refresh_token", "instance_url", "id", "issued_at", "signature", "scope", "token_type", "id_token",
        "sfdc_community_id", "sfdc_community_url", "state",
    ]

    /// Reads the fields of a callback fragment or a token endpoint's JSON.
    public init(fields: [String: String]) throws(OAuthError) {
        guard let accessToken = fields["access_token"], !accessToken.isEmpty else {
            throw OAuthError(.malformedResponse, "The response has no access_token.")
        }
        guard let instance = fields["instance_url"], let instanceURL = URL(string: instance), instanceURL.host != nil else {
            throw OAuthError(.malformedResponse, "The response has no valid instance_url.")
        }
        guard let identity = fields["id"], let identityURL = URL(string: identity) else {
            throw OAuthError(.malformedResponse, "The response has no valid identity URL (id).")
        }
        var community: SalesforceID?
        if let text = fields["sfdc_community_id"], !text.isEmpty {
            do {
                community = try SalesforceID(text)
            } catch {
                throw OAuthError(.malformedResponse, "The response's sfdc_community_id is not a community id: \(error.message)")
            }
        }
        guard let user = UserIdentity(identityURLPath: identityURL.path, communityID: community) else {
            throw OAuthError(.malformedResponse, "The identity URL (id) \(identity) does not end with an org id and a user id.")
        }
        self.accessToken = accessToken
        self.refreshToken = fields["refresh_token"].flatMap { $0.isEmpty ? nil : $0 }
        self.instanceURL = instanceURL
        self.identityURL = identityURL
        self.identity = user
        self.issuedAtText = fields["issued_at"]
        self.issuedAt = fields["issued_at"].flatMap(Double.init).map { Date(timeIntervalSince1970: $0 / 1000) }
        self.signature = fields["signature"]
        self.scopes = fields["scope"].map { $0.split(atScalars: [" "]) } ?? []
        self.tokenType = fields["token_type"]
        self.idToken = fields["id_token"]
        self.communityURL = fields["sfdc_community_url"].flatMap(URL.init(string:))
        self.additionalFields = fields.filter { !Self.knownFields.contains($0.key) }
    }

    /// Reads a token endpoint's JSON body; an `error` object becomes an ``OAuthError``.
    public init(json data: Data) throws(OAuthError) {
        guard let json = try? JSON(parsing: Array(data)), let object = json.objectValue else {
            throw OAuthError(.malformedResponse, "The token endpoint answered something that is not a JSON object.")
        }
        var fields: [String: String] = [:]
        for (key, value) in object {
            switch value {
            case .string(let text): fields[key] = text
            case .integer(let number): fields[key] = String(number)
            case .double(let number): fields[key] = String(number)
            case .bool(let flag): fields[key] = String(flag)
            default: break
            }
        }
        if let error = fields["error"] { throw OAuthError(type: error, description: fields["error_description"]) }
        try self.init(fields: fields)
    }

    /// Checks the signature with the consumer secret. Mobile apps have no secret and cannot; a
    /// server-side tool that has one should.
    /// - Returns: Whether `signature` is the HMAC-SHA256 of `id` + `issued_at` under `secret`.
    public func hasValidSignature(secret: String) -> Bool {
        guard let signature, let expected = Data(base64Encoded: signature),
            let issued = issuedAtText
        else { return false }
        return HMAC<SHA256>.isValidAuthenticationCode(
            expected, authenticating: Data((identityURL.absoluteString + issued).utf8),
            using: SymmetricKey(data: Data(secret.utf8)))
    }
}
