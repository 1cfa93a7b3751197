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

/// Why a REST call failed.
public enum RestError: ForceKitError {
    /// The request cannot be sent as built.
    case invalidRequest(String)
    /// The request needs a logged-in user and the client has none.
    case notLoggedIn
    /// The request was cancelled.
    case cancelled
    /// The server did not answer in time.
    case timeout
    /// The request did not reach the server.
    case transport(TransportError)
    /// The server answered with an error status.
    case http(status: Int, url: URL, headers: [String: String], body: Data, errors: [SalesforceError])
    /// The access token expired and could not be refreshed. When ``OAuthError/isRefreshTokenInvalid``,
    /// the user was logged out.
    case refreshFailed(OAuthError)
    /// The answer could not be decoded as asked.
    case decoding(String)

    /// The HTTP status, for ``http(status:url:headers:body:errors:)``.
    public var status: Int? {
        if case .http(let status, _, _, _, _) = self { return status }
        return nil
    }

    /// The Salesforce errors, for ``http(status:url:headers:body:errors:)``.
    public var salesforceErrors: [SalesforceError] {
        if case .http(_, _, _, _, let errors) = self { return errors }
        return []
    }

    /// What went wrong.
    public var message: String {
        switch self {
        case .invalidRequest(let reason): "The request is invalid: \(reason)"
        case .notLoggedIn: "The request needs a logged-in user."
        case .cancelled: "The request was cancelled."
        case .timeout: "The server did not answer in time."
        case .transport(let error): error.description
        case .http(let status, let url, _, let body, let errors):
            if let first = errors.first {
                "\(first.errorCode): \(first.message)" + (errors.count > 1 ? " (and \(errors.count - 1) more)" : "")
                    + " [\(status) from \(url.path)]"
            } else {
                "The server answered \(status) for \(url.path)"
                    + (body.isEmpty ? "." : ": \(String(decoding: body.prefix(300), as: UTF8.self))")
            }
        case .refreshFailed(let error): "The session expired and could not be renewed. \(error.message)"
        case .decoding(let reason): reason
        }
    }

    /// What to do.
    public var recoverySuggestion: String? {
        switch self {
        case .notLoggedIn: "Log in first (forcekit login)."
        case .refreshFailed(let error): error.isRefreshTokenInvalid ? "Log in again." : error.recoverySuggestion
        case .timeout, .transport: "Check the connection and try again."
        default: nil
        }
    }
}
