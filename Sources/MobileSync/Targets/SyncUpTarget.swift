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
        /// The app's own writer, registered by name (``SyncUpTarget/customName``): see
        /// ``CustomSyncUpTarget``. One record at a time.
        case custom
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
    /// For a ``Kind/custom`` target, the name its ``CustomSyncUpTarget`` was registered under
    /// with ``SyncTargetRegistry/registerUpTarget(named:_:)``.
    public var customName: String?
    /// What a custom target reads of its own (an endpoint's path, say): the target JSON's other
    /// members, kept through `usersyncs.json` and the sync's saved state.
    public var settings: [String: JSON] = [:]

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

    /// A target that writes through the app's ``CustomSyncUpTarget`` registered as `name`, with
    /// `settings` for it to read.
    public static func custom(
        _ name: String, settings: [String: JSON] = [:], createFieldlist: [String]? = nil, updateFieldlist: [String]? = nil,
        idFieldName: String = "Id", modificationDateFieldName: String = "LastModifiedDate"
    ) -> SyncUpTarget {
        var target = SyncUpTarget(
            kind: .custom, createFieldlist: createFieldlist, updateFieldlist: updateFieldlist, idFieldName: idFieldName,
            modificationDateFieldName: modificationDateFieldName)
        target.customName = name
        target.settings = settings
        return target
    }

    /// The members of a target's JSON that are not settings.
    private static let ownKeys: Set<String> = [
        "type", "swiftImpl", "iOSImpl", "androidImpl", "createFieldlist", "updateFieldlist", "idFieldName", "modificationDateFieldName",
        "externalIdFieldName",
    ]

    /// `{"type", "createFieldlist", "updateFieldlist", "idFieldName", "modificationDateFieldName", "externalIdFieldName"}`,
    /// and for a custom target `swiftImpl` and its settings.
    public var json: JSON {
        var members: [String: JSON] = [
            "type": .string(kind.rawValue), "idFieldName": .string(idFieldName),
            "modificationDateFieldName": .string(modificationDateFieldName),
        ]
        if let createFieldlist { members["createFieldlist"] = .array(createFieldlist.map(JSON.string)) }
        if let updateFieldlist { members["updateFieldlist"] = .array(updateFieldlist.map(JSON.string)) }
        if let externalIdFieldName { members["externalIdFieldName"] = .string(externalIdFieldName) }
        if kind == .custom {
            for (key, value) in settings where !Self.ownKeys.contains(key) { members[key] = value }
            if let customName { members["swiftImpl"] = .string(customName) }
        }
        return .object(members)
    }

    /// A target read from its JSON, as ForceKit or an SDK wrote it: no type (or the iOS SDK's
    /// `rest`) is the collection target, and the SDKs' class names pick the batch or
    /// single-record target; `"type": "custom"` (or a `swiftImpl`, or an `iOSImpl` registered
    /// with ``SyncTargetRegistry/registerUpTarget(named:_:)``) names a custom target.
    /// - Throws: ``SyncError/invalidConfiguration(_:)`` for an unknown type or a field list that is not names.
    public init(json: JSON) throws(SyncError) {
        let impl = json["iOSImpl"]?.stringValue ?? json["androidImpl"]?.stringValue ?? ""
        let customName = json["swiftImpl"]?.stringValue ?? (SyncTargetRegistry.hasUpTarget(named: impl) ? impl : nil)
        switch json["type"]?.stringValue {
        case "batch": kind = .batch
        case "singleRecord": kind = .singleRecord
        case "custom":
            guard let name = customName ?? (impl.isEmpty ? nil : impl) else {
                throw .invalidConfiguration("the custom sync-up target names no swiftImpl: give the name it was registered under")
            }
            kind = .custom
            self.customName = name
        case "collection", "rest", nil:
            if let customName {
                kind = .custom
                self.customName = customName
            } else if impl.hasSuffix("BatchSyncUpTarget") {
                kind = .batch
            } else if impl == "SFSyncUpTarget" || impl.hasSuffix(".SyncUpTarget") {
                kind = .singleRecord
            } else {
                kind = .collection
            }
        case let other?:
            throw .invalidConfiguration("the sync-up target type \"\(other)\" is not collection, batch, singleRecord or custom")
        }
        createFieldlist = try JSONFields.strings(json["createFieldlist"], key: "createFieldlist")
        updateFieldlist = try JSONFields.strings(json["updateFieldlist"], key: "updateFieldlist")
        idFieldName = json["idFieldName"]?.stringValue ?? "Id"
        modificationDateFieldName = json["modificationDateFieldName"]?.stringValue ?? "LastModifiedDate"
        externalIdFieldName = json["externalIdFieldName"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
        if kind == .custom { settings = (json.objectValue ?? [:]).filter { !Self.ownKeys.contains($0.key) } }
    }
}
