public import SalesforceCore
import SalesforceREST

/// Syncs down the records a SOSL search returns: one page, run whole every time (a search has
/// no modification order to resume from).
public struct SoslSyncDownTarget: SyncDownTarget, Hashable {
    /// The search.
    public let query: String
    /// The field holding the server id.
    public let idFieldName: String
    /// The field holding the modification stamp.
    public let modificationDateFieldName: String

    /// A target for `query`.
    public init(query: String, idFieldName: String = "Id", modificationDateFieldName: String = "LastModifiedDate") {
        self.query = query
        self.idFieldName = idFieldName
        self.modificationDateFieldName = modificationDateFieldName
    }

    /// Reads a target from its JSON.
    public init(json: JSON) throws(SyncError) {
        guard let query = json["query"]?.stringValue else { throw .invalidConfiguration("a sosl target needs a \"query\"") }
        self.init(
            query: query, idFieldName: json["idFieldName"]?.stringValue ?? "Id",
            modificationDateFieldName: json["modificationDateFieldName"]?.stringValue ?? "LastModifiedDate")
    }

    /// `{"type": "sosl", "query", "idFieldName", "modificationDateFieldName"}`.
    public var json: JSON {
        [
            "type": "sosl", "query": .string(query), "idFieldName": .string(idFieldName),
            "modificationDateFieldName": .string(modificationDateFieldName),
        ]
    }

    /// Runs the search.
    public func fetch(after cursor: SyncCursor?, context: SyncContext) async throws -> any SyncDownFetch {
        OnePageFetch(records: try await search(context.client))
    }

    /// The ids the search returns now.
    public func remoteIds(among localIds: [String], context: SyncContext) async throws -> Set<String> {
        Set(try await search(context.client).compactMap { $0[idFieldName]?.stringValue })
    }

    private func search(_ client: RestClient) async throws -> [JSON] {
        let answer = try await client.send(client.requests.search(query))
        let json = (try? JSON(parsing: answer.data)) ?? .null
        return json["searchRecords"]?.arrayValue ?? json.arrayValue ?? []
    }
}

/// A fetch of one page already in hand.
actor OnePageFetch: SyncDownFetch {
    private var records: [JSON]?

    init(records: [JSON]) {
        self.records = records
    }

    func nextPage() async throws -> SyncDownPage? {
        guard let records else { return nil }
        self.records = nil
        return SyncDownPage(records: records, totalSize: records.count)
    }
}
