public import Foundation
import SalesforceCore

/// A clock that stands still unless a test moves it: a ``TestOrg`` reads its time from one, so
/// a test expires tokens by moving it instead of waiting.
public final class MovableClock: Sendable {
    private let time: Locked<Date>

    /// Creates a clock at `date`, the current time unless a test needs another.
    public init(at date: Date = Date()) {
        time = Locked(date)
    }

    /// The clock's time.
    public var now: Date { time.current }

    /// Moves the clock forward.
    public func advance(by seconds: TimeInterval) {
        time.withLock { $0 += seconds }
    }
}
