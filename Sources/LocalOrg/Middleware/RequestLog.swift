import Dispatch
import SalesforceCore

/// The request log between the server and its sink: lines reach the sink in order on a queue
/// of their own, so a sink that blocks (a full pipe nobody reads) never holds up a request.
/// While the sink is behind by ``capacity`` lines, newer lines are dropped, and counted.
final class RequestLog: Sendable {
    /// How many lines may wait for the sink.
    static let capacity = 1_000
    private let sink: @Sendable (String) -> Void
    private let queue = DispatchQueue(label: "forcekit.localorg.request-log")
    private let counts = Locked((waiting: 0, dropped: 0))

    init(sink: @escaping @Sendable (String) -> Void) {
        self.sink = sink
    }

    /// Hands a line to the sink, or drops it when the sink is too far behind; never waits.
    func record(_ line: String) {
        let dropped: Int? = counts.withLock { counts in
            guard counts.waiting < Self.capacity else {
                counts.dropped += 1
                return nil
            }
            counts.waiting += 1
            defer { counts.dropped = 0 }
            return counts.dropped
        }
        guard let dropped else { return }
        queue.async { [sink, counts] in
            if dropped > 0 { sink("(\(dropped) request log lines dropped: the log's reader fell behind)") }
            sink(line)
            counts.withLock { $0.waiting -= 1 }
        }
    }
}
