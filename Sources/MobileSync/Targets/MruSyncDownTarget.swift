import SOQL
public import SalesforceCore
import SalesforceREST

/// Syncs down the user's most recently used records of one object type, with the fields listed.
public struct MruSyncDownTarget: SyncDownTarget, Hashable {
    /// The object type, such as `Account`.
    public let objectType: String
    /// The fields to bring.
    public let fieldlist: [String]
    /// The field holding the server id.
    public let idFieldName: String
    /// The field holding the modification stamp.
    public let modificationDateFieldName: String

    /// A target for the recent records of `objectType`.
    public init(objectType: String, fieldlist: [String], idFieldName: String = "Id", modificationDateFieldName: String = "LastModifiedDate")
    {
        self.objectType = objectType
        self.fieldlist = fieldlist
        self.idFieldName = idFieldName
        self.modificationDateFieldName = modificationDateFieldName
    }

    /// Reads a target from its JSON (`sobjectType`, or the guide's `sObjectType`).
    public init(json: JSON) throws(SyncError) {
        guard let type = json["sobjectType"]?.stringValue ?? json["sObjectType"]?.stringValue else {
            throw .invalidConfiguration("an mru target needs a \"sobjectType\"")
        }
        guard let fields = try JSONFields.strings(json["fieldlist"], key: "fieldlist"), !fields.isEmpty else {
            throw .invalidConfiguration("an mru target needs a \"fieldlist\"")
        }
        self.init(
            objectType: type, fieldlist: fields, idFieldName: json["idFieldName"]?.stringValue ?? "Id",
            modificationDateFieldName: json["modificationDateFieldName"]?.stringValue ?? "LastModifiedDate")
    }

    /// `{"type": "mru", "sobjectType", "fieldlist", …}`.
    public var json: JSON {
        [
            "type": "mru", "sobjectType": .string(objectType), "fieldlist": .array(fieldlist.map(JSON.string)),
            "idFieldName": .string(idFieldName), "modificationDateFieldName": .string(modificationDateFieldName),
        ]
    }

    /// The recent items' ids, then their records.
    public func fetch(after cursor: SyncCursor?, context: SyncContext) async throws -> any SyncDownFetch {
        let client = context.client
        let info = try await client.send(client.requests.metadata(objectType))
        let recent = ((try? JSON(parsing: info.data))?["recentItems"]?.arrayValue ?? []).compactMap { $0["Id"]?.stringValue }
        return OnePageFetch(
            records: try await IdQuery.records(objectType, fields: fieldlist, ids: recent, idField: idFieldName, client: client))
    }

    /// Which of `localIds` still exist on the server (membership of the recent list is not checked, as in the SDK).
    public func remoteIds(among localIds: [String], context: SyncContext) async throws -> Set<String> {
        let records = try await IdQuery.records(
            objectType, fields: [idFieldName], ids: localIds, idField: idFieldName, client: context.client)
        return Set(records.compactMap { $0[idFieldName]?.stringValue })
    }
}

/// `SELECT fields FROM Type WHERE Id IN (…)`, 200 ids a query.
enum IdQuery {
    static func records(_ type: String, fields: [String], ids: [String], idField: String, client: RestClient) async throws -> [JSON] {
        var records: [JSON] = []
        let selection = fields.map { SelectItem.field(FieldPath($0.split(atScalars: ["."]))) }
        for chunk in ids.chunks(of: 200) {
            let query = SOQLQuery(
                selection: selection, object: type,
                condition: .isIn(
                    .field(FieldPath(idField.split(atScalars: ["."]))), chunk.map(SOQLLiteral.string), negated: false))
            for try await page in client.pages(forQuery: query.description) { records += page.records }
        }
        return records
    }
}
