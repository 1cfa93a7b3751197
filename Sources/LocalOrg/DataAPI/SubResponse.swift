import SalesforceCore

/// What one REST call inside a composite or batch request answered: a status, a JSON body
/// (already written, so records keep their key order) and headers.
struct SubResponse: Sendable {
    var status: Int
    /// The body as JSON text; nil for an empty body (204).
    var body: [UInt8]?
    var headers: [(name: String, value: String)] = []
    /// The body's type; JSON unless a resource returns bytes.
    var contentType = Responses.jsonContentType

    var succeeded: Bool { (200..<300).contains(status) }

    /// The body parsed, for `@{ref.field}` references; null when there is none.
    var json: JSON { body.flatMap { try? JSON(parsing: $0) } ?? .null }

    static func json(_ value: JSON, status: Int = 200) -> SubResponse {
        SubResponse(status: status, body: value.serializedBytes())
    }

    static func written(status: Int = 200, _ body: (inout JSONStreamWriter) -> Void) -> SubResponse {
        var writer = JSONStreamWriter()
        body(&writer)
        return SubResponse(status: status, body: writer.bytes)
    }

    static let noContent = SubResponse(status: 204, body: nil)

    /// An error answer: Salesforce's `[{"message","errorCode","fields"}]`.
    static func error(_ error: APIError) -> SubResponse {
        SubResponse(status: error.status, body: error.jsonArrayBytes)
    }

    /// A failure as an answer: API errors as themselves, anything else as a 500.
    static func failure(_ error: any Error) -> SubResponse {
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

    /// Any failure inside a transaction as an API error: store failures become a 500.
    static func from(_ error: any Error) -> APIError {
        if let error = error as? APIError { return error }
        return APIError(status: 500, errorCode: "UNKNOWN_EXCEPTION", message: "The store failed: \(error)")
    }
}
