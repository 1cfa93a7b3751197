public import SalesforceCore
import SalesforceREST
import SmartStore

/// Refreshes the records already in a soup with the server's current values: the soup's ids
/// are read in batches and each batch fetched by id. Records not in the soup are never fetched.
public struct RefreshSyncDownTarget: SyncDownTarget, Hashable {
    /// The object type.
    public let objectType: String
    /// The fields to refresh.
    public let fieldlist: [String]
    /// The soup whose records are refreshed.
    public let soupName: String
    /// Ids a query carries, 500 by default.
    public let countIdsPerSoql: Int
    /// The field holding the server id.
    public let idFieldName: String
    /// The field holding the modification stamp.
    public let modificationDateFieldName: String

    /// A target refreshing `soupName`'s records of `objectType`.
    public init(
        soupName: String, objectType: String, fieldlist: [String], countIdsPerSoql: Int = 500, idFieldName: String = "Id",
        modificationDateFieldName: String = "LastModifiedDate"
    ) {
        self.soupName = soupName
        self.objectType = objectType
        self.fieldlist = fieldlist
        self.countIdsPerSoql = min(max(countIdsPerSoql, 1), 2_000)
        self.idFieldName = idFieldName
        self.modificationDateFieldName = modificationDateFieldName
    }

    /// Reads a target from its JSON (also the SDK's spellings `sObjectType` and `coundIdsPerSoql`).
    public init(json: JSON) throws(SyncError) {
        guard let type = json["sobjectType"]?.stringValue ?? json["sObjectType"]?.stringValue else {
            throw .invalidConfiguration("a refresh target needs a \"sobjectType\"")
        }
        guard let fields = try JSONFields.strings(json["fieldlist"], key: "fieldlist"), !fields.isEmpty else {
            throw .invalidConfiguration("a refresh target needs a \"fieldlist\"")
        }
        guard let soup = json["soupName"]?.stringValue else { throw .invalidConfiguration("a refresh target needs a \"soupName\"") }
        let count = (json["countIdsPerSoql"] ?? json["coundIdsPerSoql"])?.integerValue.map { Int(clamping: $0) } ?? 500
        self.init(
            soupName: soup, objectType: type, fieldlist: fields, countIdsPerSoql: count,
            idFieldName: json["idFieldName"]?.stringValue ?? "Id",
            modificationDateFieldName: json["modificationDateFieldName"]?.stringValue ?? "LastModifiedDate")
    }

    /// `{"type": "refresh", "sobjectType", "fieldlist", "soupName", "countIdsPerSoql", …}`.
    public var json: JSON {
        [
            "type": "refresh", "sobjectType": .string(objectType), "fieldlist": .array(fieldlist.map(JSON.string)),
            "soupName": .string(soupName), "countIdsPerSoql": .integer(Int64(countIdsPerSoql)), "idFieldName": .string(idFieldName),
            "modificationDateFieldName": .string(modificationDateFieldName),
        ]
    }

    /// Pages of the soup's records as the server has them now.
    public func fetch(after cursor: SyncCursor?, context: SyncContext) async throws -> any SyncDownFetch {
        let total = try await context.store.count(using: .buildAllQuerySpec(soupName: soupName))
        return RefreshFetch(target: self, context: context, total: total)
    }

    /// Which of `localIds` still exist on the server.
    public func remoteIds(among localIds: [String], context: SyncContext) async throws -> Set<String> {
        let records = try await IdQuery.records(
            objectType, fields: [idFieldName], ids: localIds, idField: idFieldName, client: context.client)
        return Set(records.compactMap { $0[idFieldName]?.stringValue })
    }
}

/// The soup's ids in entry-id order, a batch per page, each fetched from the server.
actor RefreshFetch: SyncDownFetch {
    private let target: RefreshSyncDownTarget
    private let context: SyncContext
    private let total: Int
    private var after: Int64 = 0
    private var finished = false

    init(target: RefreshSyncDownTarget, context: SyncContext, total: Int) {
        self.target = target
        self.context = context
        self.total = total
    }

    func nextPage() async throws -> SyncDownPage? {
        guard !finished else { return nil }
        let entries = try await context.store.query(
            using: .buildRangeQuerySpec(
                soupName: target.soupName, path: "_soupEntryId", beginKey: .integer(after + 1), endKey: nil,
                pageSize: target.countIdsPerSoql))
        guard let last = entries.last?["_soupEntryId"]?.integerValue else {
            finished = true
            return nil
        }
        after = last
        let ids = entries.compactMap { $0[target.idFieldName]?.stringValue }.filter { !LocalID.isLocal($0) }
        let records = try await IdQuery.records(
            target.objectType, fields: target.fieldlist, ids: ids, idField: target.idFieldName, client: context.client)
        return SyncDownPage(records: records, totalSize: total)
    }
}
