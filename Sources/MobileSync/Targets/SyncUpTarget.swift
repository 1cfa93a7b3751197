public import SalesforceCore

/// How a sync up sends a soup's local changes: which API, and which fields.
public struct SyncUpTarget: Sendable, Hashable {
    /// The API the changes go through.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// sObject Collections: up to 200 records a request, one request per kind of change.
        /// The default, as in the SDK since 10.1.
        case collection
        /// Composite: up to 25 records a request, each with its own outcome.
        case batch
        /// One request per record, as the SDK's original target.
        case singleRecord
    }

    /// The API the changes go through.
    public var kind: Kind
    /// The fields sent when creating; nil uses the options' field list.
    public var createFieldlist: [String]?
    /// The fields sent when updating; nil uses the options' field list.
    public var updateFieldlist: [String]?
    /// The field holding the server id.
    public var idFieldName: String
    /// The field holding the modification stamp, which conflict checks compare.
    public var modificationDateFieldName: String
    /// An external id field of the object, as the SDK's `externalIdFieldName`: a new record with a
    /// value there is upserted by it instead of created, so the same record created on two
    /// devices, or sent again after the app was killed before the answer was saved, becomes one
    /// record on the server. Nil creates.
    public var externalIdFieldName: String?

    /// A target from its parts.
    public init(
        kind: Kind = .collection, createFieldlist: [String]? = nil, updateFieldlist: [String]? = nil, idFieldName: String = "Id",
        modificationDateFieldName: String = "LastModifiedDate", externalIdFieldName: String? = nil
    ) {
        self.kind = kind
        self.createFieldlist = createFieldlist
        self.updateFieldlist = updateFieldlist
        self.idFieldName = idFieldName
        self.modificationDateFieldName = modificationDateFieldName
        self.externalIdFieldName = externalIdFieldName
    }

    /// The external id a new record is upserted by: its value at ``externalIdFieldName``, when
    /// the target names one and the record has a value there.
    func externalId(of fields: [String: JSON]) -> (field: String, value: String)? {
        guard let field = externalIdFieldName, let value = fields[field], !value.isNull else { return nil }
        let text = value.stringValue ?? value.serialized()
        return text.isEmpty ? nil : (field, text)
    }

    /// Records a request carries at most.
    var batchSize: Int {
        switch kind {
        case .collection: 200
        case .batch: 25
        case .singleRecord: 1
        }
    }

    /// `{"type", "createFieldlist", "updateFieldlist", "idFieldName", "modificationDateFieldName", "externalIdFieldName"}`.
    public var json: JSON {
        var members: [String: JSON] = [
            "type": .string(kind.rawValue), "idFieldName": .string(idFieldName),
            "modificationDateFieldName": .string(modificationDateFieldName),
        ]
        if let createFieldlist { members["createFieldlist"] = .array(createFieldlist.map(JSON.string)) }
        if let updateFieldlist { members["updateFieldlist"] = .array(updateFieldlist.map(JSON.string)) }
        if let externalIdFieldName { members["externalIdFieldName"] = .string(externalIdFieldName) }
        return .object(members)
    }

    /// A target read from its JSON, as ForceKit or an SDK wrote it: no type (or the iOS SDK's
    /// `rest`) is the collection target, and the SDKs' class names pick the batch or
    /// single-record target.
    /// - Throws: ``SyncError/invalidConfiguration(_:)`` for an unknown type or a field list that is not names.
    public init(json: JSON) throws(SyncError) {
        let impl = json["iOSImpl"]?.stringValue ?? json["androidImpl"]?.stringValue ?? ""
        switch json["type"]?.stringValue {
        case "batch": kind = .batch
        case "singleRecord": kind = .singleRecord
        case "collection", "rest", nil:
            if impl.hasSuffix("BatchSyncUpTarget") {
                kind = .batch
            } else if impl == "SFSyncUpTarget" || impl.hasSuffix(".SyncUpTarget") {
                kind = .singleRecord
            } else {
                kind = .collection
            }
        case let other?:
            throw .invalidConfiguration("the sync-up target type \"\(other)\" is not collection, batch or singleRecord")
        }
        createFieldlist = try JSONFields.strings(json["createFieldlist"], key: "createFieldlist")
        updateFieldlist = try JSONFields.strings(json["updateFieldlist"], key: "updateFieldlist")
        idFieldName = json["idFieldName"]?.stringValue ?? "Id"
        modificationDateFieldName = json["modificationDateFieldName"]?.stringValue ?? "LastModifiedDate"
        externalIdFieldName = json["externalIdFieldName"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
    }
}
