package import SalesforceCore

/// An error the REST API answers with: an HTTP status and Salesforce's
/// `[{"message", "errorCode", "fields"}]` body.
public struct APIError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The HTTP status.
    public var status: Int
    /// Salesforce's error code: `NOT_FOUND`, `INVALID_FIELD`, `MALFORMED_QUERY` ...
    public var errorCode: String
    /// The message, worded as Salesforce words it where clients match on it.
    public var message: String
    /// The fields the error is about, when there are any.
    public var fields: [String]

    /// Creates an error.
    public init(status: Int, errorCode: String, message: String, fields: [String] = []) {
        self.status = status
        self.errorCode = errorCode
        self.message = message
        self.fields = fields
    }

    /// `errorCode: message`.
    public var description: String { "\(errorCode): \(message)" }

    package static let notFound = APIError(status: 404, errorCode: "NOT_FOUND", message: "The requested resource does not exist")

    /// 410: a version Salesforce has retired (the REST API's answer to versions 7.0 through 30.0).
    package static func retiredVersion(_ version: APIVersion) -> APIError {
        APIError(
            status: 410, errorCode: "GONE",
            message:
                "API version \(version.major).\(version.minor) has been retired. Use version \(APIVersion.oldestSupported.major).0 or later."
        )
    }

    /// 413: a request body beyond what the server reads (`limit` bytes, when known).
    package static func requestTooLarge(limit: Int?) -> APIError {
        let size = limit.map { $0 >= 1024 * 1024 ? " (\($0 / (1024 * 1024)) MB)" : " (\($0 / 1024) KB)" } ?? ""
        return APIError(
            status: 413, errorCode: "REQUEST_TOO_LARGE", message: "The request body is larger than the server accepts\(size).")
    }
    /// 431: request headers beyond what the server reads.
    package static func headersTooLarge(fieldLimit: Int, totalLimit: Int, countLimit: Int) -> APIError {
        APIError(
            status: 431, errorCode: "REQUEST_HEADER_FIELDS_TOO_LARGE",
            message:
                "The request's headers are larger than the server accepts (\(fieldLimit / 1024) KiB a field, \(totalLimit / 1024) KiB in all, \(countLimit) fields)."
        )
    }
    package static let invalidSession = APIError(status: 401, errorCode: "INVALID_SESSION_ID", message: "Session expired or invalid")
    static let entityIsDeleted = APIError(status: 404, errorCode: "ENTITY_IS_DELETED", message: "entity is deleted")

    static func invalidType(_ name: String) -> APIError {
        APIError(
            status: 400, errorCode: "INVALID_TYPE",
            message:
                "sObject type '\(name)' is not supported. If you are attempting to use a custom object, be sure to append the '__c' after the entity name. Please reference your WSDL or the describe call for the appropriate names."
        )
    }

    static func noSuchField(_ field: String, on type: String) -> APIError {
        APIError(
            status: 400, errorCode: "INVALID_FIELD",
            message: "No such column '\(field)' on sobject of type \(type)", fields: [field])
    }

    static func malformedID(_ id: String) -> APIError {
        APIError(status: 400, errorCode: "MALFORMED_ID", message: "malformed id \(id)")
    }

    static func methodNotAllowed(_ method: String, allowed: [String]) -> APIError {
        APIError(
            status: 405, errorCode: "METHOD_NOT_ALLOWED",
            message: "HTTP Method '\(method)' not allowed. Allowed are \(allowed.joined(separator: ","))")
    }

    static func jsonParser(_ message: String) -> APIError {
        APIError(status: 400, errorCode: "JSON_PARSER_ERROR", message: message)
    }
}
