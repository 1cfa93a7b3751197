import GRDB
import SalesforceCore
import URLEncoding

/// `POST composite/graph`: graphs of composite subrequests, each all or none, as the REST API
/// Developer Guide's "Composite Graph" documents them, with its limits.
extension DataAPI {
    /// At most 75 graphs and 500 nodes in a request, and at most 14 graphs may fail before the
    /// rest are halted.
    static let graphLimit = 75
    static let graphNodeLimit = 500
    static let graphFailureLimit = 14

    func graph(_ body: JSON, db: Database) throws -> RestReply {
        guard let items = body["graphs"]?.arrayValue else {
            throw APIError.jsonParser("The body must be {\"graphs\": [{\"graphId\": \"1\", \"compositeRequest\": [...]}]}.")
        }
        guard !items.isEmpty, items.count <= Self.graphLimit else {
            throw APIError(
                status: 400, errorCode: "LIMIT_EXCEEDED",
                message: "A composite graph request holds 1 to \(Self.graphLimit) graphs; this one has \(items.count).")
        }
        var graphs: [(id: String, nodes: [CompositeSubrequest])] = []
        var seen: Set<String> = []
        for item in items {
            guard let id = item["graphId"]?.stringValue, !id.isEmpty else {
                throw APIError(status: 400, errorCode: "INVALID_INPUT", message: "Each graph needs a graphId.")
            }
            guard seen.insert(id).inserted else {
                throw APIError(status: 400, errorCode: "INVALID_INPUT", message: "Duplicate graphId provided in the request: \(id)")
            }
            let nodes = try Self.compositeSubrequests(item["compositeRequest"], limit: Self.graphNodeLimit, kind: "graph")
            for node in nodes { try Self.checkGraphNode(node) }
            graphs.append((id, nodes))
        }
        let total = graphs.reduce(0) { $0 + $1.nodes.count }
        guard total <= Self.graphNodeLimit else {
            throw APIError(
                status: 400, errorCode: "LIMIT_EXCEEDED",
                message: "A composite graph request holds at most \(Self.graphNodeLimit) nodes; this one has \(total).")
        }
        var outcomes: [(id: String, nodes: [CompositeSubrequest], replies: [RestReply], succeeded: Bool)] = []
        var failures = 0
        for graph in graphs {
            guard failures < Self.graphFailureLimit else {
                outcomes.append((graph.id, graph.nodes, graph.nodes.map { _ in RestReply.error(Self.processingHalted) }, false))
                continue
            }
            let replies = try compositeReplies(graph.nodes, allOrNone: true, db: db)
            let succeeded = replies.allSatisfy(\.succeeded)
            if !succeeded { failures += 1 }
            outcomes.append((graph.id, graph.nodes, replies, succeeded))
        }
        return .written { writer in
            writer.beginObject()
            writer.key("graphs")
            writer.beginArray()
            for outcome in outcomes {
                writer.beginObject()
                writer.key("graphId")
                writer.string(outcome.id)
                writer.key("graphResponse")
                writer.beginObject()
                Self.writeCompositeResponse(outcome.nodes, outcome.replies, to: &writer)
                writer.endObject()
                writer.key("isSuccessful")
                writer.bool(outcome.succeeded)
                writer.endObject()
            }
            writer.endArray()
            writer.endObject()
        }
    }

    /// A graph's node is a record: `sobjects/T` to create, `sobjects/T/{id}` to read, change or
    /// delete, `sobjects/T/{field}/{value}` by external id. Nothing else is a node.
    private static func checkGraphNode(_ node: CompositeSubrequest) throws(APIError) {
        let path = node.url.split(atScalars: ["?"]).first ?? node.url
        let segments = (PercentEncoding.decode(path) ?? path).split(atScalars: ["/"]).filter { !$0.isEmpty }
        // services, data, vXX.X, sobjects, T[, id | field, value]
        let method = node.method.uppercased()
        let allowed: Bool
        switch segments.count {
        case 5: allowed = method == "POST"
        case 6: allowed = ["GET", "PATCH", "DELETE"].contains(method)
        case 7: allowed = ["GET", "PATCH", "DELETE", "POST"].contains(method)
        default: allowed = false
        }
        guard segments.count >= 5, segments[0] == "services", segments[1] == "data", segments[3] == "sobjects", allowed else {
            throw APIError(
                status: 400, errorCode: "INVALID_INPUT",
                message:
                    "A graph's node works on one record through sobjects (POST sobjects/T, GET, PATCH or DELETE sobjects/T/id, or by external id): \(node.method) \(node.url)"
            )
        }
    }
}
