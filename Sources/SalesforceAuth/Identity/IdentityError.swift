public import Foundation
public import SalesforceCore

/// Why the identity service refused or failed.
public enum IdentityError: ForceKitError, Equatable {
    /// The identity URL is not HTTPS; no token is sent to it.
    case httpsRequired
    /// 403 Missing_OAuth_Token.
    case missingOAuthToken
    /// 403 Bad_OAuth_Token: the access token is invalid or expired.
    case badOAuthToken
    /// 403 Wrong_Org.
    case wrongOrg
    /// 404 Bad_Id.
    case badID
    /// 404 Inactive: the user or org is deactivated.
    case inactive
    /// 404 No_Access.
    case noAccess
    /// 404 No_Site_Endpoint.
    case noSiteEndpoint
    /// 404 Internal Error.
    case internalError
    /// 406 Invalid_Version.
    case invalidVersion
    /// 406 Invalid_Callback.
    case invalidCallback
    /// Any other answer.
    case other(status: Int, body: String)
    /// The answer is not an identity document.
    case malformed(String)
    /// The request did not reach the server.
    case transport(TransportError)

    /// Maps an error answer: the code in the body, else the status.
    public init(status: Int, body: Data) {
        let text = String(decoding: body.prefix(500), as: UTF8.self)
        let codes: [(String, IdentityError)] = [
            ("HTTPS_Required", .httpsRequired), ("Missing_OAuth_Token", .missingOAuthToken), ("Bad_OAuth_Token", .badOAuthToken),
            ("Wrong_Org", .wrongOrg), ("Bad_Id", .badID), ("Inactive", .inactive), ("No_Access", .noAccess),
            ("No_Site_Endpoint", .noSiteEndpoint), ("Internal Error", .internalError), ("Invalid_Version", .invalidVersion),
            ("Invalid_Callback", .invalidCallback),
        ]
        self = codes.first { text.contains($0.0) }?.1 ?? .other(status: status, body: text)
    }

    /// What went wrong.
    public var message: String {
        switch self {
        case .httpsRequired: "The identity URL is not HTTPS, so the access token was not sent."
        case .missingOAuthToken: "The identity service got no access token."
        case .badOAuthToken: "The identity service refused the access token (Bad_OAuth_Token)."
        case .wrongOrg: "The identity URL belongs to another org."
        case .badID: "The identity URL names no such user or org."
        case .inactive: "The user or org is inactive."
        case .noAccess: "The user may not read this identity."
        case .noSiteEndpoint: "The site has no such endpoint."
        case .internalError: "The identity service had an internal error."
        case .invalidVersion: "The identity service does not know that version."
        case .invalidCallback: "The identity service refused the callback parameter."
        case .other(let status, let body): "The identity service answered \(status): \(body)"
        case .malformed(let reason): "The identity answer cannot be read: \(reason)."
        case .transport(let error): error.description
        }
    }

    /// What to do.
    public var recoverySuggestion: String? {
        switch self {
        case .badOAuthToken, .missingOAuthToken: "Refresh the token or log in again."
        case .inactive: "Ask the org's admin to activate the user."
        default: nil
        }
    }
}
