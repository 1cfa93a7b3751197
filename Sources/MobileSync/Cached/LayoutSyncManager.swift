public import SalesforceCore

/// Object layouts from the UI API (`ui-api/layout/T`) cached in the store's `sfdcLayouts` soup,
/// for apps that lay out records as the org does while offline.
///
/// ```swift
/// let layouts = LayoutSyncManager(syncManager: manager)
/// let layout = try await layouts.fetchLayout(forObject: "Account", layoutType: "Compact", mode: .serverFirst)
/// ```
public struct LayoutSyncManager: Sendable {
    /// The soup the layouts are cached in, as the SDK names it.
    public static let soupName = "sfdcLayouts"
    /// The manager whose store caches the layouts and whose syncs fetch them.
    public let syncManager: SyncManager

    /// A layout manager over `syncManager`'s store and client.
    public init(syncManager: SyncManager) {
        self.syncManager = syncManager
    }

    /// `objectType`'s layout of `layoutType` (`Full` or `Compact`) with `"Id": "T-Full"`, from
    /// where `mode` says; nil when the cache has none under `.cacheOnly`.
    /// - Throws: ``SyncError/invalidConfiguration(_:)`` for another layout type,
    ///   ``SyncError/server(_:)`` when the server fails and the cache has nothing to fall back
    ///   on, ``SyncError/store(_:)``.
    public func fetchLayout(forObject objectType: String, layoutType: String = "Full", mode: CacheMode = .serverFirst)
        async throws(SyncError)
        -> JSON?
    {
        let target = try LayoutSyncDownTarget(objectType: objectType, layoutType: layoutType)
        return try await CachedRecord(manager: syncManager, soupName: Self.soupName, id: target.recordId, target: target).fetch(mode)
    }
}
