import Foundation
import Gzip
import SalesforceCore
public import SalesforceREST

/// One user's instrumentation: events recorded while the app runs, kept encrypted on the
/// device (at most 1,000), and published to the org in the AILTN format the SDK uses. Enabled by
/// default, as in the SDK; ``loggingEnabled`` turns it off for the user.
///
/// The app layer records the SDK's own events (`addUser`, `userLogout`, `tokenRefresh`,
/// `userSmartStoreInit`, `globalSmartStoreInit`, `syncDown`, `syncUp`); an app adds its own
/// with ``record(_:)``. Publish when the app goes to the background, as the SDK does on iOS.
public final class AnalyticsManager: Sendable {
    private struct State {
        var loggingEnabled = true
        var sequence: Int
    }

    private let store: EventStore
    private let device: DeviceAttributes
    private let state: Locked<State>

    init(store: EventStore, device: DeviceAttributes) {
        self.store = store
        self.device = device
        self.state = Locked(State(sequence: store.all().map(\.sequence).max() ?? 0))
    }

    /// Whether events are recorded; events recorded while off are dropped.
    public var loggingEnabled: Bool {
        get { state.withLock { $0.loggingEnabled } }
        set { state.withLock { $0.loggingEnabled = newValue } }
    }

    /// Records an event, with the next sequence number. Returns false when it was dropped
    /// (logging off, 1,000 events waiting, or its user logged out).
    @discardableResult
    public func record(_ event: InstrumentationEvent) -> Bool {
        let numbered: InstrumentationEvent? = state.withLock { state in
            guard state.loggingEnabled else { return nil }
            state.sequence += 1
            var event = event
            event.sequence = state.sequence
            return event
        }
        guard let numbered else { return false }
        return store.add(numbered)
    }

    /// Records one of the SDK's own events: an interaction of kind `system` in `component`.
    @discardableResult
    func recordSystemEvent(_ name: String, component: String, attributes: [String: JSON] = [:]) -> Bool {
        record(InstrumentationEvent(name: name, attributes: attributes, page: ["context": .string(component)]))
    }

    /// Stops recording for good: the user logged out and their events are being removed.
    func close() {
        store.close()
    }

    /// The events waiting to be published, oldest first.
    public var storedEvents: [InstrumentationEvent] {
        store.all()
    }

    /// How many events wait, without opening them.
    public var storedEventCount: Int {
        store.count
    }

    /// Sends every stored event to the org in one upload and deletes them once the org took it;
    /// when it fails they stay for the next time. Returns whether events were published (false
    /// with none to send, as in the SDK).
    @discardableResult
    public func publish(with client: RestClient) async -> Bool {
        let events = store.all()
        guard !events.isEmpty else { return false }
        let body = AILTNTransform.body(of: events, device: device).serializedBytes(sortingKeys: false)
        do {
            let gzipped = try Gzip.compress(body)
            _ = try await client.send(client.requests.appAnalyticsLogging(gzippedBody: Data(gzipped)))
        } catch {
            return false
        }
        store.remove(events.map(\.id))
        return true
    }
}
