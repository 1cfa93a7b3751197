import SalesforceAuth
import SalesforceCore
import SalesforceREST

/// The loopback transport, counting requests and adding a delay to each once it is switched on,
/// as a distant server would: a suite sets up over loopback, then times its work at a phone's
/// latency.
final class BenchTransport: HTTPTransport {
    private let inner = URLSessionTransport(maximumConnectionsPerHost: 4)
    private let sent = Locked(0)
    private let delay = Locked(Duration.zero)

    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        sent.withLock { $0 += 1 }
        let latency = delay.current
        if latency > .zero {
            do {
                try await Task.sleep(for: latency)
            } catch {
                throw .unreachable("cancelled")
            }
        }
        return try await inner.send(request)
    }

    /// Requests sent so far.
    var requests: Int { sent.current }

    /// Adds `latency` before every request from now on.
    func setLatency(_ latency: Duration) { delay.withLock { $0 = latency } }
}
