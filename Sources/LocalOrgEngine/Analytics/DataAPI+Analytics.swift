import Gzip
import SalesforceCore

extension DataAPI {
    /// `POST connect/proxy/app-analytics-logging`: the SDK's instrumentation upload. The body is
    /// gzip (`Content-Encoding: gzip`) of `{"logLines": [{"code": "ailtn", "data": {"schemaType":
    /// …, "payload": "<JSON text>"}}]}`; every line is checked before any is kept.
    func analyticsLogging(_ call: RestCall) throws(APIError) -> ResolvedCall {
        guard call.method == "POST" else { throw APIError.methodNotAllowed(call.method, allowed: ["POST"]) }
        guard case .bytes(let bytes, _) = call.body else {
            throw APIError(status: 400, errorCode: "INVALID_REQUEST", message: "The analytics upload has no body.")
        }
        guard call.headers["content-encoding"]?.lowercased() == "gzip" else {
            throw APIError(
                status: 400, errorCode: "INVALID_REQUEST", message: "The analytics upload must be gzip (Content-Encoding: gzip).")
        }
        let text: [UInt8]
        do {
            text = try Gzip.decompress(bytes, limit: 16 * 1024 * 1024)
        } catch {
            throw APIError(status: 400, errorCode: "INVALID_REQUEST", message: "The body cannot be read as gzip: \(error).")
        }
        let body: JSON
        do {
            body = try JSON(parsing: text)
        } catch {
            throw APIError.jsonParser("\(error)")
        }
        guard let lines = body["logLines"]?.arrayValue else {
            throw APIError(status: 400, errorCode: "INVALID_REQUEST", message: "The body has no logLines array.")
        }
        var events: [AnalyticsInbox.Event] = []
        for (position, line) in lines.enumerated() {
            guard line["code"]?.stringValue == "ailtn", let data = line["data"], let schemaType = data["schemaType"]?.stringValue,
                let payloadText = data["payload"]?.stringValue, let payload = try? JSON(parsing: Array(payloadText.utf8)),
                payload.objectValue != nil
            else {
                throw APIError(
                    status: 400, errorCode: "INVALID_REQUEST",
                    message: "logLines[\(position)] is not an ailtn line with a schemaType and a payload string holding a JSON object.")
            }
            events.append(AnalyticsInbox.Event(userID: userID, schemaType: schemaType, payload: payload))
        }
        let (inbox, received) = (analytics, events)
        return .read { _ in
            inbox.add(received)
            return .json(.object([:]))
        }
    }
}
