package import SalesforceCore

/// The fields Mobile Sync keeps in each record of a synced soup, named as the SDK names them.
///
/// A record is dirty when ``local`` is true; sync up sends dirty records and clears the flags.
/// Apps set them through ``SmartStore/SmartStore/createLocally(_:objectType:inSoup:idFieldName:)``,
/// ``SmartStore/SmartStore/updateLocally(soupEntryId:inSoup:_:)`` and
/// ``SmartStore/SmartStore/deleteLocally(soupEntryId:inSoup:)`` rather than by hand.
public enum SyncField {
    /// True when any of the three flags below is: the record has changes to send.
    public static let local = "__local__"
    /// Created on the device; sync up creates it on the server.
    public static let locallyCreated = "__locally_created__"
    /// Changed on the device; sync up updates the server record.
    public static let locallyUpdated = "__locally_updated__"
    /// Deleted on the device (the row stays until sync up deletes it on the server).
    public static let locallyDeleted = "__locally_deleted__"
    /// The server's answer when the record last failed to sync up; null otherwise.
    public static let lastError = "__last_error__"
    /// The id of the sync down that last saved the record.
    public static let syncId = "__sync_id__"
    /// The record as it was on the server before the first local change: what sync up compares
    /// with to send only changed fields, and the "base" of a conflict. ForceKit's own field.
    public static let base = "__base__"
    /// The server's copy when sync up found the record changed on both sides. ForceKit's own field.
    public static let conflict = "__conflict__"

    /// The flag fields, all false in a clean record.
    public static let flags = [local, locallyCreated, locallyUpdated, locallyDeleted]

    /// The fields that are Mobile Sync's or SmartStore's rather than the record's.
    static let bookkeeping: Set<String> = Set(
        flags + [lastError, syncId, base, conflict, "_soupEntryId", "_soupLastModifiedDate", "_soupCreatedDate"])
}

/// A record's Mobile Sync flags, read and set.
package struct RecordFlags {
    var members: [String: JSON]

    init(_ record: JSON) {
        members = record.objectValue ?? [:]
    }

    var record: JSON { .object(members) }

    var isDirty: Bool { members[SyncField.local]?.boolValue == true }
    var isCreated: Bool { members[SyncField.locallyCreated]?.boolValue == true }
    var isUpdated: Bool { members[SyncField.locallyUpdated]?.boolValue == true }
    var isDeleted: Bool { members[SyncField.locallyDeleted]?.boolValue == true }

    /// The server-side fields of the record: no flags, bookkeeping or store fields.
    var serverFields: [String: JSON] { members.filter { !SyncField.bookkeeping.contains($0.key) } }

    /// Clears the flags and the error, as after a sync: the record matches the server.
    mutating func clean(syncId: Int64? = nil) {
        members.merge(Self.cleanFields(syncId: syncId)) { _, clean in clean }
        members[SyncField.base] = nil
        members[SyncField.conflict] = nil
    }

    /// The fields of a record that matches the server: flags false, no error, and the sync
    /// that saved it when there is one.
    package static func cleanFields(syncId: Int64?) -> [String: JSON] {
        var fields: [String: JSON] = [SyncField.lastError: .null]
        for flag in SyncField.flags { fields[flag] = false }
        if let syncId { fields[SyncField.syncId] = .integer(syncId) }
        return fields
    }

    /// Whether `record` has a field named like Mobile Sync's or SmartStore's (they all start
    /// with `_`, which no Salesforce field does), which a clean copy must replace or drop.
    static func hasBookkeeping(_ record: JSON) -> Bool {
        record.objectValue?.keys.contains { $0.utf8.first == UInt8(ascii: "_") } ?? false
    }

    /// Sets the three flags and recomputes `__local__`.
    mutating func set(created: Bool? = nil, updated: Bool? = nil, deleted: Bool? = nil) {
        if let created { members[SyncField.locallyCreated] = .bool(created) }
        if let updated { members[SyncField.locallyUpdated] = .bool(updated) }
        if let deleted { members[SyncField.locallyDeleted] = .bool(deleted) }
        members[SyncField.local] = .bool(isCreated || isUpdated || isDeleted)
    }
}
