public import SalesforceCore

/// A record that changed on the device and on the server since it was last synced, which sync
/// up under LEAVE_IF_CHANGED left unsent.
public struct SyncConflict: Sendable, Hashable {
    /// The record's entry id in its soup.
    public let soupEntryId: Int64
    /// The record's server id.
    public let id: String?
    /// The record's fields on the device.
    public let local: JSON
    /// The record's fields on the server when the conflict was found; nil when the server deleted it.
    public let server: JSON?
    /// The record's fields as they were last synced, before the local change; nil when unknown.
    public let base: JSON?

    init?(record: JSON, idFieldName: String) {
        guard let conflict = record[SyncField.conflict], let entryId = record["_soupEntryId"]?.integerValue else { return nil }
        let flags = RecordFlags(record)
        soupEntryId = entryId
        id = record[idFieldName]?.stringValue
        local = .object(flags.serverFields)
        server = conflict.isNull ? nil : conflict
        base = record[SyncField.base]
    }
}

/// How to settle a ``SyncConflict``.
public enum ConflictResolution: Sendable, Hashable {
    /// Keep the device's version: the next sync up writes it over the server's.
    case keepMine
    /// Take the server's version and drop the local change.
    case takeTheirs
    /// Keep these fields on top of the server's version: the next sync up sends them.
    case merged([String: JSON])
}
