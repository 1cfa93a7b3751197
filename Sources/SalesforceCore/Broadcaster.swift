/// Hands each event to every listener of the moment: the one fan-out behind ForceKit's event
/// streams (accounts, the app, stores, sync outcomes). A listener's stream ends when it stops
/// listening or the broadcaster goes away; one that falls `buffer` events behind loses the oldest.
package final class Broadcaster<Event: Sendable>: Sendable {
    private let listeners = Locked<[Int: AsyncStream<Event>.Continuation]>([:])
    private let nextKey = Locked(0)
    private let buffer: Int?

    /// A broadcaster whose listeners each keep at most `buffer` events waiting (nil: all).
    package init(buffer: Int? = nil) {
        self.buffer = buffer
    }

    /// The events from now on.
    package func stream() -> AsyncStream<Event> {
        listen().stream
    }

    /// The events from now on, and a way to end them: after `end`, the stream hands over what
    /// it holds, then finishes.
    package func listen() -> (stream: AsyncStream<Event>, end: @Sendable () -> Void) {
        let (stream, continuation) = AsyncStream<Event>.makeStream(bufferingPolicy: buffer.map { .bufferingNewest($0) } ?? .unbounded)
        let key = nextKey.withLock { key in
            key += 1
            return key
        }
        listeners.withLock { $0[key] = continuation }
        continuation.onTermination = { [weak self] _ in self?.listeners.withLock { _ = $0.removeValue(forKey: key) } }
        return (stream, { continuation.finish() })
    }

    /// Hands `event` to every listener.
    package func publish(_ event: Event) {
        for continuation in listeners.current.values { continuation.yield(event) }
    }

    /// Hands `events`, in order, to every listener.
    package func publish(_ events: [Event]) {
        guard !events.isEmpty else { return }
        for continuation in listeners.current.values { for event in events { continuation.yield(event) } }
    }

    deinit {
        for continuation in listeners.current.values { continuation.finish() }
    }
}
