/// Which way a sync moves records: its state's `type`.
public enum SyncType: String, Sendable, Hashable, CaseIterable {
    /// Server to store: records come down into a soup.
    case syncDown
    /// Store to server: the soup's local changes go up.
    case syncUp
}

/// Where a sync is in its life: `NEW → RUNNING → DONE | FAILED | STOPPED`, persisted as the
/// upper-case names the SDK writes.
public enum SyncStatus: String, Sendable, Hashable, CaseIterable {
    /// Created and never run.
    case new = "NEW"
    /// Queued or running.
    case running = "RUNNING"
    /// Finished. A finished sync may still have records that failed or conflicted: see
    /// ``SyncState/recordsFailed`` and ``SyncState/recordsConflicted``.
    case done = "DONE"
    /// Ended early by an error that stopped the whole sync (the network, the session, a
    /// malformed answer); ``SyncState/error`` says which.
    case failed = "FAILED"
    /// Ended early because the manager was asked to stop, or because the process ended while it ran.
    case stopped = "STOPPED"

    /// Whether the sync has ended (done, failed or stopped).
    public var isTerminal: Bool { self == .done || self == .failed || self == .stopped }
}

/// What a sync does with a record that changed on both sides.
public enum MergeMode: String, Sendable, Hashable, CaseIterable {
    /// The side being written wins: sync down replaces local records, local edits included;
    /// sync up writes over the server's record.
    case overwrite = "OVERWRITE"
    /// Changes are kept: sync down leaves records with local changes alone; sync up writes only
    /// when the server record has not changed since it came down, and reports a conflict otherwise.
    case leaveIfChanged = "LEAVE_IF_CHANGED"
}
