public import SalesforceCore

extension RequestFactory {
    /// Up to 25 independent requests in one call; with `haltOnError`, the rest are skipped after
    /// a failure. Subrequest URLs are relative to `/services/data/`.
    public func batch(_ requests: [RestRequest], haltOnError: Bool = false) -> RestRequest {
        let subrequests: [JSON] = requests.map { request in
            var url = request.endpointPathAndQuery
            if url.hasPrefix("/services/data/") { url = String(url.dropFirst("/services/data/".count)) }
            var item: [String: JSON] = ["method": .string(request.method.rawValue), "url": .string(url)]
            if request.method != .get && request.method != .delete, let body = request.bodyJSON { item["richInput"] = body }
            return .object(item)
        }
        return data(.post, "/composite/batch", json: ["batchRequests": .array(subrequests), "haltOnError": .bool(haltOnError)])
    }

    /// Up to 25 requests run in order in one transaction, each named by a reference id that
    /// later ones use as `@{ref.id}`. With `allOrNone`, one failure rolls back all.
    public func composite(_ requests: [(referenceID: String, request: RestRequest)], allOrNone: Bool = false) -> RestRequest {
        data(.post, "/composite", json: ["compositeRequest": Self.compositeRequest(requests), "allOrNone": .bool(allOrNone)])
    }

    /// Graphs of record requests (`composite/graph`), each all or none: a graph's requests run
    /// in order, later ones using earlier ones' results as `@{ref.id}`, and a failure rolls back
    /// its graph alone. Up to 75 graphs and 500 requests; a node works on one record
    /// (`create`, `retrieve`, `update`, `delete`, `upsert`).
    public func graph(_ graphs: [(graphID: String, requests: [(referenceID: String, request: RestRequest)])]) -> RestRequest {
        let items: [JSON] = graphs.map { graph in
            ["graphId": .string(graph.graphID), "compositeRequest": Self.compositeRequest(graph.requests)]
        }
        return data(.post, "/composite/graph", json: ["graphs": .array(items)])
    }

    private static func compositeRequest(_ requests: [(referenceID: String, request: RestRequest)]) -> JSON {
        .array(
            requests.map { entry in
                var item: [String: JSON] = [
                    "method": .string(entry.request.method.rawValue), "url": .string(entry.request.endpointPathAndQuery),
                    "referenceId": .string(entry.referenceID),
                ]
                if let body = entry.request.bodyJSON { item["body"] = body }
                if !entry.request.headers.isEmpty { item["httpHeaders"] = .object(entry.request.headers.mapValues(JSON.string)) }
                return .object(item)
            })
    }

    /// Records with their children, created together: `composite/tree/{objectType}`.
    public func tree(_ objectType: String, records: [SObjectTree]) -> RestRequest {
        data(.post, "/composite/tree/\(Self.segment(objectType))", json: ["records": .array(records.map(\.json))])
    }

    // MARK: - sObject collections

    /// Creates up to 200 records; each record's fields include `attributes.type`.
    public func createRecords(_ records: [SObjectRecord], allOrNone: Bool = false) -> RestRequest {
        data(.post, "/composite/sobjects", json: ["allOrNone": .bool(allOrNone), "records": .array(records.map(\.json))])
    }

    /// Updates up to 200 records, each with its `Id`.
    public func updateRecords(_ records: [SObjectRecord], allOrNone: Bool = false) -> RestRequest {
        data(.patch, "/composite/sobjects", json: ["allOrNone": .bool(allOrNone), "records": .array(records.map(\.json))])
    }

    /// Creates or updates up to 200 records of one type by an external id field.
    public func upsertRecords(_ objectType: String, externalIDField: String, records: [SObjectRecord], allOrNone: Bool = false)
        -> RestRequest
    {
        data(
            .patch, "/composite/sobjects/\(Self.segment(objectType))/\(Self.segment(externalIDField))",
            json: ["allOrNone": .bool(allOrNone), "records": .array(records.map(\.json))])
    }

    /// Deletes up to 200 records.
    public func deleteRecords(ids: [String], allOrNone: Bool = false) -> RestRequest {
        data(.delete, "/composite/sobjects", [("ids", ids.joined(separator: ",")), ("allOrNone", String(allOrNone))])
    }

    /// Retrieves up to 2,000 records of one type (null for a missing one).
    public func retrieveRecords(_ objectType: String, ids: [String], fields: [String]) -> RestRequest {
        data(
            .post, "/composite/sobjects/\(Self.segment(objectType))",
            json: ["ids": .array(ids.map(JSON.string)), "fields": .array(fields.map(JSON.string))])
    }
}

/// One record for an sObject collection: its type and fields.
public struct SObjectRecord: Sendable {
    /// The object type, sent as `attributes.type`.
    public var objectType: String
    /// The fields (with `Id` for updates).
    public var fields: [String: JSON]

    /// Creates a record.
    public init(_ objectType: String, fields: [String: JSON]) {
        self.objectType = objectType
        self.fields = fields
    }

    var json: JSON {
        var object = fields
        object["attributes"] = ["type": .string(objectType)]
        return .object(object)
    }
}

/// A record and its children for ``RequestFactory/tree(_:records:)``. Children are grouped
/// under their relationship name (`Contacts`). Unlike the SDKs, which drop grandchildren,
/// every level is sent: the API takes up to five.
public struct SObjectTree: Sendable {
    /// The object type.
    public var objectType: String
    /// The relationship name children of this type are listed under in their parent (`Contacts`).
    public var objectTypePlural: String
    /// The id the answer reports this record's new id under.
    public var referenceID: String
    /// The fields.
    public var fields: [String: JSON]
    /// The children.
    public var children: [SObjectTree]

    /// Creates a node.
    public init(objectType: String, objectTypePlural: String, referenceID: String, fields: [String: JSON], children: [SObjectTree] = []) {
        self.objectType = objectType
        self.objectTypePlural = objectTypePlural
        self.referenceID = referenceID
        self.fields = fields
        self.children = children
    }

    var json: JSON {
        var object = fields
        object["attributes"] = ["type": .string(objectType), "referenceId": .string(referenceID)]
        var groups: [String: [JSON]] = [:]
        var names: [String: String] = [:]
        for child in children {
            let name = names[child.objectType] ?? child.objectTypePlural
            names[child.objectType] = name
            groups[name, default: []].append(child.json)
        }
        for (name, records) in groups { object[name] = ["records": .array(records)] }
        return .object(object)
    }
}
