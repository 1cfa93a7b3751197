import Foundation
import SalesforceAuth
import SalesforceCore
import Testing

/// A transport that answers each request with the next `Set-Cookie` and remembers the `Cookie` it was sent.
private final class CookieServer: HTTPTransport, @unchecked Sendable {
    let setCookies: Locked<[String]>
    let sent = Locked<[String?]>([])

    init(_ setCookies: [String]) { self.setCookies = Locked(setCookies) }

    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        sent.withLock { $0.append(request.header("Cookie")) }
        let next = setCookies.withLock { $0.isEmpty ? nil : $0.removeFirst() }
        return HTTPResponse(status: 200, headers: next.map { ["Set-Cookie": $0] } ?? [:])
    }
}

@Suite("The raw client's cookies")
struct RawHTTPClientCookieTests {
    @Test(
        "a comma, semicolon or equals sign followed by a combining mark still separates, as the scalars say (a Character would join them)",
        arguments: [
            ("sid=abc,\u{301}other=1", "sid=abc"),
            ("sid=abc;\u{301} Path=/", "sid=abc"),
            ("sid=\u{301}v; Path=/", "sid=\u{301}v"),
            ("sid=abc, Expires=Sat, 28 Nov 2026 23:51:48 GMT; Path=/", "sid=abc"),
        ])
    func separatorsWithMarks(setCookie: String, expected: String) async throws {
        let server = CookieServer([setCookie])
        let client = RawHTTPClient(baseURL: "http://127.0.0.1:1", transport: server)
        _ = try await client.send("GET", "/first")
        _ = try await client.send("GET", "/second")
        let cookie = try #require(server.sent.withLock { $0.last } ?? nil)
        #expect(cookie.split(atScalars: [";"]).map { $0.trimmingCharacters(in: .whitespaces) }.contains(expected), "\(cookie)")
        #expect(!cookie.unicodeScalars.contains(","), "\(cookie)")
    }

    @Test("Max-Age=0 removes a cookie; a request's own Cookie header is sent as it is")
    func removalAndOverride() async throws {
        let server = CookieServer(["sid=abc; Path=/", "sid=gone; Max-Age=0"])
        let client = RawHTTPClient(baseURL: "http://127.0.0.1:1", transport: server)
        _ = try await client.send("GET", "/a")
        _ = try await client.send("GET", "/b")
        _ = try await client.send("GET", "/c")
        _ = try await client.send("GET", "/d", headers: ["Cookie": "mine=1"])
        #expect(server.sent.withLock { $0 } == [nil, "sid=abc", nil, "mine=1"])
    }
}
