import Foundation
package import HTTPTypes
import Hummingbird
package import LocalOrgEngine
import Logging
import NIOCore
import NIOEmbedded
import SalesforceCore

/// LocalOrg's routes, middleware included, answering requests in this process with no socket:
/// what the fuzzer drives and what ForceKitTesting's in-process orgs answer through, so that
/// every byte of a request reaches the same code a client's does.
package struct InProcessResponder: Sendable {
    /// A response as a client would read it.
    package struct Reply: Sendable {
        /// The HTTP status code.
        package var status: Int
        /// The response's header fields, in the order the server wrote them.
        package var headers: HTTPFields
        /// The body's bytes.
        package var body: [UInt8]
    }

    private let responder: SiteResponder
    private let org: Org
    private let logger = Logger(label: "forcekit.localorg.in-process")

    /// The routes of `org`, without a request log.
    package init(org: Org) {
        self.init(org: org, responder: SiteResponder(org: org, routes: LocalOrgRouter.make(org: org, requestLog: nil).buildResponder()))
    }

    /// The routes a server would answer with, as built for it.
    init(org: Org, responder: SiteResponder) {
        self.org = org
        self.responder = responder
    }

    /// The `Cookie` header value that carries the browser session `session` (a value of
    /// `Org.openOwnedSession`), so a request reaches the console as its user's browser.
    package func cookie(forSession session: String) -> String {
        "\(BrowserRequests.sessionCookieName(baseURL: org.baseURL))=\(session)"
    }

    /// Answers one request. `target` is the path with its query, as in a request line.
    package func respond(method: HTTPRequest.Method, target: String, headers: HTTPFields, body: [UInt8]) async -> Reply {
        var headers = headers
        headers[.contentLength] = String(body.count)
        let base = URLComponents(string: org.baseURL)
        let authority = base?.host.map { host in base?.port.map { "\(host):\($0)" } ?? host } ?? "127.0.0.1"
        let request = Request(
            head: HTTPRequest(method: method, scheme: base?.scheme ?? "http", authority: authority, path: target, headerFields: headers),
            body: RequestBody(buffer: ByteBuffer(bytes: body)))
        let context = LocalOrgRequestContext(source: ApplicationRequestContextSource(channel: NIOAsyncTestingChannel(), logger: logger))
        let response: Response
        do {
            response = try await responder.respond(to: request, context: context)
        } catch let error as any HTTPResponseError {
            // As the server turns an error that escapes every middleware into its response.
            guard let answer = try? error.response(from: request, context: context) else {
                return Reply(status: 500, headers: [:], body: [])
            }
            response = answer
        } catch {
            // The server's own answer to any other error that escapes every middleware.
            return Reply(status: 500, headers: [:], body: [])
        }
        let collector = BodyCollector()
        do {
            try await response.body.write(collector)
        } catch {
            return Reply(status: Int(response.status.code), headers: response.headers, body: [])
        }
        return Reply(status: Int(response.status.code), headers: response.headers, body: collector.bytes)
    }
}

/// A response body written into memory.
private final class BodyCollector: ResponseBodyWriter, Sendable {
    private let written = Locked<[UInt8]>([])

    var bytes: [UInt8] { written.current }

    func write(_ buffer: ByteBuffer) async throws {
        written.withLock { $0 += buffer.readableBytesView }
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
