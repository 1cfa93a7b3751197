public import SalesforceCore

/// Object descriptions (`sobjects/T/describe`) cached in the store's `sfdcMetadata` soup, for
/// apps that build their screens from the org's fields while offline.
///
/// ```swift
/// let metadata = MetadataSyncManager(syncManager: manager)
/// let account = try await metadata.fetchMetadata(forObject: "Account", mode: .cacheFirst)
/// let labels = account?["fields"]?.arrayValue?.compactMap { $0["label"]?.stringValue }
/// ```
public struct MetadataSyncManager: Sendable {
    /// The soup the descriptions are cached in, as the SDK names it.
    public static let soupName = "sfdcMetadata"
    /// The manager whose store caches the descriptions and whose syncs fetch them.
    public let syncManager: SyncManager

    /// A metadata manager over `syncManager`'s store and client.
    public init(syncManager: SyncManager) {
        self.syncManager = syncManager
    }

    /// `objectType`'s description with `"Id": objectType`, from where `mode` says; nil when
    /// the cache has none under `.cacheOnly`.
    /// - Throws: ``SyncError/server(_:)`` when the server fails and the cache has nothing to
    ///   fall back on, ``SyncError/store(_:)``.
    public func fetchMetadata(forObject objectType: String, mode: CacheMode = .serverFirst) async throws(SyncError) -> JSON? {
        try await CachedRecord(
            manager: syncManager, soupName: Self.soupName, id: objectType, target: MetadataSyncDownTarget(objectType: objectType)
        ).fetch(mode)
    }
}
