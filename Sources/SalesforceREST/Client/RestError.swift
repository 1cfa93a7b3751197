public import Foundation
public import SalesforceAuth
public import SalesforceCore

/// One error of a Salesforce error answer: `[{"message": …, "errorCode": …, "fields": […]}]`.
public struct SalesforceError: Sendable, Equatable, Decodable {
    /// The code, such as `INVALID_SESSION_ID` or `REQUIRED_FIELD_MISSING`.
    public var errorCode: String
    /// Salesforce's message.
    public var message: String
    /// The fields concerned, when the error names them.
    public var fields: [String]?

    /// Creates an error.
    public init(errorCode: String, message: String, fields: [String]? = nil) {
        self.errorCode = errorCode
        self.message = message
        self.fields = fields
    }

    /// The errors of an answer's body; empty when it is not Salesforce's error array.
    public static func errors(in body: Data) -> [SalesforceError] {
        guard let json = try? JSON(parsing: body) else { return [] }
        let items = json.arrayValue ?? (json.objectValue != nil ? [json] : [])
        return items.compactMap { item in
            guard let code = item["errorCode"]?.stringValue ?? item["error"]?.stringValue else { return nil }
            return SalesforceError(
                errorCode: code, message: item["message"]?.stringValue ?? item["error_description"]?.stringValue ?? "",
                fields: item["fields"]?.arrayValue?.compactMap(\.stringValue))
        }
    }
}

/// Why a REST call failed: a ``Code`` to compare against, a message, what to do, and for an
/// error answer the server's status, headers, body and Salesforce errors.
///
/// The error is a struct, not an enum, so that new failures can be told apart without breaking
/// an app's exhaustive `switch`. Compare its code, or catch a code directly:
///
/// ```swift
/// do {
///     try await client.send(client.requests.retrieve("Account", id: id))
/// } catch let error as RestError where error.status == 404 {
///     // deleted on the server
/// } catch RestError.Code.refreshFailed {
///     showLogin()
/// }
/// ```
public struct RestError: CodedForceKitError {
    /// What kind of failure it is. New codes may be added in any release, so a `switch` over
    /// codes needs a `default`.
    public struct Code: ForceKitErrorCode {
        /// The error this code belongs to.
        public typealias CodedError = RestError

        /// The code's name, such as `http`.
        public let rawValue: String

        /// A code by name.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// The request cannot be sent as built.
        public static let invalidRequest = Code(rawValue: "invalidRequest")
        /// The request needs a logged-in user and the client has none.
        public static let notLoggedIn = Code(rawValue: "notLoggedIn")
        /// The request was cancelled.
        public static let cancelled = Code(rawValue: "cancelled")
        /// The server did not answer in time.
        public static let timeout = Code(rawValue: "timeout")
        /// The request did not reach the server; ``RestError/underlyingError`` is the
        /// transport's error.
        public static let transport = Code(rawValue: "transport")
        /// The server answered with an error status; ``RestError/response`` has the answer.
        public static let http = Code(rawValue: "http")
        /// The access token expired and could not be refreshed; ``RestError/oauthError`` says
        /// why. When it `isRefreshTokenInvalid`, the user was logged out; without a
        /// refresh token (`noRefreshToken`) the account stays,
        /// and either way only a new login helps.
        public static let refreshFailed = Code(rawValue: "refreshFailed")
        /// The answer could not be decoded as asked.
        public static let decoding = Code(rawValue: "decoding")
    }

    /// An error answer from the server.
    public struct Response: Sendable {
        /// The HTTP status.
        public let status: Int
        /// The URL the request went to.
        public let url: URL
        /// The headers, with lower-cased names.
        public let headers: [String: String]
        /// The body as sent.
        public let body: Data
        /// Salesforce's errors in the body; empty when it has none.
        public let errors: [SalesforceError]
    }

    /// What kind of failure it is.
    public let code: Code
    /// What went wrong.
    public let message: String
    /// What to do about it, when there is something to do.
    public let recoverySuggestion: String?
    /// The server's answer, for ``Code/http``.
    public let response: Response?
    /// The error underneath: a `TransportError` for ``Code/transport``, an `OAuthError` for
    /// ``Code/refreshFailed``.
    public let underlyingError: (any Error & Sendable)?

    /// An error from its parts; the client makes its errors with the static functions named
    /// like the codes.
    public init(
        code: Code, message: String, recoverySuggestion: String? = nil, response: Response? = nil,
        underlyingError: (any Error & Sendable)? = nil
    ) {
        self.code = code
        self.message = message
        self.recoverySuggestion = recoverySuggestion
        self.response = response
        self.underlyingError = underlyingError
    }

    /// The HTTP status, for ``Code/http``.
    public var status: Int? { response?.status }

    /// The Salesforce errors, for ``Code/http``.
    public var salesforceErrors: [SalesforceError] { response?.errors ?? [] }

    /// Why the refresh failed, for ``Code/refreshFailed``.
    public var oauthError: OAuthError? { underlyingError as? OAuthError }
}

extension RestError {
    /// ``Code/invalidRequest``.
    public static func invalidRequest(_ reason: String) -> RestError {
        RestError(code: .invalidRequest, message: "The request is invalid: \(reason)")
    }

    /// ``Code/notLoggedIn``.
    public static let notLoggedIn = RestError(
        code: .notLoggedIn, message: "The request needs a logged-in user.", recoverySuggestion: "Log in first (forcekit login).")

    /// ``Code/cancelled``.
    public static let cancelled = RestError(code: .cancelled, message: "The request was cancelled.")

    /// ``Code/timeout``.
    public static let timeout = RestError(
        code: .timeout, message: "The server did not answer in time.", recoverySuggestion: "Check the connection and try again.")

    /// ``Code/transport``.
    public static func transport(_ error: TransportError) -> RestError {
        RestError(
            code: .transport, message: error.description, recoverySuggestion: "Check the connection and try again.", underlyingError: error)
    }

    /// ``Code/http``: the answer, with Salesforce's errors read from its body.
    public static func http(status: Int, url: URL, headers: [String: String], body: Data) -> RestError {
        let errors = SalesforceError.errors(in: body)
        let message =
            if let first = errors.first {
                "\(first.errorCode): \(first.message)" + (errors.count > 1 ? " (and \(errors.count - 1) more)" : "")
                    + " [\(status) from \(url.path)]"
            } else {
                "The server answered \(status) for \(url.path)"
                    + (body.isEmpty ? "." : ": \(String(decoding: body.prefix(300), as: UTF8.self))")
            }
        return RestError(
            code: .http, message: message, response: Response(status: status, url: url, headers: headers, body: body, errors: errors))
    }

    /// ``Code/refreshFailed``.
    public static func refreshFailed(_ error: OAuthError) -> RestError {
        RestError(
            code: .refreshFailed, message: "The session expired and could not be renewed. \(error.message)",
            recoverySuggestion: error.isRefreshTokenInvalid ? "Log in again." : error.recoverySuggestion, underlyingError: error)
    }

    /// ``Code/decoding``.
    public static func decoding(_ reason: String) -> RestError {
        RestError(code: .decoding, message: reason)
    }
}
