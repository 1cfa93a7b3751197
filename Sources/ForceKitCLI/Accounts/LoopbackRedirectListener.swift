import Foundation
import Hummingbird
import Logging
import SalesforceAuth
import SalesforceCore
import ServiceLifecycle

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The CLI's browser step: listens on a loopback port for the OAuth redirect, opens (or prints)
/// the login URL, and returns the callback the browser brings back. One login per listener.
final class LoopbackRedirectListener: BrowserSession, @unchecked Sendable {
    /// Why the listener could not run.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The redirect URI with the port actually bound.
    let redirectURI: String
    private let callback: AsyncStream<String>
    private let serviceGroup: ServiceGroup
    private let running: Task<Void, any Error>

    private init(redirectURI: String, callback: AsyncStream<String>, serviceGroup: ServiceGroup, running: Task<Void, any Error>) {
        self.redirectURI = redirectURI
        self.callback = callback
        self.serviceGroup = serviceGroup
        self.running = running
    }

    /// Starts listening at the redirect URI's loopback address and port (0: any free port).
    static func start(redirectURI: String) async throws -> LoopbackRedirectListener {
        guard let components = URLComponents(string: redirectURI), components.scheme == "http",
            let host = components.host, ["127.0.0.1", "localhost", "::1", "[::1]"].contains(host)
        else {
            throw Failure(
                description: "--redirect-uri must be an http://127.0.0.1:PORT/... address for the browser login, not \(redirectURI).")
        }
        let path = components.path.isEmpty ? "/" : components.path
        let (stream, continuation) = AsyncStream<String>.makeStream()
        let bound = AsyncStream<Int?>.makeStream()
        let router = Router()
        router.get(RouterPath(path)) { request, context -> Response in
            continuation.yield(request.uri.string)
            let page = "<!doctype html><title>ForceKit</title><p>Login complete. You can close this window and return to the terminal.</p>"
            return Response(
                status: .ok, headers: [.contentType: "text/html; charset=utf-8"], body: ResponseBody(byteBuffer: ByteBuffer(string: page)))
        }
        var logger = Logger(label: "forcekit.login")
        logger.logLevel = .critical
        let application = Application(
            router: router,
            configuration: ApplicationConfiguration(
                address: .hostname(
                    host == "localhost" ? "127.0.0.1" : host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")),
                    port: components.port ?? 0)),
            onServerRunning: { channel in
                bound.continuation.yield(channel.localAddress?.port)
                bound.continuation.finish()
            },
            logger: logger)
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(services: [application], logger: logger))
        let running = Task { try await group.run() }
        let watcher = Task {
            if case .failure = await running.result { bound.continuation.finish() }
        }
        defer { watcher.cancel() }
        var port: Int?
        for await value in bound.stream {
            port = value
            break
        }
        guard let port else {
            let reason = await running.result
            throw Failure(
                description:
                    "Cannot listen for the login redirect on \(host):\(components.port ?? 0): \(reason). Is another login running? Try --redirect-uri with another port."
            )
        }
        var actual = components
        actual.port = port
        return LoopbackRedirectListener(redirectURI: actual.string ?? redirectURI, callback: stream, serviceGroup: group, running: running)
    }

    /// Opens the login URL and waits (up to five minutes) for the redirect, then stops listening.
    func authenticate(url: URL, redirectURI: String) async throws(SalesforceAuth.OAuthError) -> String {
        defer { Task { await stop() } }
        await CLIEnvironment.openBrowser(url)
        let first: String? = await withTaskGroup(of: String?.self) { group in
            group.addTask {
                for await url in self.callback { return url }
                return nil
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(300))
                return nil
            }
            let result = await group.next() ?? nil
            group.cancelAll()
            return result
        }
        guard let first else { throw SalesforceAuth.OAuthError(.timedOut, "No login came back within five minutes.") }
        // The listener saw the path and query; the redirect URI's origin completes the URL.
        var origin = URLComponents(string: self.redirectURI) ?? URLComponents()
        origin.path = ""
        origin.query = nil
        return (origin.string ?? "") + first
    }

    /// Stops the listener.
    func stop() async {
        await serviceGroup.triggerGracefulShutdown()
        _ = await running.result
    }
}

/// Opens a URL in the user's browser, if there is one.
enum SystemBrowser {
    static func open(_ url: URL) {
        #if os(macOS)
            let tool = "/usr/bin/open"
        #else
            let tool = "/usr/bin/xdg-open"
        #endif
        guard FileManager.default.isExecutableFile(atPath: tool) else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = [url.absoluteString]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try? process.run()
    }
}
