import GRDB
import Logging
package import SalesforceCore

/// What a call on the REST API answered: a status, a body (JSON already written, so records
/// keep their key order, or a file's bytes) and headers. The HTTP server sends it as it is;
/// composite and batch requests embed it.
package struct RestReply: Sendable {
    /// The HTTP status.
    package var status: Int
    /// The body; nil for an empty body (204).
    package var body: [UInt8]?
    /// Headers, in order.
    package var headers: [(name: String, value: String)] = []
    /// The body's type; JSON unless a resource returns bytes.
    package var contentType = RestReply.jsonContentType

    /// Salesforce's JSON content type.
    package static let jsonContentType = "application/json;charset=UTF-8"

    /// A reply from its parts.
    package init(
        status: Int, body: [UInt8]?, headers: [(name: String, value: String)] = [], contentType: String = RestReply.jsonContentType
    ) {
        self.status = status
        self.body = body
        self.headers = headers
        self.contentType = contentType
    }

    /// Whether the status is 2xx.
    var succeeded: Bool { (200..<300).contains(status) }

    /// Whether the body is JSON, which composite and batch answers embed.
    var isJSON: Bool { body != nil && contentType == Self.jsonContentType }

    /// The body parsed, for `@{ref.field}` references; null when there is none.
    var json: JSON { body.flatMap { try? JSON(parsing: $0) } ?? .null }

    /// A JSON value, keys sorted.
    package static func json(_ value: JSON, status: Int = 200) -> RestReply {
        RestReply(status: status, body: value.serializedBytes())
    }

    /// JSON written piece by piece, in the order the writer is given.
    static func written(status: Int = 200, _ body: (inout JSONStreamWriter) -> Void) -> RestReply {
        var writer = JSONStreamWriter()
        body(&writer)
        return RestReply(status: status, body: writer.bytes)
    }

    /// `204 No Content`.
    static let noContent = RestReply(status: 204, body: nil)

    /// An error answer: Salesforce's `[{"message","errorCode","fields"}]`.
    package static func error(_ error: APIError) -> RestReply {
        RestReply(status: error.status, body: error.jsonArrayBytes)
    }

    /// A failure as an answer: API errors as themselves, anything else as a 500.
    static func failure(_ error: any Error) -> RestReply {
        .error(APIError.from(error))
    }
}

extension APIError {
    /// The error as the body Salesforce sends: `[{"message", "errorCode", "fields"}]`.
    var jsonArrayBytes: [UInt8] {
        var writer = JSONStreamWriter()
        writer.beginArray()
        write(to: &writer, codeKey: "errorCode")
        writer.endArray()
        return writer.bytes
    }

    /// Writes `{"message", <codeKey>, "fields"}`. sObject collections and trees call the code
    /// `statusCode`; everything else calls it `errorCode`.
    func write(to writer: inout JSONStreamWriter, codeKey: String, alwaysWriteFields: Bool = false) {
        writer.beginObject()
        writer.key("message")
        writer.string(message)
        writer.key(codeKey)
        writer.string(errorCode)
        if alwaysWriteFields || !fields.isEmpty {
            writer.key("fields")
            writer.beginArray()
            for field in fields { writer.string(field) }
            writer.endArray()
        }
        writer.endObject()
    }

    /// Any failure inside a transaction as an API error: store failures become a 500 that names
    /// an error id, as Salesforce's do. The store's own words (its SQL among them) go to the
    /// server's log under that id, never to the client.
    package static func from(_ error: any Error) -> APIError {
        if let error = error as? APIError { return error }
        if let error = error as? DatabaseError, QueryLimits.isTooComplicated(error) { return QueryLimits.tooComplicated }
        // A request cancelled as the server stops is no store failure: nothing to log, and no
        // client is left to read the answer.
        if error is CancellationError {
            return APIError(status: 503, errorCode: "SERVER_UNAVAILABLE", message: "The server is stopping. Try again once it runs.")
        }
        let id = String(UInt32.random(in: 0...UInt32.max), radix: 16)
        Logger.forceKit("localorg").error("Store failure \(id): \(error)")
        return APIError(
            status: 500, errorCode: "UNKNOWN_EXCEPTION",
            message: "An unexpected error occurred. Please include this ErrorId if you contact support: \(id)")
    }
}
