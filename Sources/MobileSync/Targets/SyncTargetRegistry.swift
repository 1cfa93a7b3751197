public import SalesforceCore

/// Reads targets back from their JSON: ForceKit's by their `type`, an app's custom ones by the
/// name they were registered under (`swiftImpl`, or the SDK's `iOSImpl`).
public enum SyncTargetRegistry {
    /// Builds a custom sync-down target from its JSON.
    public typealias DownTargetFactory = @Sendable (JSON) throws -> any SyncDownTarget

    private static let customDownTargets = Locked<[String: DownTargetFactory]>([:])

    /// Registers a custom sync-down target, so that states whose target JSON is
    /// `{"type": "custom", "swiftImpl": name, …}` can run.
    public static func registerDownTarget(named name: String, _ factory: @escaping DownTargetFactory) {
        customDownTargets.withLock { $0[name] = factory }
    }

    /// The sync-down target `json` describes.
    /// - Throws: ``SyncError/invalidConfiguration(_:)`` for an unknown type or a target missing what it needs.
    public static func downTarget(from json: JSON) throws(SyncError) -> any SyncDownTarget {
        let type = json["type"]?.stringValue ?? ""
        switch type {
        case "soql": return try SoqlSyncDownTarget(json: json)
        case "sosl": return try SoslSyncDownTarget(json: json)
        case "mru": return try MruSyncDownTarget(json: json)
        case "refresh": return try RefreshSyncDownTarget(json: json)
        case "parentChildren", "parent_children": return try ParentChildrenSyncDownTarget(json: json)
        case "metadata": return try MetadataSyncDownTarget(json: json)
        case "layout": return try LayoutSyncDownTarget(json: json)
        default:
            let name = json["swiftImpl"]?.stringValue ?? json["iOSImpl"]?.stringValue
            if let name, let factory = customDownTargets.withLock({ $0[name] }) {
                do {
                    return try factory(json)
                } catch {
                    throw .invalidConfiguration("the custom target \(name) could not be read: \(error)")
                }
            }
            throw .invalidConfiguration(
                "the sync-down target type \"\(type)\" is not one ForceKit knows (soql, sosl, mru, refresh, parentChildren, metadata, layout) or a registered custom target"
            )
        }
    }
}
