/// Where ``MetadataSyncManager`` and ``LayoutSyncManager`` look for a description: the local
/// cache, the server, or both in an order.
public enum CacheMode: String, Sendable, Hashable, CaseIterable {
    /// The cache only; nil when it has none, and no request.
    case cacheOnly
    /// The cache, and the server when the cache has none.
    case cacheFirst
    /// The server (the answer is cached), and the cache when the server cannot be reached, as
    /// the SDK documents (D8; the Android SDK does not fall back).
    case serverFirst
}
