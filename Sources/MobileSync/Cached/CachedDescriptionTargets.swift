import Foundation
public import SalesforceCore
import SalesforceREST

/// Syncs down an object type's description (`sobjects/T/describe`) as one record with
/// `"Id": "T"`, into the soup `sfdcMetadata`, as the SDK's metadata target does. Used by
/// ``MetadataSyncManager``; no re-sync cursor, no ghosts, always OVERWRITE.
public struct MetadataSyncDownTarget: SyncDownTarget, Equatable {
    /// The object type described.
    public let objectType: String

    /// A target for `objectType`'s description.
    public init(objectType: String) {
        self.objectType = objectType
    }

    /// Reads a target from its JSON (`{"type": "metadata", "sobjectType": T}`).
    public init(json: JSON) throws(SyncError) {
        guard let type = json["sobjectType"]?.stringValue, !type.isEmpty else {
            throw .invalidConfiguration("a metadata target needs its \"sobjectType\"")
        }
        self.init(objectType: type)
    }

    /// `{"type": "metadata", "sobjectType": T}`.
    public var json: JSON { ["type": "metadata", "sobjectType": .string(objectType)] }

    /// The description, as one record.
    public func fetch(after cursor: SyncCursor?, context: SyncContext) async throws -> any SyncDownFetch {
        let client = context.client
        let id = objectType
        return SingleRecordFetch(id: id) { try await client.send(client.requests.describe(id)).data }
    }

    /// Every id: a cached description is never a ghost.
    public func remoteIds(among localIds: [String], context: SyncContext) async throws -> Set<String> { Set(localIds) }
}

/// Syncs down an object type's layout from the UI API (`ui-api/layout/T?layoutType=Full`) as
/// one record with `"Id": "T-Full"`, into the soup `sfdcLayouts`, as the SDK's layout target
/// does. Used by ``LayoutSyncManager``; no re-sync cursor, no ghosts, always OVERWRITE.
public struct LayoutSyncDownTarget: SyncDownTarget, Equatable {
    /// The object type.
    public let objectType: String
    /// `Full` or `Compact`.
    public let layoutType: String

    /// A target for `objectType`'s layout.
    /// - Throws: ``SyncError/invalidConfiguration(_:)`` unless `layoutType` is `Full` or `Compact`.
    public init(objectType: String, layoutType: String = "Full") throws(SyncError) {
        guard ["Full", "Compact"].contains(layoutType) else {
            throw .invalidConfiguration("a layout's type is Full or Compact, not \"\(layoutType)\"")
        }
        self.objectType = objectType
        self.layoutType = layoutType
    }

    /// Reads a target from its JSON (`{"type": "layout", "sobjectType": T, "layoutType": L}`).
    public init(json: JSON) throws(SyncError) {
        guard let type = json["sobjectType"]?.stringValue, !type.isEmpty else {
            throw .invalidConfiguration("a layout target needs its \"sobjectType\"")
        }
        try self.init(objectType: type, layoutType: json["layoutType"]?.stringValue ?? "Full")
    }

    /// `{"type": "layout", "sobjectType": T, "layoutType": L}`.
    public var json: JSON { ["type": "layout", "sobjectType": .string(objectType), "layoutType": .string(layoutType)] }

    /// The cached record's id: `Account-Full`.
    public var recordId: String { "\(objectType)-\(layoutType)" }

    /// The layout, as one record.
    public func fetch(after cursor: SyncCursor?, context: SyncContext) async throws -> any SyncDownFetch {
        let client = context.client
        let (type, layout) = (objectType, layoutType)
        return SingleRecordFetch(id: recordId) { try await client.send(client.requests.layout(type, layoutType: layout)).data }
    }

    /// Every id: a cached layout is never a ghost.
    public func remoteIds(among localIds: [String], context: SyncContext) async throws -> Set<String> { Set(localIds) }
}

/// One page holding one record: the server's JSON object with the cache's `Id`.
actor SingleRecordFetch: SyncDownFetch {
    private var request: (@Sendable () async throws -> Data)?
    private let id: String

    init(id: String, _ request: @escaping @Sendable () async throws -> Data) {
        self.request = request
        self.id = id
    }

    func nextPage() async throws -> SyncDownPage? {
        guard let request else { return nil }
        self.request = nil
        guard case .object(var members) = try JSON(parsing: try await request()) else {
            throw SyncError.invalidConfiguration("the server's answer for \(id) is not a JSON object")
        }
        members["Id"] = .string(id)
        return SyncDownPage(records: [.object(members)], totalSize: 1)
    }
}
