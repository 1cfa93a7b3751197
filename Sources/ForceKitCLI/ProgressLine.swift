import Foundation
import SalesforceCore

/// A live progress line on standard error for long work: redrawn in place on a terminal (at
/// most ten times a second), a plain line every few seconds otherwise, so logs stay short.
final class ProgressLine: Sendable {
    private let label: String
    private let console: Console
    private let started = ContinuousClock.now
    private let lastDrawn: Locked<ContinuousClock.Instant?>

    /// A line for work described by `label` ("syncing Accounts").
    init(_ label: String, console: Console = Console.current) {
        self.label = label
        self.console = console
        // A log gets its first line only once the work has taken a while.
        lastDrawn = Locked(console.errorIsTerminal ? nil : started)
    }

    /// Shows `done` of `total` units (records, say), with the rate so far.
    func update(done: Int, total: Int?, unit: String = "records") {
        let now = ContinuousClock.now
        let interval: Duration = console.errorIsTerminal ? .milliseconds(100) : .seconds(3)
        let due = lastDrawn.withLock { last -> Bool in
            guard last.map({ now - $0 >= interval }) ?? true else { return false }
            last = now
            return true
        }
        guard due else { return }
        let seconds = (now - started).seconds
        let rate = seconds > 0.05 ? "  \(Self.count(Int(Double(done) / seconds)))/s" : ""
        let of = total.map { " of \(Self.count($0))" } ?? ""
        let text = "\(label): \(Self.count(done))\(of) \(unit)\(rate)"
        console.error(console.errorIsTerminal ? "\r\u{1B}[K" + text : text + "\n")
    }

    /// Clears the line on a terminal; the caller says the result where it belongs.
    func finish() {
        if console.errorIsTerminal, lastDrawn.withLock({ $0 != nil }) { console.error("\r\u{1B}[K") }
    }

    /// Seconds since the line started.
    var elapsed: Double { (ContinuousClock.now - started).seconds }

    /// `1234567` as `1,234,567`.
    static func count(_ value: Int) -> String {
        let digits = Array(String(value.magnitude))
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return (value < 0 ? "-" : "") + grouped
    }
}

extension Duration {
    /// The duration in seconds, as a double.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
