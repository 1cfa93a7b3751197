import Foundation
import SalesforceCore

/// Failures a test asks LocalOrg to produce, so that clients are tested against the server
/// misbehaving as a real network and org do: an error status, a connection dropped without an
/// answer, or a slow answer, for the n-th request whose path contains a given text.
///
/// ```swift
/// server.faults.drop(requestNumber: 2, pathContaining: "/query/")   // the first nextRecordsUrl page
/// server.faults.fail(requestNumber: 1, pathContaining: "/composite", status: 503)
/// server.faults.delay(.milliseconds(200), pathContaining: "/query")
/// ```
///
/// Each rule counts the requests its path matches from when it is added; a fail or drop rule
/// acts once, a delay rule on every match until ``clear()``.
public final class FaultInjector: Sendable {
    /// What a rule does to the request it picks.
    enum Action: Sendable, Equatable {
        case fail(status: Int)
        case drop
        case delay(Duration)
    }

    private struct Rule {
        let path: String
        let number: Int
        var seen: Int
        let action: Action
        /// How many matching requests from the n-th on it acts on.
        var times = 1
    }

    private let rules = Locked<[Rule]>([])

    init() {}

    /// Answers the `requestNumber`-th request (from 1) whose path contains `path` with `status`
    /// and Salesforce's error body, without running it.
    public func fail(requestNumber: Int, pathContaining path: String, status: Int = 503) {
        add(Rule(path: path, number: requestNumber, seen: 0, action: .fail(status: status)))
    }

    /// Closes the connection of the `requestNumber`-th request whose path contains `path` (and
    /// of the `times - 1` matching requests after it), without running it or answering: the
    /// client sees the network fail. HTTP clients retry an idempotent request once on a closed
    /// connection, so a failure a client must see needs `times: 2` or more.
    public func drop(requestNumber: Int, pathContaining path: String, times: Int = 1) {
        add(Rule(path: path, number: requestNumber, seen: 0, action: .drop, times: max(times, 1)))
    }

    /// Holds every request whose path contains `path` for `duration` before running it.
    public func delay(_ duration: Duration, pathContaining path: String) {
        add(Rule(path: path, number: 0, seen: 0, action: .delay(duration)))
    }

    /// Removes every rule.
    public func clear() {
        rules.withLock { $0.removeAll() }
    }

    private func add(_ rule: Rule) {
        rules.withLock { $0.append(rule) }
    }

    /// What to do with a request to `path`: the actions of the rules it triggers.
    func actions(forPath path: String) -> [Action] {
        rules.withLock { rules in
            var actions: [Action] = []
            var spent: [Int] = []
            for index in rules.indices where path.contains(rules[index].path) {
                rules[index].seen += 1
                switch rules[index].action {
                case .delay: actions.append(rules[index].action)
                case .fail, .drop:
                    let last = rules[index].number + rules[index].times - 1
                    if rules[index].seen >= rules[index].number && rules[index].seen <= last {
                        actions.append(rules[index].action)
                        if rules[index].seen == last { spent.append(index) }
                    }
                }
            }
            for index in spent.reversed() { rules.remove(at: index) }
            return actions
        }
    }
}
