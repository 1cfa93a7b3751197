import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The CPU time this process has used, user and system, on all its threads: with the wall time
/// of a run it tells how many cores the run kept busy, so a bench can say whether a contender
/// waits or computes.
enum ProcessCPU {
    /// User plus system seconds so far.
    static func seconds() -> Double {
        var usage = rusage()
        #if canImport(Glibc)
            let who = RUSAGE_SELF.rawValue
        #else
            let who = RUSAGE_SELF
        #endif
        guard getrusage(who, &usage) == 0 else { return 0 }
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// `body`'s result and the cores it kept busy on average (CPU seconds over wall seconds).
    static func cores<T>(_ body: () async throws -> T) async rethrows -> (result: T, cores: Double) {
        let cpu = seconds()
        let start = ContinuousClock.now
        let result = try await body()
        let elapsed = ContinuousClock.now - start
        let wall = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return (result, wall > 0 ? (seconds() - cpu) / wall : 0)
    }
}
