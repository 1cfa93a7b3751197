public import SalesforceCore

/// Reads targets back from their JSON: ForceKit's by their `type`, an app's custom ones by the
/// name they were registered under (`swiftImpl`, or the SDK's `iOSImpl`).
public enum SyncTargetRegistry {
    /// Builds a custom sync-down target from its JSON.
    public typealias DownTargetFactory = @Sendable (JSON) throws -> any SyncDownTarget

    private static let customDownTargets = Locked<[String: DownTargetFactory]>([:])

    /// Builds a custom sync-up target's writer from its target, settings included.
    public typealias UpTargetFactory = @Sendable (SyncUpTarget) throws -> any CustomSyncUpTarget

    private static let customUpTargets = Locked<[String: UpTargetFactory]>([:])

    /// Registers a custom sync-up target, so that a ``SyncUpTarget/custom(_:settings:createFieldlist:updateFieldlist:idFieldName:modificationDateFieldName:)``
    /// target, or a target JSON `{"type": "custom", "swiftImpl": name, …}`, can run.
    public static func registerUpTarget(named name: String, _ factory: @escaping UpTargetFactory) {
        customUpTargets.withLock { $0[name] = factory }
    }

    /// Whether a custom sync-up target is registered as `name`.
    static func hasUpTarget(named name: String) -> Bool {
        !name.isEmpty && customUpTargets.withLock { $0[name] != nil }
    }

    /// The writer of a custom sync-up target.
    /// - Throws: ``SyncError/invalidConfiguration(_:)`` when no target is registered under its
    ///   name, or its factory refuses the settings.
    static func upTarget(for target: SyncUpTarget) throws(SyncError) -> any CustomSyncUpTarget {
        let name = target.customName ?? ""
        guard let factory = customUpTargets.withLock({ $0[name] }) else {
            throw .invalidConfiguration(
                "no custom sync-up target is registered as \"\(name)\": call SyncTargetRegistry.registerUpTarget(named:) before the sync runs"
            )
        }
        do {
            return try factory(target)
        } catch {
            throw .invalidConfiguration("the custom sync-up target \(name) could not be read: \(error)")
        }
    }

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
