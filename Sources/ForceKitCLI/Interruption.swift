import UnixSignals

/// Ctrl-C and `kill` for commands that own servers and temporary folders: the work is
/// cancelled instead of the process being killed, so it stops what it started and removes what
/// it made before the command exits.
enum Interruption {
    /// How work run by ``run(_:)`` ended.
    enum Outcome<Value: Sendable>: Sendable {
        /// It finished (or threw) on its own.
        case finished(Value)
        /// SIGINT or SIGTERM arrived; the work was cancelled and has cleaned up.
        case interrupted
    }

    /// Runs `work` until it ends or the process gets SIGINT or SIGTERM, which cancels it; in
    /// both cases this returns only once `work` has returned, so its clean-up has run.
    /// - Throws: what `work` threw, unless a signal cancelled it.
    static func run<Value: Sendable>(_ work: @escaping @Sendable () async throws -> Value) async throws -> Outcome<Value> {
        let signals = await UnixSignalsSequence(trapping: .sigint, .sigterm)
        return try await withThrowingTaskGroup(of: Outcome<Value>?.self) { group in
            group.addTask { .finished(try await work()) }
            group.addTask {
                for await _ in signals { return .interrupted }
                return nil
            }
            var interrupted = false
            var result: Outcome<Value>?
            while true {
                let next: Outcome<Value>??
                do {
                    next = try await group.next()
                } catch {
                    // The work failed: after a signal that is how cancelled work ends.
                    if interrupted { continue }
                    group.cancelAll()
                    throw error
                }
                guard let next else { break }
                switch next {
                case .interrupted:
                    interrupted = true
                    group.cancelAll()
                case .finished:
                    result = next
                    group.cancelAll()
                case nil:
                    break
                }
            }
            return interrupted ? .interrupted : (result ?? .interrupted)
        }
    }
}
