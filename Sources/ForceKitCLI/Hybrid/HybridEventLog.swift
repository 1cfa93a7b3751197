import HybridBridge
import SalesforceCore

/// The bridge's events, numbered, for pages that poll for those after the last they saw. Keeps
/// the latest 10,000; a page further behind misses the oldest.
final class HybridEventLog: Sendable {
    private let events = Locked<(next: Int, kept: [(seq: Int, event: BridgeEvent)])>((1, []))

    func append(_ event: BridgeEvent) {
        events.withLock { log in
            log.kept.append((log.next, event))
            log.next += 1
            if log.kept.count > 10_000 { log.kept.removeFirst(log.kept.count - 10_000) }
        }
    }

    /// The events after `seq`, as `[{seq, name, detail}]`.
    func after(_ seq: Int) -> JSON {
        let newer = events.withLock { log in log.kept.filter { $0.seq > seq } }
        return .array(newer.map { ["seq": .integer(Int64($0.seq)), "name": .string($0.event.name), "detail": $0.event.detail] })
    }
}
