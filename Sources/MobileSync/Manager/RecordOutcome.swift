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

/// Hands each run's record outcomes to everyone listening.
final class OutcomeHub: Sendable {
    private let listeners = Locked<[Int: AsyncStream<RecordOutcome>.Continuation]>([:])
    private let nextKey = Locked(0)

    func stream() -> AsyncStream<RecordOutcome> {
        let (stream, continuation) = AsyncStream<RecordOutcome>.makeStream(bufferingPolicy: .bufferingNewest(10_000))
        let key = nextKey.withLock { key in
            key += 1
            return key
        }
        listeners.withLock { $0[key] = continuation }
        continuation.onTermination = { [weak self] _ in self?.listeners.withLock { _ = $0.removeValue(forKey: key) } }
        return stream
    }

    func publish(_ outcomes: [RecordOutcome]) {
        guard !outcomes.isEmpty else { return }
        let current = listeners.current.values
        for continuation in current { for outcome in outcomes { continuation.yield(outcome) } }
    }

    deinit {
        for continuation in listeners.current.values { continuation.finish() }
    }
}
