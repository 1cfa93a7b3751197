import Foundation
import SalesforceCore

/// What `forcekit quickstart` tells its user: a heading and a sentence for each step, the
/// details under it on standard output, progress lines on standard error. With `--json` only
/// the progress and the final JSON are written.
final class QuickstartNarrator: Sendable {
    /// Whether to print the step-by-step text (off with `--json`).
    let isVerbose: Bool
    private let console: Console
    private let onStep: (@Sendable (QuickstartStep) -> Void)?
    private let current = Locked<(step: QuickstartStep, started: ContinuousClock.Instant)?>(nil)
    private let durations = Locked<[(QuickstartStep, Double)]>([])

    /// A narrator writing to the current console; `onStep` hears each step begin (tests
    /// interrupt the run there).
    init(isVerbose: Bool, onStep: (@Sendable (QuickstartStep) -> Void)? = nil) {
        self.isVerbose = isVerbose
        console = Console.current
        self.onStep = onStep
    }

    /// Starts `step`: ends the one before it and prints its heading and explanation.
    func begin(_ step: QuickstartStep) {
        endStep()
        current.withLock { $0 = (step, ContinuousClock.now) }
        onStep?(step)
        guard isVerbose else { return }
        let total = QuickstartStep.allCases.count
        console.output("\n[\(step.rawValue)/\(total)] \(step.title)\n")
        if !step.explanation.isEmpty { console.output(Self.wrapped(step.explanation, indent: "    ") + "\n") }
    }

    /// Prints a detail of the current step.
    func say(_ line: String) {
        guard isVerbose else { return }
        console.output("    " + line + "\n")
    }

    /// A progress line for long work in the current step.
    func progress(_ label: String) -> ProgressLine {
        ProgressLine(label, console: console)
    }

    /// Ends the current step, recording how long it took.
    private func endStep() {
        guard
            let (step, started) = current.withLock({ value in
                defer { value = nil }
                return value
            })
        else { return }
        let seconds = (ContinuousClock.now - started).seconds
        durations.withLock { $0.append((step, seconds)) }
    }

    /// The seconds each finished step took, in order.
    var stepDurations: [(QuickstartStep, Double)] { durations.withLock { $0 } }

    /// `text` in lines of at most 96 characters, each after `indent`.
    static func wrapped(_ text: String, indent: String) -> String {
        var lines: [String] = []
        var line = ""
        for word in text.split(atScalars: [" "]) {
            if !line.isEmpty && line.count + word.count + 1 > 96 - indent.count {
                lines.append(indent + line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(indent + line) }
        return lines.joined(separator: "\n")
    }
}
