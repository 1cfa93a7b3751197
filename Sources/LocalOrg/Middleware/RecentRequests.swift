import Foundation
import SalesforceCore

/// The latest requests the server answered, newest first, for the console's live log. Bounded and
/// in memory: recording takes a lock for an append and never waits on a reader. Paths only: a
/// query string may carry a token (`frontdoor.jsp?sid=`), so it is never kept.
final class RecentRequests: Sendable {
    /// One answered request.
    struct Entry: Sendable, Equatable {
        var time: Date
        var method: String
        var path: String
        var status: Int
        var milliseconds: Double
    }

    /// How many requests are kept.
    static let capacity = 500
    private let entries = Locked((ring: [Entry](), next: 0))

    /// Keeps a request, pushing out the oldest beyond ``capacity``.
    func record(_ entry: Entry) {
        entries.withLock { state in
            if state.ring.count < Self.capacity {
                state.ring.append(entry)
            } else {
                state.ring[state.next] = entry
            }
            state.next = (state.next + 1) % Self.capacity
        }
    }

    /// The kept requests, newest first.
    var latest: [Entry] {
        entries.withLock { state in
            guard state.ring.count == Self.capacity else { return state.ring.reversed() }
            return Array((state.ring[state.next...] + state.ring[..<state.next]).reversed())
        }
    }
}
