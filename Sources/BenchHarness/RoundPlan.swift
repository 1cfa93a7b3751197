/// How a suite's contenders take turns: warm-up rounds that are timed but not counted, then
/// counted rounds in which the order alternates (ABBA for two contenders), so neither side always
/// runs first, on a colder cache or a cooler machine.
package struct RoundPlan: Sendable, Equatable {
    /// Rounds run first and discarded.
    package var warmUp: Int
    /// Rounds that count.
    package var rounds: Int

    /// The default: one warm-up, then five counted rounds.
    package init(warmUp: Int = 1, rounds: Int = 5) {
        self.warmUp = max(0, warmUp)
        self.rounds = max(1, rounds)
    }

    /// The order of `contenders` in counted round `round` (from 0): as given in even rounds,
    /// reversed in odd ones, and every two rounds the starting contender moves on by one, so with
    /// three or more each one leads as often as the others.
    package func order<Contender>(of contenders: [Contender], round: Int) -> [Contender] {
        guard contenders.count > 1 else { return contenders }
        let shift = (round / 2) % contenders.count
        let rotated = Array(contenders[shift...] + contenders[..<shift])
        return round.isMultiple(of: 2) ? rotated : rotated.reversed()
    }

    /// Runs every contender in every round, warm-up first, in the plan's order, and returns each
    /// contender's counted values in round order. `measure` returns one value, or nil when the
    /// measurement failed (the round then has no value for it).
    package func run<Contender: Hashable>(
        _ contenders: [Contender], progress: (String) -> Void = { _ in }, measure: (Contender) async throws -> Double?
    ) async rethrows -> [Contender: [Double]] {
        try await runs(contenders, progress: progress, measure: measure)
    }

    /// ``run(_:progress:measure:)`` for measurements of several figures each (a rate, the CPU it
    /// took, a peak of memory): each contender's counted results in round order.
    package func runs<Contender: Hashable, Result>(
        _ contenders: [Contender], progress: (String) -> Void = { _ in }, measure: (Contender) async throws -> Result?
    ) async rethrows -> [Contender: [Result]] {
        for round in 0..<warmUp {
            for contender in order(of: contenders, round: round) { _ = try await measure(contender) }
            progress("warm-up \(round + 1)/\(warmUp) done")
        }
        var results: [Contender: [Result]] = [:]
        for contender in contenders { results[contender] = [] }
        for round in 0..<rounds {
            for contender in order(of: contenders, round: round) {
                if let result = try await measure(contender) { results[contender, default: []].append(result) }
            }
            progress("round \(round + 1)/\(rounds) done")
        }
        return results
    }
}
