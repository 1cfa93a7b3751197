public import SalesforceCore

/// Why an identity-provider message or handoff failed: what went wrong, naming the message or
/// app, and what to do.
///
/// Like the other ForceKit errors it is a struct with a ``Code``, so new failures can be added
/// without breaking an app's `switch`:
///
/// ```swift
/// do {
///     _ = try await client.logIn()
/// } catch IdPError.Code.identityProviderUnavailable {
///     // No IdP app on this device: log in with the browser instead.
/// }
/// ```
public struct IdPError: CodedForceKitError, Hashable {
    /// What kind of failure it is; a `switch` over codes needs a `default`.
    public struct Code: ForceKitErrorCode {
        /// The error this code belongs to.
        public typealias CodedError = IdPError

        /// The code's name; the one an ``IdPErrorResponse`` carries as `error_code`.
        public let rawValue: String
        /// A code by name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The URL is not `<scheme>://oauth2/v1.0/<command>`.
        public static let notAnIdPMessage = Code(rawValue: "not_an_idp_message")
        /// The protocol version is not `v1.0`.
        public static let unsupportedVersion = Code(rawValue: "unsupported_version")
        /// The command is none of `authrequest`, `authresponse`, `error`, `idpinit`.
        public static let unknownCommand = Code(rawValue: "unknown_command")
        /// A required parameter is missing or empty.
        public static let missingParameter = Code(rawValue: "missing_parameter")
        /// A response whose `state` matches no request this app sent: unsolicited, or forged.
        public static let stateMismatch = Code(rawValue: "state_mismatch")
        /// A response to a request that was already answered: a replay.
        public static let replayed = Code(rawValue: "replayed")
        /// The request waited longer than its lifetime.
        public static let requestExpired = Code(rawValue: "request_expired")
        /// The app that sent the message is not the one its URLs name (rogue-SP protection), or
        /// a response came from an app other than the configured IdP.
        public static let rogueCaller = Code(rawValue: "rogue_sp")
        /// The SP's client id, or its redirect URI for that client id, is not on the IdP's allowlist.
        public static let notAllowed = Code(rawValue: "not_allowed")
        /// The user declined to let the app in, or cancelled the account choice.
        public static let accessDenied = Code(rawValue: "access_denied")
        /// The IdP has no account to log in with and could not log one in.
        public static let noAccount = Code(rawValue: "no_account")
        /// The IdP could not obtain an authorization code from Salesforce.
        public static let codeNotObtained = Code(rawValue: "code_not_obtained")
        /// The SP could not exchange the code for tokens.
        public static let tokenExchangeFailed = Code(rawValue: "token_exchange_failed")
        /// No IdP app is configured, installed or able to receive the request.
        public static let identityProviderUnavailable = Code(rawValue: "idp_unavailable")
        /// The other app answered with an error message.
        public static let remoteError = Code(rawValue: "remote_error")
        /// The IdP and SP connected apps share a consumer key.
        public static let sameConsumerKey = Code(rawValue: "same_consumer_key")
        /// The IdP and SP connected apps share a callback URL.
        public static let sameCallbackURL = Code(rawValue: "same_callback_url")
        /// The IdP and SP callback URLs share a scheme, so the OS could not tell the apps apart.
        public static let sameCallbackScheme = Code(rawValue: "same_callback_scheme")
    }

    /// What kind of failure it is.
    public let code: Code
    /// What went wrong.
    public let message: String
    /// What to do about it.
    public let recoverySuggestion: String?

    /// An error from its parts; the module makes its errors with the static functions named like the codes.
    public init(code: Code, message: String, recoverySuggestion: String? = nil) {
        self.code = code
        self.message = message
        self.recoverySuggestion = recoverySuggestion
    }
}

extension IdPError {
    static func notAnIdPMessage(_ url: String) -> IdPError {
        IdPError(
            code: .notAnIdPMessage, message: "\(url) is not an identity-provider message.",
            recoverySuggestion: "Messages have the form <scheme>://oauth2/v1.0/<command>?…; hand other URLs to the app's other handlers.")
    }

    static func unsupportedVersion(_ version: String) -> IdPError {
        IdPError(
            code: .unsupportedVersion, message: "The message uses protocol version \(version); only v1.0 is known.",
            recoverySuggestion: "Update the app that sent it, or this one.")
    }

    static func unknownCommand(_ command: String) -> IdPError {
        IdPError(
            code: .unknownCommand, message: "\"\(command)\" is not an identity-provider command.",
            recoverySuggestion: "The commands are authrequest, authresponse, error and idpinit.")
    }

    static func missingParameter(_ name: String, in command: String) -> IdPError {
        IdPError(
            code: .missingParameter, message: "The \(command) message has no \(name).", recoverySuggestion: "The sending app must set it.")
    }

    static let stateMismatch = IdPError(
        code: .stateMismatch, message: "A response arrived whose state matches no login this app started; it was refused unread.",
        recoverySuggestion: "Nothing to do: only responses to this app's own requests are used. Start the login again if one was under way."
    )

    static let replayed = IdPError(
        code: .replayed, message: "A response arrived for a login that was already answered; the replay was refused.",
        recoverySuggestion: "Nothing to do: each request is answered once.")

    static func requestExpired(after seconds: Int) -> IdPError {
        IdPError(
            code: .requestExpired, message: "The identity provider did not answer within \(seconds) seconds; the request expired.",
            recoverySuggestion: "Start the login again.")
    }
}
