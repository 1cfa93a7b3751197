import SalesforceCore

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
    private var writer = JSONStreamWriter(reservingCapacity: 512)

    init() {
        writer.beginObject()
    }

    mutating func add(_ key: String, _ value: String) {
        writer.key(key)
        writer.string(value)
    }

    /// A figure, rounded to three decimals; `null` when it is not finite.
    mutating func add(_ key: String, _ value: Double) {
        writer.key(key)
        writer.double((value * 1000).rounded() / 1000)
    }

    mutating func add(_ key: String, _ value: Int) {
        writer.key(key)
        writer.integer(Int64(value))
    }

    mutating func add(_ key: String, _ value: Bool) {
        writer.key(key)
        writer.bool(value)
    }

    var line: String {
        var finished = writer
        finished.endObject()
        return String(decoding: finished.bytes, as: UTF8.self)
    }
}
