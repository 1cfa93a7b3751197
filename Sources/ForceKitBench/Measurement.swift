/// Timing: several interleaved rounds per contender, reported as the median, so one noisy
/// moment on a shared machine moves no figure much.
enum Measurement {
    /// Nanoseconds per operation for each round of `body`, which does `operations` operations
    /// and returns a value that depends on its work (so the optimizer cannot drop it).
    static func nanosecondsPerOperation(operations: Int, _ body: () -> Int) -> Double {
        let clock = ContinuousClock()
        var sink = 0
        let elapsed = clock.measure { sink = body() }
        blackHole(sink)
        let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
        return nanoseconds / Double(max(operations, 1))
    }

    @inline(never)
    static func blackHole(_ value: Int) {
        if value == Int.min { print("") }
    }
}
