import GRDB
import SalesforceCore

/// `POST composite/batch`: up to 25 independent subrequests; each succeeds or fails on its
/// own, and `haltOnError` skips the rest after the first failure.
extension DataAPI {
    static let batchLimit = 25

    func batch(_ body: JSON, db: Database) throws -> RestReply {
        guard let items = body["batchRequests"]?.arrayValue else {
            throw APIError.jsonParser(
                "The body must be {\"haltOnError\": false, \"batchRequests\": [{\"method\", \"url\", \"richInput\"}]}.")
        }
        guard !items.isEmpty, items.count <= Self.batchLimit else {
            throw APIError(
                status: 400, errorCode: "INVALID_BATCH_REQUEST",
                message: "A batch request holds 1 to \(Self.batchLimit) subrequests; this one has \(items.count).")
        }
        let haltOnError = body["haltOnError"]?.boolValue ?? false
        var replies: [RestReply] = []
        try db.inTransaction {
            var halted = false
            for item in items {
                if halted {
                    replies.append(
                        .error(APIError(status: 412, errorCode: "BATCH_PROCESSING_HALTED", message: "Batch processing halted per request")))
                    continue
                }
                let reply = run(batchItem: item, db: db)
                replies.append(reply)
                if !reply.succeeded, haltOnError { halted = true }
            }
            return .commit
        }
        return .written { writer in
            writer.beginObject()
            writer.key("hasErrors")
            writer.bool(replies.contains { !$0.succeeded })
            writer.key("results")
            writer.beginArray()
            for reply in replies {
                writer.beginObject()
                writer.key("statusCode")
                writer.integer(Int64(reply.status))
                writer.key("result")
                if let body = reply.body, reply.isJSON { writer.rawValue(body) } else { writer.null() }
                writer.endObject()
            }
            writer.endArray()
            writer.endObject()
        }
    }

    private func run(batchItem item: JSON, db: Database) -> RestReply {
        guard let method = item["method"]?.stringValue, let url = item["url"]?.stringValue else {
            return .error(
                APIError.jsonParser("Each batch request needs a method and a url relative to /services/data: v62.0/sobjects/Account."))
        }
        var headers: [String: String] = [:]
        for (name, value) in (item["httpHeaders"] ?? item["headers"])?.objectValue ?? [:] { headers[name] = value.stringValue }
        let body = item["richInput"].flatMap { $0.isNull ? nil : $0 }
        let call: RestCall
        do {
            call = try RestCall(method: method, url: url, body: body, headers: headers)
        } catch {
            return .error(error)
        }
        return respond(toSubrequest: call, of: "batch", errorCode: "INVALID_BATCH_REQUEST", db: db)
    }
}
