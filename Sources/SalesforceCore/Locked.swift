import Foundation

/// A value that any thread may read and change, one at a time: ForceKit's one lock type.
///
/// `Synchronization.Mutex` would do, but it needs iOS 18 and macOS 15; ForceKit supports
/// iOS 17 and macOS 14, so this wraps `NSLock`.
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// A lock around `value`.
    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value while holding the lock, and returns what it returns.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// A copy of the value.
    package var current: Value { withLock { $0 } }
}
