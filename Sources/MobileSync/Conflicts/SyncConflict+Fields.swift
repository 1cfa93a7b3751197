public import SalesforceCore

/// One field of a ``SyncConflict`` in its three versions: what an app shows to let the user
/// choose, field by field.
public struct ConflictField: Sendable, Hashable {
    /// The field's name.
    public let name: String
    /// The value when the record was last synced; nil when unknown or absent.
    public let base: JSON?
    /// The value on the device.
    public let local: JSON?
    /// The value on the server; nil when the server deleted the record or lacks the field.
    public let server: JSON?

    /// A field's versions; an app makes its own to show a conflict it found another way.
    public init(name: String, base: JSON?, local: JSON?, server: JSON?) {
        self.name = name
        self.base = base
        self.local = local
        self.server = server
    }

    /// Whether the device changed the field since the last sync (always, when the base is unknown).
    public var changedLocally: Bool { local != base }
    /// Whether the server changed the field since the last sync (always, when the base is unknown).
    public var changedOnServer: Bool { server != base }
    /// Whether both sides changed the field, to different values: the one place a merge must choose.
    public var changedOnBothSides: Bool { changedLocally && changedOnServer && local != server }
}

extension SyncConflict {
    /// Fields that change on every save, so they would show in every conflict and say nothing.
    private static let systemFields: Set<String> = ["attributes", "Id", "LastModifiedDate", "SystemModstamp"]

    /// The app's fields (those the device's record or its base have; the server's copy has every
    /// field of the object) that differ between any two versions, by name.
    public var fields: [ConflictField] {
        var names = Set<String>()
        for version in [local, base] {
            if let members = version?.objectValue { names.formUnion(members.keys) }
        }
        return names.subtracting(Self.systemFields).sorted().compactMap { name in
            let field = ConflictField(name: name, base: base?[name], local: local[name], server: server?[name])
            return field.base == field.local && field.base == field.server ? nil : field
        }
    }

    /// The device's changes: each field the device changed since the last sync, with its value.
    /// ``ConflictResolution/merged(_:)`` with these keeps every change of both sides, the
    /// device's winning where both changed a field.
    public var localChanges: [String: JSON] {
        var changes: [String: JSON] = [:]
        for field in fields where field.changedLocally { changes[field.name] = field.local ?? .null }
        return changes
    }
}
