import SalesforceAuth
import Testing

@testable import ForceKitCLI

@Suite("What a failed connection is said to mean")
struct RequestFailureTests {
    /// The texts the transports give when a TLS server drops a plain HTTP request: a clean close,
    /// or a reset when it closes with the request still unread (seen on Linux as errno 104).
    @Test(
        "http to a server that closes or resets the connection suggests https",
        arguments: [
            "read(descriptor:pointer:size:): Connection reset by peer (errno: 104)", "The operation failed: remoteConnectionClosed",
            "The network connection was lost.",
        ])
    func closedPlainRequest(reason: String) {
        let hint = RequestFailure.hint(for: .failed(reason), at: "http://127.0.0.1:4430")
        #expect(hint?.contains("if it speaks HTTPS (a LocalOrg started with --tls), use https://127.0.0.1:4430") == true)
        // Over https the same words mean something else, so nothing is guessed.
        #expect(RequestFailure.hint(for: .failed(reason), at: "https://127.0.0.1:4430") == nil)
    }
}
