package import SalesforceCore

/// The instrumentation events apps published to the org (`connect/proxy/app-analytics-logging`),
/// newest last, so that a test can read what an app sent. It keeps the latest 10,000.
package final class AnalyticsInbox: Sendable {
    /// One received log line: who sent it, its schema and its payload, parsed.
    package struct Event: Sendable {
        /// The user whose session sent it.
        package let userID: String
        /// `LightningInteraction`, `LightningPageView`, …
        package let schemaType: String
        /// The event, from the line's payload string.
        package let payload: JSON
    }

    private let events = Locked<[Event]>([])
    private static let capacity = 10_000

    init() {}

    /// What was received, oldest first.
    package var received: [Event] {
        events.withLock { $0 }
    }

    func add(_ new: [Event]) {
        events.withLock { events in
            events.append(contentsOf: new)
            if events.count > Self.capacity { events.removeFirst(events.count - Self.capacity) }
        }
    }
}
