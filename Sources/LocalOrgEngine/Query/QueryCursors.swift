import Foundation
import SalesforceCore

/// Open query cursors: each result's row ids and where its next page starts. A cursor lives 15
/// minutes after its last use, as Salesforce's query locators do, and at most `capacity` are
/// kept (the least recently used goes first), so their memory stays bounded.
final class QueryCursors: Sendable {
    struct Cursor: Sendable {
        var query: CompiledQuery
        var totalSize: Int
        var batchSize: Int
        /// The result's row ids when the query ran (see ``CompiledQuery/snapshotSQL``).
        var snapshot: [Int64]?
        var lastUsed: Date
    }

    private struct State {
        var cursors: [String: Cursor] = [:]
        var opened: Int64 = 0
    }

    private let state = Locked(State())
    private let capacity = 1000
    private let lifetime: TimeInterval = 15 * 60

    /// Keeps a cursor and returns its locator id (`01g...`, 18 characters).
    func open(_ cursor: Cursor) -> String {
        state.withLock { state in
            state.opened += 1
            let id = RecordID.make(prefix: "01g", counter: state.opened)
            let now = cursor.lastUsed
            state.cursors = state.cursors.filter { now.timeIntervalSince($0.value.lastUsed) < lifetime }
            if state.cursors.count >= capacity, let oldest = state.cursors.min(by: { $0.value.lastUsed < $1.value.lastUsed })?.key {
                state.cursors[oldest] = nil
            }
            state.cursors[id] = cursor
            return id
        }
    }

    /// The cursor `id`, touched, or nil when it is unknown or expired.
    func cursor(_ id: String, now: Date) -> Cursor? {
        state.withLock { state in
            guard var cursor = state.cursors[id], now.timeIntervalSince(cursor.lastUsed) < lifetime else {
                state.cursors[id] = nil
                return nil
            }
            cursor.lastUsed = now
            state.cursors[id] = cursor
            return cursor
        }
    }

    /// Forgets a finished cursor.
    func close(_ id: String) {
        state.withLock { $0.cursors[id] = nil }
    }
}
