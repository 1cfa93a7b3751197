import SalesforceCore
import SmartStore

/// How sync down tells, under LEAVE_IF_CHANGED, that a record coming down must be left alone:
/// made once per transaction, so what it reads of the store is current (an edit made while the
/// sync runs is never lost) and read once for every page the transaction saves.
struct LocalChangeCheck: Sendable {
    /// Whether the record with this id, and the server's copy of it (nil for a delete), must be left alone.
    typealias Checker = (_ id: String, _ incoming: JSON?) throws -> Bool

    /// Makes the check for one transaction.
    let checker: @Sendable (StoreTransaction) throws -> Checker

    /// Leaves alone the records that have local changes themselves.
    static func ownFlags(soupName: String, idField: String) -> LocalChangeCheck {
        LocalChangeCheck { tx in
            { id, _ in
                guard let entryId = try tx.lookupSoupEntryId(inSoup: soupName, fieldPath: idField, fieldValue: .string(id)),
                    let local = try tx.retrieve(usingSoupEntryIds: [entryId], inSoup: soupName).first
                else { return false }
                return RecordFlags(local).isDirty
            }
        }
    }
}
