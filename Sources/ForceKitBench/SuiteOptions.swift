import ArgumentParser
import BenchHarness
import Foundation

/// What every suite takes: the rounds, whether to record the result, and JSON-only output.
struct SuiteOptions: ParsableArguments {
    @Option(
        help: "Counted rounds per contender, in alternating order; the median counts and every round is reported (5; scale: 3).")
    var rounds: Int?

    @Option(name: .customLong("warmup"), help: "Rounds run first and discarded.")
    var warmUp = 1

    @Flag(help: "Append the result to Benchmarks/results/<suite>.jsonl in the repository, where the documented figures come from.")
    var record = false

    @Flag(help: "Print only the JSON line.")
    var json = false

    /// The rounds and warm-up: `--rounds`, or five.
    var plan: RoundPlan { plan(defaultRounds: 5) }

    /// The rounds and warm-up, with `defaultRounds` when `--rounds` is not given (a suite whose
    /// rounds are long runs fewer).
    func plan(defaultRounds: Int) -> RoundPlan { RoundPlan(warmUp: warmUp, rounds: rounds ?? defaultRounds) }

    /// The command that reproduces this run: the arguments given, with the rounds said
    /// explicitly (defaults change), without `--record` and `--json`, which change no figure.
    var command: String { command(defaultRounds: 5) }

    /// ``command`` for a suite whose rounds are `defaultRounds` unless given.
    func command(defaultRounds: Int) -> String {
        var arguments = CommandLine.arguments.dropFirst().filter { $0 != "--record" && $0 != "--json" }
        if !arguments.contains("--rounds") { arguments += ["--rounds", String(rounds ?? defaultRounds)] }
        if !arguments.contains("--warmup") { arguments += ["--warmup", String(warmUp)] }
        return (["swift", "run", "-c", "release", "forcekit-bench"] + arguments).joined(separator: " ")
    }

    /// Prints a progress or summary line, unless only JSON is wanted.
    func say(_ line: String) {
        if !json { print(line) }
    }

    /// Prints the record as the last line and, with `--record`, appends it to the results.
    func finish(_ record: BenchRecord) throws {
        var record = record
        record.environment.loadAfter = BenchEnvironment.loadAverages()
        if self.record {
            guard let repository = BenchEnvironment.repository else {
                throw ValidationError("--record needs the checkout the binary was built from; it is not there.")
            }
            let file = try ResultsLog.append(record, under: repository)
            say("recorded in \(file.path)")
        }
        print(record.line)
    }
}
