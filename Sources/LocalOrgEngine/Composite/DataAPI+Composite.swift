import GRDB
import SalesforceCore
import URLEncoding

/// `POST composite`: up to 25 subrequests run in order in one transaction, later ones using
/// earlier answers through `@{refId.field}`; with `allOrNone`, one failure rolls back all.
extension DataAPI {
    static let compositeLimit = 25
    /// Of the 25, how many may be queries or sObject collections, as in Salesforce.
    static let compositeQueryLimit = 5

    struct CompositeSubrequest {
        var method: String
        var url: String
        var referenceID: String
        var body: JSON?
        var headers: [String: String]
    }

    /// `POST composite`, `composite/batch` and `composite/tree/T`: writes that open their own
    /// transaction and savepoints.
    func composite(_ call: RestCall) throws(APIError) -> ResolvedCall {
        let path = call.segments
        guard call.method == "POST" else { throw APIError.notFound }
        let run: @Sendable (JSON, Database) throws -> RestReply
        switch path.count {
        case 1: run = { body, db in try composite(body, version: call.version, db: db) }
        case 2 where path[1] == "graph": run = { body, db in try graph(body, db: db) }
        case 2 where path[1] == "batch": run = { body, db in try batch(body, db: db) }
        case 3 where path[1] == "tree": run = { body, db in try tree(body, typeName: path[2], version: call.version, db: db) }
        default: throw APIError.notFound
        }
        // The body is read in the answer, so a nested request is refused as nested, whatever its body.
        return ResolvedCall(access: .ownTransaction) { db in try run(try call.requiredJSON(), db) }
    }

    func composite(_ body: JSON, version: String, db: Database) throws -> RestReply {
        let subrequests = try Self.compositeSubrequests(body["compositeRequest"], limit: Self.compositeLimit)
        let replies = try compositeReplies(subrequests, allOrNone: body["allOrNone"]?.boolValue ?? false, db: db)
        return .written { writer in
            writer.beginObject()
            Self.writeCompositeResponse(subrequests, replies, to: &writer)
            writer.endObject()
        }
    }

    /// Runs subrequests in order in one transaction; with `allOrNone`, the first failure rolls
    /// back all, and every other subrequest answers PROCESSING_HALTED.
    func compositeReplies(_ subrequests: [CompositeSubrequest], allOrNone: Bool, db: Database) throws -> [RestReply] {
        var replies: [RestReply] = []
        var references = CompositeReferences()
        var failedIndex: Int?
        try db.inTransaction {
            for subrequest in subrequests {
                let reply = run(subrequest, references: references, db: db)
                references.record(subrequest.referenceID, reply)
                replies.append(reply)
                if !reply.succeeded, allOrNone {
                    failedIndex = replies.count - 1
                    break
                }
            }
            return failedIndex == nil ? .commit : .rollback
        }
        if let failedIndex {
            let halted = RestReply.error(Self.processingHalted)
            replies = subrequests.indices.map { $0 == failedIndex ? replies[$0] : halted }
        }
        return replies
    }

    /// What a subrequest answers when another in its transaction failed.
    static let processingHalted = APIError(
        status: 400, errorCode: "PROCESSING_HALTED",
        message: "The transaction was rolled back since another operation in the same transaction failed.")

    /// `"compositeResponse": [{"body", "httpHeaders", "httpStatusCode", "referenceId"}, …]`.
    static func writeCompositeResponse(_ subrequests: [CompositeSubrequest], _ replies: [RestReply], to writer: inout JSONStreamWriter) {
        writer.key("compositeResponse")
        writer.beginArray()
        for (subrequest, reply) in zip(subrequests, replies) {
            writer.beginObject()
            writer.key("body")
            if let body = reply.body, reply.isJSON { writer.rawValue(body) } else { writer.null() }
            writer.key("httpHeaders")
            writer.beginObject()
            for (name, value) in reply.headers {
                writer.key(name)
                writer.string(value)
            }
            writer.endObject()
            writer.key("httpStatusCode")
            writer.integer(Int64(reply.status))
            writer.key("referenceId")
            writer.string(subrequest.referenceID)
            writer.endObject()
        }
        writer.endArray()
    }

    /// One subrequest, its references resolved, in a savepoint of its own.
    private func run(_ subrequest: CompositeSubrequest, references: CompositeReferences, db: Database) -> RestReply {
        let call: RestCall
        do {
            let url = try references.resolve(in: subrequest.url)
            let body = try subrequest.body.map { json throws(CompositeReferences.Unresolved) in try references.resolve(in: json) }
            guard url.hasPrefix("/services/data/") else {
                throw APIError(
                    status: 400, errorCode: "INVALID_INPUT", message: "A composite subrequest's url must start with /services/data/: \(url)"
                )
            }
            call = try RestCall(method: subrequest.method, url: url, body: body, headers: subrequest.headers)
        } catch let error as CompositeReferences.Unresolved {
            return .error(error.apiError)
        } catch {
            return .failure(error)
        }
        return respond(toSubrequest: call, of: "composite", errorCode: "INVALID_INPUT", db: db)
    }

    /// The subrequests of a composite body, checked: count, fields and unique reference ids.
    /// A graph's nodes are checked the same way, with a graph's limit and no limit on queries
    /// (a graph takes none).
    static func compositeSubrequests(_ list: JSON?, limit: Int, kind: String = "composite request") throws(APIError)
        -> [CompositeSubrequest]
    {
        guard let items = list?.arrayValue else {
            throw APIError.jsonParser(
                "The body must be {\"allOrNone\": false, \"compositeRequest\": [{\"method\", \"url\", \"referenceId\", \"body\"}]}.")
        }
        guard !items.isEmpty, items.count <= limit else {
            throw APIError(
                status: 400, errorCode: "LIMIT_EXCEEDED", message: "A \(kind) holds 1 to \(limit) subrequests; this one has \(items.count)."
            )
        }
        var seen: Set<String> = []
        var queries = 0
        var subrequests: [CompositeSubrequest] = []
        for (index, item) in items.enumerated() {
            guard let method = item["method"]?.stringValue, let url = item["url"]?.stringValue,
                let referenceID = item["referenceId"]?.stringValue
            else {
                throw APIError(
                    status: 400, errorCode: "JSON_PARSER_ERROR",
                    message: "Subrequest \(index) needs a method, a url and a referenceId.")
            }
            // Letters, numbers and underscores (any script's, as the reference says), checked scalar
            // by scalar: `Character.isLetter` is true of a letter a prepended mark joins to a `.` or `}`.
            let scalars = referenceID.unicodeScalars
            guard let first = scalars.first, first.properties.isAlphabetic,
                scalars.allSatisfy({ $0.properties.isAlphabetic || $0.properties.numericType == .decimal || $0 == "_" })
            else {
                throw APIError(
                    status: 400, errorCode: "INVALID_INPUT",
                    message: "The referenceId '\(referenceID)' must start with a letter and hold only letters, digits and underscores.")
            }
            guard seen.insert(referenceID).inserted else {
                throw APIError(
                    status: 400, errorCode: "INVALID_INPUT", message: "Duplicate referenceId provided in the request: \(referenceID)")
            }
            // Counted on the path's decoded segments, as the router reads them: `/%71uery` is `/query`.
            let path = url.split(atScalars: ["?"]).first ?? url
            let segments = (PercentEncoding.decode(path) ?? path).split(atScalars: ["/"])
            if segments.contains("query") || segments.contains("queryAll")
                || zip(segments, segments.dropFirst()).contains(where: { $0 == "composite" && $1 == "sobjects" })
            {
                queries += 1
            }
            var headers: [String: String] = [:]
            for (name, value) in item["httpHeaders"]?.objectValue ?? [:] { headers[name] = value.stringValue }
            let body = item["body"].flatMap { $0.isNull ? nil : $0 }
            subrequests.append(CompositeSubrequest(method: method, url: url, referenceID: referenceID, body: body, headers: headers))
        }
        guard queries <= compositeQueryLimit else {
            throw APIError(
                status: 400, errorCode: "LIMIT_EXCEEDED",
                message:
                    "A composite request holds at most \(compositeQueryLimit) query or sObject collection subrequests; this one has \(queries)."
            )
        }
        return subrequests
    }
}
