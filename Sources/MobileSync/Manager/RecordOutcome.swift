import SalesforceCore

/// What became of one record in a run, as it happens: for an app that shows which records
/// failed or conflicted without querying the soup afterwards.
public struct RecordOutcome: Sendable, Hashable {
    /// What happened.
    public enum Kind: String, Sendable, Hashable {
        /// Saved from the server (down) or written to it (up).
        case synced
        /// The server refused it; ``RecordOutcome/message`` has its answer.
        case failed
        /// It changed on both sides and was left as it is; see ``SyncManager/conflicts(inSoup:idFieldName:)``.
        case conflicted
    }

    /// The sync that ran.
    public let syncId: Int64
    /// The record's entry id in its soup, when it has one.
    public let soupEntryId: Int64?
    /// The record's server id, when it has one.
    public let id: String?
    /// What happened.
    public let kind: Kind
    /// The server's answer or the reason, for failed and conflicted records.
    public let message: String?
}
