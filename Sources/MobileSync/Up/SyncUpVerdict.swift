import SalesforceCore

/// What a sync up settled for one record, whatever sent it: the one input of the write-back.
enum SyncUpVerdict: Sendable {
    /// Nothing had to go to the server: created and deleted before any sync, or updated back
    /// to what the server has.
    case settled
    /// The server made the record under this id.
    case created(String)
    /// The server took the update.
    case written
    /// The server deleted the record, or it was gone already.
    case deleted
    /// The record changed (or was deleted) on the server since it came down and nothing was
    /// written; `server` is the server's copy, null when it is gone.
    case conflict(server: JSON, message: String)
    /// Not written; why, in the words the user sees.
    case failed(String)

    /// What `__last_error__` and the published outcome say of a conflict.
    static let conflictMessage = "The record changed on the server since it was last synced; resolve the conflict to send it."

    /// The verdict on `action` from the server's `outcome` (nil: no answer came for it), with
    /// the server's copy when it is a conflict.
    init(action: SyncUpItem.Action, outcome: SyncUpOutcome?, serverCopy: JSON?) {
        switch (action, outcome) {
        case (.invalid(let message), _): self = .failed(message)
        case (.settle, _): self = .settled
        case (_, .created(let id)?): self = .created(id)
        case (_, .written?): self = .written
        case (_, .deleted?): self = .deleted
        case (_, .conflict?), (_, .notFound?): self = .conflict(server: serverCopy ?? .null, message: Self.conflictMessage)
        case (_, .failed(let message)?): self = .failed(message)
        case (_, nil): self = .failed("The server gave no answer for this record.")
        }
    }
}
