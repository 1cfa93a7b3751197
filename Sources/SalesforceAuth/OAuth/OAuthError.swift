public import SalesforceCore

/// An OAuth failure: the server's `error` and `error_description`, or one of ForceKit's own.
///
/// `catch` can name its ``Kind-swift.struct``, as it names the codes of every ForceKit error:
///
/// ```swift
/// do {
///     credentials = try await client.refresh(credentials)
/// } catch OAuthError.Kind.invalidGrant {
///     // The refresh token was revoked: show the login screen.
/// }
/// ```
public struct OAuthError: CodedForceKitError, Equatable {
    /// The error's kind, as Salesforce names it.
    public struct Kind: ForceKitErrorCode {
        /// The error this kind belongs to.
        public typealias CodedError = OAuthError
        /// The wire name, such as `invalid_grant`.
        public let rawValue: String
        /// Creates a kind from its wire name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// A bad, expired or revoked refresh token or code, or wrong credentials.
        public static let invalidGrant = Kind(rawValue: "invalid_grant")
        /// The consumer key is unknown.
        public static let invalidClientID = Kind(rawValue: "invalid_client_id")
        /// The client's secret is wrong.
        public static let invalidClient = Kind(rawValue: "invalid_client")
        /// A parameter is missing or wrong.
        public static let invalidRequest = Kind(rawValue: "invalid_request")
        /// The user is inactive.
        public static let inactiveUser = Kind(rawValue: "inactive_user")
        /// The org is inactive.
        public static let inactiveOrg = Kind(rawValue: "inactive_org")
        /// Too many requests.
        public static let rateLimitExceeded = Kind(rawValue: "rate_limit_exceeded")
        /// The user denied access.
        public static let accessDenied = Kind(rawValue: "access_denied")
        /// The redirect URI is not the connected app's.
        public static let redirectURIMismatch = Kind(rawValue: "redirect_uri_mismatch")
        /// The token is not one the server can revoke.
        public static let unsupportedTokenType = Kind(rawValue: "unsupported_token_type")
        /// ForceKit: the server's answer could not be read.
        public static let malformedResponse = Kind(rawValue: "malformed_response")
        /// ForceKit: the callback's `state` is not the login's.
        public static let stateMismatch = Kind(rawValue: "state_mismatch")
        /// ForceKit: the user closed the browser.
        public static let cancelled = Kind(rawValue: "cancelled")
        /// ForceKit: the browser could not be opened.
        public static let browserLaunchFailed = Kind(rawValue: "browser_launch_failed")
        /// ForceKit: no callback arrived in time.
        public static let timedOut = Kind(rawValue: "auth_timeout")
        /// ForceKit: the token endpoint could not be reached.
        public static let network = Kind(rawValue: "network_error")
        /// ForceKit: the account has no refresh token to refresh with.
        public static let noRefreshToken = Kind(rawValue: "no_refresh_token")
    }

    /// The kind.
    public var kind: Kind
    /// The kind, under the name every ForceKit error gives it.
    public var code: Kind { kind }
    /// The server's or ForceKit's description.
    public var errorDescription: String?
    /// The HTTP status of the token endpoint's answer, when there was one.
    public var status: Int?
    /// The transport's failure, for ``Kind-swift.struct/network``: tells an unreachable server from
    /// a refused certificate or a timeout.
    public var transportError: TransportError?

    /// An error of a known kind.
    public init(_ kind: Kind, _ description: String? = nil, status: Int? = nil) {
        self.kind = kind
        self.errorDescription = description
        self.status = status
    }

    /// An error from the wire.
    public init(type: String, description: String?, status: Int? = nil) {
        self.init(Kind(rawValue: type), description, status: status)
    }

    /// Whether the server refused the refresh token: `invalid_grant`, or (as the Android SDK
    /// decides) a 400, 401 or 403 from the token endpoint. The user has to log in again, and the
    /// ``UserAccountManager`` logs them out. An account that has no refresh token at all
    /// (``Kind-swift.struct/noRefreshToken``) is not logged out: it waits for a new login.
    public var isRefreshTokenInvalid: Bool {
        kind == .invalidGrant || (kind != .network && kind != .noRefreshToken && [400, 401, 403].contains(status ?? 0))
    }

    /// What went wrong.
    public var message: String {
        "OAuth error \(kind.rawValue)" + (errorDescription.map { ": \($0)" } ?? ".")
    }

    /// What to do.
    public var recoverySuggestion: String? {
        switch kind {
        case .invalidGrant: "Log in again."
        case .invalidClientID, .redirectURIMismatch: "Check the consumer key and callback URL against the connected app."
        case .stateMismatch: "Start the login again; a callback from another login was refused."
        case .network: "Check the connection and try again."
        case .noRefreshToken:
            "Log in again. A password-flow login never has a refresh token; a browser login has one when the connected app grants the refresh_token scope."
        default: nil
        }
    }
}
