import Dispatch
import SalesforceCore

/// Runs async work to completion from synchronous code: libFuzzer calls a target on its own
/// thread and waits, and the work runs on Swift's cooperative pool, so waiting here blocks no
/// thread the work needs.
func runBlocking<Result: Sendable>(_ work: @escaping @Sendable () async -> Result) -> Result {
    let done = DispatchSemaphore(value: 0)
    let result = Locked<Result?>(nil)
    Task {
        let value = await work()
        result.withLock { $0 = value }
        done.signal()
    }
    done.wait()
    // The task stored a value before it signalled.
    return result.withLock { value in value! }
}
