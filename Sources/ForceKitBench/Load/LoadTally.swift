import SalesforceCore

/// What the load clients saw, added up as they go.
final class LoadTally: Sendable {
    struct Counts: Sendable {
        /// Requests answered, by HTTP status.
        var statuses: [Int: Int] = [:]
        /// Requests that got no answer (a transport error or a timeout).
        var unanswered = 0
        /// Records a paged query returned twice.
        var duplicates = 0
        /// Records each client created and kept, by name prefix.
        var kept = 0
        var requests: Int { statuses.values.reduce(0, +) + unanswered }
        var serverErrors: Int { statuses.filter { $0.key >= 500 }.values.reduce(0, +) }
    }

    private let counts = Locked(Counts())

    var current: Counts { counts.current }

    func answered(_ status: Int) {
        counts.withLock { $0.statuses[status, default: 0] += 1 }
    }

    func unanswered() {
        counts.withLock { $0.unanswered += 1 }
    }

    func duplicates(_ count: Int) {
        counts.withLock { $0.duplicates += count }
    }

    func kept() {
        counts.withLock { $0.kept += 1 }
    }
}
