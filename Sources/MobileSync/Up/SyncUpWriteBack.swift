import SalesforceCore
import SmartStore

/// The one write-back of every sync up (one soup, a tree, a custom target): a verdict applied to
/// a record as it is now, the counters and the outcome the app sees, decided in one place.
///
/// The record is taken as it is at write-back, not as it was read before the network call: an
/// edit the app made meanwhile stays and keeps the record dirty, on top of the server's new
/// copy as its base. The rules where a user's intent could be read two ways:
/// - a delete the server took, of a record the app edited (or un-deleted) meanwhile: the edit
///   is the user's latest word, so the record stays and is created again by the next sync up;
/// - a conflict keeps the server's copy in `__conflict__` and says the same sentence in
///   `__last_error__` and in the published outcome.
struct SyncUpWriteBack: Sendable {
    /// The field holding the server id.
    let idField: String
    /// The field holding the server's modification stamp.
    let stampField: String

    /// What becomes of the stored record.
    enum Change {
        /// Save it as given.
        case save(JSON)
        /// Remove it from its soup.
        case remove
    }

    /// Applies `verdict` on `item` to `current` (the record as it is now), counting it in
    /// `state`; `stamps` are the server's new modification stamps of the records written, by id.
    func apply(
        _ verdict: SyncUpVerdict, to item: SyncUpItem, current: JSON, stamps: [String: JSON], state: inout SyncState
    ) -> (change: Change, outcome: RecordOutcome) {
        let changedMeanwhile = current["_soupLastModifiedDate"] != item.read["_soupLastModifiedDate"]
        var flags = RecordFlags(current)
        let kind: RecordOutcome.Kind
        var message: String?
        var change: Change?
        switch verdict {
        case .settled:
            kind = .synced
            if flags.isCreated && flags.isDeleted {
                change = .remove
            } else if !changedMeanwhile {
                flags.clean()
            }
        case .deleted:
            kind = .synced
            if !changedMeanwhile || flags.isDeleted {
                change = .remove
            } else {
                flags.set(created: true, updated: false, deleted: false)
            }
        case .created, .written:
            kind = .synced
            if case .created(let id) = verdict { flags.members[idField] = .string(id) }
            let serverId = flags.members[idField]?.stringValue ?? ""
            let stamp = stamps[serverId]
            if changedMeanwhile {
                // The app's newer edit is sent next time, on top of what the server now has.
                var base = RecordFlags(item.read).serverFields
                base[idField] = .string(serverId)
                if let stamp { base[stampField] = stamp }
                flags.members[SyncField.base] = .object(base)
                flags.set(created: false, updated: true)
            } else {
                flags.clean()
                if let stamp { flags.members[stampField] = stamp }
            }
        case .conflict(let server, let text):
            kind = .conflicted
            message = text
            flags.members[SyncField.conflict] = server
            flags.members[SyncField.lastError] = .string(text)
        case .failed(let text):
            kind = .failed
            message = text
            flags.members[SyncField.lastError] = .string(text)
        }
        switch kind {
        case .synced: state.recordsSynced += 1
        case .failed: state.recordsFailed += 1
        case .conflicted: state.recordsConflicted += 1
        }
        let outcome = RecordOutcome(
            syncId: state.id, soupEntryId: item.entryId, id: item.read[idField]?.stringValue, kind: kind, message: message)
        if let change { return (change, outcome) }
        flags.members[SoupEntryField.id] = .integer(item.entryId)
        return (.save(flags.record), outcome)
    }
}
