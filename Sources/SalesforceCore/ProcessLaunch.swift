package import Foundation

/// Starts child processes one at a time. Foundation's `Process.run()` on Linux is not safe to call
/// from two threads at once: two tests that each started a process crashed the test run in it
/// (a bad pointer while it copied the arguments and environment).
package enum ProcessLaunch {
    private static let lock = Locked(())

    /// Runs `process.run()` while no other launch through here is under way.
    package static func run(_ process: Process) throws {
        try lock.withLock { _ in try process.run() }
    }
}
