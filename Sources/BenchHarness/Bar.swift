/// A goal a suite states (and Documentation/Development.md repeats), decided from a figure. A
/// goal decided from a missing figure does not hold, and no goal holds in a debug build.
package struct Bar: Sendable, Equatable {
    /// The key in the report, such as `oursAtMostRoutingKit`.
    package var name: String
    /// Whether it holds; nil when it cannot be decided (a missing figure), which counts as not.
    package var holds: Bool?

    /// A goal decided elsewhere; nil when it could not be.
    package init(name: String, holds: Bool?) {
        self.name = name
        self.holds = holds
    }

    /// A goal that holds when `value` is at most `limit`.
    package static func atMost(_ name: String, _ value: Double?, _ limit: Double) -> Bar {
        Bar(name: name, holds: value.map { $0 <= limit })
    }

    /// A goal that holds when `value` is at least `limit`.
    package static func atLeast(_ name: String, _ value: Double?, _ limit: Double) -> Bar {
        Bar(name: name, holds: value.map { $0 >= limit })
    }

    /// Whether the goal is met: decided and true.
    package var isMet: Bool { holds == true }
}
