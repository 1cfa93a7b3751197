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

    /// The median of the values.
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    @inline(never)
    static func blackHole(_ value: Int) {
        if value == Int.min { print("") }
    }
}

/// The last line a suite prints: one JSON object with its figures, keys in a fixed order.
struct BenchReport {
    private var members: [String] = []

    mutating func add(_ key: String, _ value: String) {
        members.append("\"\(key)\": \"\(value)\"")
    }

    mutating func add(_ key: String, _ value: Double) {
        let rounded = (value * 1000).rounded() / 1000
        members.append("\"\(key)\": \(rounded.isFinite ? String(rounded) : "null")")
    }

    mutating func add(_ key: String, _ value: Int) {
        members.append("\"\(key)\": \(value)")
    }

    mutating func add(_ key: String, _ value: Bool) {
        members.append("\"\(key)\": \(value)")
    }

    mutating func add(_ key: String, raw json: String) {
        members.append("\"\(key)\": \(json)")
    }

    var line: String { "{" + members.joined(separator: ", ") + "}" }
}
