import Testing

@testable import ForceKitCLI

/// `hybrid serve`'s Host check, read as bytes: loopback names with a port or without (port 80),
/// nothing else, and no name a combining mark or other text follows.
@Suite("hybrid serve's loopback Host check")
struct LoopbackHostTests {
    @Test("loopback names, with a port or without, in any case")
    func loopback() {
        for authority in ["127.0.0.1:8080", "localhost:3000", "LOCALHOST:3000", "[::1]:9", "127.0.0.1", "localhost", "[::1]"] {
            #expect(isLoopbackAuthority(authority), "\(authority)")
        }
    }

    @Test("other names, names that only start like loopback, and a combining mark after a name or its colon are refused")
    func refused() {
        let refused = [
            nil, "", "evil.example:8080", "127.0.0.1.evil.example:80", "localhost.evil.example", "127.0.0.1:", "127.0.0.1:80x",
            "127.0.0.1:123456", "localhost\u{301}:8080", "localhost:\u{301}8080", "127.0.0.1\u{338}", "[::1]\u{200d}:9",
        ]
        for authority in refused {
            #expect(!isLoopbackAuthority(authority), "\(authority ?? "nil")")
        }
    }
}
