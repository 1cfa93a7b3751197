import Foundation
public import SalesforceCore
public import SmartStore

extension SmartStore {
    /// Stores a record created on the device, flagged for sync up to create it on the server,
    /// and returns it as stored.
    ///
    /// It gets `attributes.type` and, when it has no `Id`, a local id (`local_` and a UUID)
    /// that sync up replaces with the server's.
    public func createLocally(_ record: JSON, objectType: String, inSoup soupName: String, idFieldName: String = "Id")
        async throws(SmartStoreError)
        -> JSON
    {
        var flags = RecordFlags(record)
        flags.members["attributes"] = ["type": .string(objectType)]
        if flags.members[idFieldName]?.stringValue == nil { flags.members[idFieldName] = .string(LocalID.make()) }
        flags.clean()
        flags.set(created: true)
        return try await create(entry: flags.record, inSoup: soupName)
    }

    /// Changes a stored record in one transaction and flags it for sync up, keeping what the
    /// server last sent as its base so that sync up sends only the fields that changed and can
    /// tell a conflict. Returns it as stored.
    /// - Throws: `SmartStoreError.entryNotFound` when there is no such record.
    @discardableResult
    public func updateLocally(
        soupEntryId: Int64, inSoup soupName: String, _ change: @escaping @Sendable (inout [String: JSON]) -> Void
    ) async throws(SmartStoreError) -> JSON {
        do {
            return try await transaction { tx in
                guard let stored = try tx.retrieve(usingSoupEntryIds: [soupEntryId], inSoup: soupName).first else {
                    throw SmartStoreError.entryNotFound(soup: soupName, soupEntryId: soupEntryId)
                }
                var flags = RecordFlags(stored)
                if !flags.isDirty && flags.members[SyncField.base] == nil { flags.members[SyncField.base] = .object(flags.serverFields) }
                var fields = flags.serverFields
                change(&fields)
                for (key, value) in fields { flags.members[key] = value }
                for key in flags.serverFields.keys where fields[key] == nil { flags.members[key] = nil }
                flags.set(updated: true)
                return try tx.update(entry: flags.record, soupEntryId: soupEntryId, inSoup: soupName)
            }
        } catch {
            throw SmartStoreError(wrapping: error)
        }
    }

    /// Flags a stored record as deleted on the device; sync up deletes it on the server and then
    /// here. A record that was never on the server is removed at once.
    /// - Throws: `SmartStoreError.entryNotFound` when there is no such record.
    public func deleteLocally(soupEntryId: Int64, inSoup soupName: String) async throws(SmartStoreError) {
        do {
            try await transaction { tx in
                guard let stored = try tx.retrieve(usingSoupEntryIds: [soupEntryId], inSoup: soupName).first else {
                    throw SmartStoreError.entryNotFound(soup: soupName, soupEntryId: soupEntryId)
                }
                var flags = RecordFlags(stored)
                if flags.isCreated {
                    try tx.remove(entryIds: [soupEntryId], inSoup: soupName)
                    return
                }
                if !flags.isDirty && flags.members[SyncField.base] == nil { flags.members[SyncField.base] = .object(flags.serverFields) }
                flags.set(deleted: true)
                try tx.update(entry: flags.record, soupEntryId: soupEntryId, inSoup: soupName)
            }
        } catch {
            throw SmartStoreError(wrapping: error)
        }
    }
}

extension SmartStoreError {
    /// The store's error as it was, or any other error from a transaction as a database error.
    init(wrapping error: any Error) {
        self = (error as? SmartStoreError) ?? .database(String(describing: error))
    }
}

/// Ids for records created on the device, before the server gives them one.
public enum LocalID {
    /// The prefix every local id starts with.
    public static let prefix = "local_"

    /// A new local id: the prefix and a UUID, which do not collide as the SDK's random numbers can.
    static func make() -> String { prefix + UUID().uuidString }

    /// Whether `id` is a local id rather than a server's.
    public static func isLocal(_ id: String) -> Bool { id.hasPrefix(prefix) }
}
