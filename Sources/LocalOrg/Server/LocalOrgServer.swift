public import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
public import LocalOrgEngine
import Logging
import NIOCore
import NIOSSL
public import SalesforceCore
import ServiceLifecycle
import UnixSignals

/// A running LocalOrg: a Salesforce-compatible server for one org on this machine.
///
/// ```swift
/// let server = try await LocalOrgServer.start(LocalOrgConfiguration())
/// print(server.credentials.instanceURL)   // http://127.0.0.1:54321
/// // ... point a client at it ...
/// await server.stop()
/// ```
public final class LocalOrgServer: Sendable {
    /// The URLs, ids and credentials a client needs.
    public let credentials: LocalOrgCredentials
    /// The org's data, for tests and tools that work on it directly.
    package let store: OrgStore
    /// Where the org is kept.
    public let dataDirectory: URL
    /// Whether the data directory is temporary (no `--data`); it is removed on stop.
    public let isTemporary: Bool
    /// Failures to produce on purpose, for testing clients against a misbehaving server.
    public let faults: FaultInjector
    /// The org's routes answering in this process, when it was started with no socket.
    package let inProcess: InProcessResponder?
    private let org: Org
    /// The network service and its task; nil for an org started in process.
    private let serving: (group: ServiceGroup, running: Task<Void, any Error>)?
    /// The data directory's lock, held while the server runs (none for a temporary directory).
    private let lock: DataDirectoryLock?

    private init(
        org: Org, dataDirectory: URL, isTemporary: Bool, faults: FaultInjector, inProcess: InProcessResponder?,
        serving: (group: ServiceGroup, running: Task<Void, any Error>)?, caFile: String?, lock: DataDirectoryLock?
    ) {
        self.lock = lock
        self.org = org
        self.faults = faults
        let app = org.settings.connectedApps[0]
        self.credentials = LocalOrgCredentials(
            instanceURL: org.baseURL, loginURL: org.baseURL, user: org.defaultUser,
            username: org.settings.username, password: org.settings.password, clientID: app.consumerKey,
            redirectURI: app.callbackURLs[0], caFile: caFile)
        self.store = org.store
        self.dataDirectory = dataDirectory
        self.isTemporary = isTemporary
        self.inProcess = inProcess
        self.serving = serving
    }

    /// Starts a server and returns once it accepts connections.
    public static func start(_ configuration: LocalOrgConfiguration) async throws(LocalOrgError) -> LocalOrgServer {
        try await start(configuration, listens: true)
    }

    /// Opens the org with no socket: its routes answer through ``inProcess`` alone, at
    /// `http://127.0.0.1:9` (the discard port, so a request that misses the in-process
    /// answerer fails at once). The configuration's TLS, certificate login, host and port are
    /// not used.
    package static func startInProcess(_ configuration: LocalOrgConfiguration) async throws(LocalOrgError) -> LocalOrgServer {
        try await start(configuration, listens: false)
    }

    private static func start(_ configuration: LocalOrgConfiguration, listens: Bool) async throws(LocalOrgError) -> LocalOrgServer {
        let (directory, isTemporary) = try dataDirectory(configuration.dataDirectory)
        // A temporary directory is this server's alone; a kept one may be another's.
        let lock = isTemporary ? nil : try DataDirectoryLock.acquire(in: directory)
        do {
            guard listens else {
                return try await startInProcess(configuration, directory: directory, isTemporary: isTemporary, lock: lock)
            }
            return try await start(configuration, directory: directory, isTemporary: isTemporary, lock: lock)
        } catch {
            lock?.release()
            // A temporary org that never started leaves nothing behind.
            if isTemporary { try? FileManager.default.removeItem(at: directory) }
            throw error
        }
    }

    /// Opens the org in `directory`, under the directory's lock: no other server has the database open.
    private static func openOrg(_ configuration: LocalOrgConfiguration, in directory: URL) async throws(LocalOrgError) -> Org {
        if configuration.resetsData { try Org.removeData(in: directory) }
        return try await Org.open(
            in: directory, schemaFile: configuration.schemaFile, seedsSampleData: configuration.seedsSampleData,
            tokenLifetime: configuration.tokenLifetime, clock: configuration.clock, pushEnabled: configuration.pushEnabled,
            apexRoutes: configuration.apexRoutes, rotatesRefreshTokens: configuration.rotatesRefreshTokens,
            volumeSeed: configuration.volumeSeed)
    }

    private static func startInProcess(
        _ configuration: LocalOrgConfiguration, directory: URL, isTemporary: Bool, lock: DataDirectoryLock?
    ) async throws(LocalOrgError) -> LocalOrgServer {
        let org = try await openOrg(configuration, in: directory)
        org.baseURL = "http://127.0.0.1:9"
        let faults = FaultInjector()
        let router = LocalOrgRouter.make(
            org: org, requestLog: configuration.requestLog, faults: faults, caFile: nil, clientCertificates: nil,
            pages: configuration.pagesDirectory)
        let responder = InProcessResponder(org: org, responder: SiteResponder(org: org, routes: router.buildResponder()))
        return LocalOrgServer(
            org: org, dataDirectory: directory, isTemporary: isTemporary, faults: faults, inProcess: responder, serving: nil,
            caFile: nil, lock: lock)
    }

    private static func start(_ configuration: LocalOrgConfiguration, directory: URL, isTemporary: Bool, lock: DataDirectoryLock?)
        async throws(LocalOrgError) -> LocalOrgServer
    {
        let org = try await openOrg(configuration, in: directory)

        var certificate: CertificateAuthority?
        let clientCertificates = try configuration.certificateLogin.map { login throws(LocalOrgError) in try ClientCertificateCheck(login) }
        let servesTLS = configuration.tls || clientCertificates != nil
        let http1 = Self.http1(
            deadlines: RequestDeadlineHandler.Deadlines(
                head: .nanoseconds(Int64(configuration.requestDeadlines.head * 1e9)),
                body: .nanoseconds(Int64(configuration.requestDeadlines.body * 1e9))))
        var server = HTTPServerBuilder.http1(configuration: http1)
        if servesTLS {
            let authority = try CertificateAuthority.loadOrCreate(in: directory, host: configuration.host)
            certificate = authority
            do {
                var tls = TLSConfiguration.makeServerConfiguration(
                    certificateChain: try NIOSSLCertificate.fromPEMBytes(Array(authority.serverCertificatePEM.utf8)).map {
                        .certificate($0)
                    },
                    privateKey: .privateKey(try NIOSSLPrivateKey(bytes: Array(authority.serverKeyPEM.utf8), format: .pem)))
                // A client that keeps an idle connection may never answer the server's
                // close_notify: waiting NIOSSL's default 5 s for it held every stop that long.
                tls.shutdownTimeout = .milliseconds(500)
                if clientCertificates != nil {
                    // Asked for, never required: API clients have none. Any certificate is let
                    // through the handshake; the login page checks it and says what is wrong.
                    tls.certificateVerification = .optionalVerification
                    server = try .tls(
                        .http1(configuration: http1),
                        configuration: TLSChannelConfiguration(tlsConfiguration: tls) { _, promise in promise.succeed(.certificateVerified)
                        })
                } else {
                    server = try .tls(.http1(configuration: http1), tlsConfiguration: tls)
                }
            } catch {
                throw .certificateFailed(reason: "\(error)")
            }
        }
        let faults = FaultInjector()
        let router = LocalOrgRouter.make(
            org: org, requestLog: configuration.requestLog, faults: faults, caFile: certificate?.caFile.path,
            clientCertificates: clientCertificates, pages: configuration.pagesDirectory)
        let bound = BoundPort()
        var logger = Logger(label: "forcekit.localorg")
        logger.logLevel = .warning
        let application = Application(
            responder: SiteResponder(org: org, routes: router.buildResponder()), server: server,
            configuration: ApplicationConfiguration(
                address: .hostname(configuration.host, port: configuration.port), serverName: "LocalOrg"),
            onServerRunning: { channel in bound.resolve(channel.localAddress?.port) },
            logger: logger)
        var groupConfiguration = ServiceGroupConfiguration(
            services: [application], gracefulShutdownSignals: configuration.stopsOnSignals ? [.sigterm, .sigint] : [], logger: logger)
        // A stop waits for the requests under way, but not for ever: past the bound they are cancelled.
        groupConfiguration.maximumGracefulShutdownDuration = .nanoseconds(Int64(configuration.shutdownDeadline * 1e9))
        // Past this the service group ends the process with a fatal error, so the bound is far
        // beyond any request's own: a request inside SQLite finishes its statement before it sees
        // the cancellation, and on a loaded two-core machine that took over two seconds.
        groupConfiguration.maximumCancellationDuration = .seconds(60)
        let serviceGroup = ServiceGroup(configuration: groupConfiguration)
        let running = Task { try await serviceGroup.run() }
        let port: Int
        do {
            port = try await bound.port(orFailureOf: running)
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw .cannotStart(reason: "port \(configuration.port) on \(configuration.host) is in use by another program")
        } catch let error as IOError where error.errnoCode == EADDRNOTAVAIL {
            throw .notALocalAddress(host: configuration.host)
        } catch {
            throw .cannotStart(reason: "\(error)")
        }
        let scheme = servesTLS ? "https" : "http"
        let hostForURL = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        org.baseURL = "\(scheme)://\(hostForURL):\(port)"
        lock?.record(instanceURL: org.baseURL)
        return LocalOrgServer(
            org: org, dataDirectory: directory, isTemporary: isTemporary, faults: faults, inProcess: nil,
            serving: (serviceGroup, running), caFile: certificate?.caFile.path, lock: lock)
    }

    /// Adds an active user who logs in with `username` and `password` (at the login pages, or
    /// with the password flow), as an admin does in Setup. With `site` (a path prefix such as
    /// `partners`) the user is that Experience Cloud site's external user, who logs in at the
    /// site's URL and nowhere else.
    /// - Throws: `APIError` when the username is taken or no site has that path.
    public func addUser(
        username: String, password: String, firstName: String = "Second", lastName: String = "User", site: String? = nil
    ) async throws(APIError) -> UserIdentity {
        guard let site else {
            return try await org.addUser(username: username, password: password, firstName: firstName, lastName: lastName)
        }
        guard let found = org.site(pathPrefix: site) else {
            let known = org.settings.sites.map { "/" + $0.urlPathPrefix }.joined(separator: ", ")
            throw APIError(
                status: 404, errorCode: "NOT_FOUND",
                message: "No site is served at /\(site); the org's sites: \(known.isEmpty ? "none" : known).")
        }
        return try await org.addSiteUser(username: username, password: password, firstName: firstName, lastName: lastName, site: found)
    }

    /// The org's Experience Cloud sites (a new org has Partners at `/partners`; `localorg.json`
    /// lists them under `"sites"`).
    public var sites: [LocalOrgSite] {
        org.settings.sites.map {
            LocalOrgSite(name: $0.name, urlPathPrefix: $0.urlPathPrefix, networkID: $0.networkID, url: org.url(of: $0))
        }
    }

    /// The instrumentation events apps published to `connect/proxy/app-analytics-logging`, oldest
    /// first (the latest 10,000): each `{"userId", "schemaType", "payload"}`, the payload parsed.
    public var receivedAnalytics: [JSON] {
        org.analytics.received.map { event in
            .object(["userId": .string(event.userID), "schemaType": .string(event.schemaType), "payload": event.payload])
        }
    }

    /// Stops accepting connections, finishes the requests under way, closes the org's database
    /// (its files are let go when this returns, and it answers no more) and removes a
    /// temporary data directory.
    public func stop() async {
        if let serving {
            await serving.group.triggerGracefulShutdown()
            _ = try? await serving.running.value
        }
        finish()
    }

    /// Waits until the server stops (on a signal, when configured to stop on signals).
    public func waitUntilStopped() async {
        if let serving { _ = try? await serving.running.value }
        finish()
    }

    /// Once stopped: the database is closed and the data directory let go, or removed when
    /// temporary.
    private func finish() {
        store.close()
        lock?.release()
        if isTemporary { try? FileManager.default.removeItem(at: dataDirectory) }
    }

    // MARK: - Starting

    /// Connections that say nothing for a minute are closed, and a request must arrive within its
    /// deadlines (``RequestDeadlineHandler``), so idle, half-sent or trickled requests cannot hold
    /// the server's connections; headers are bounded (16 KiB a field, 64 KiB in all, 200 fields,
    /// answered with 431 beyond), bodies by the routes (50 MB for uploads).
    private static func http1(deadlines: RequestDeadlineHandler.Deadlines) -> HTTP1Channel.Configuration {
        HTTP1Channel.Configuration(
            additionalChannelHandlers: [HeaderLimitHandler(limits: headerLimits), RequestDeadlineHandler(deadlines: deadlines)],
            idleTimeout: .seconds(60),
            httpDecoderConfiguration: .init(
                maxHeaderFieldSize: headerLimits.fieldSize, maxHeaderListSize: headerLimits.listSize,
                maxHeaderFieldCount: headerLimits.fieldCount))
    }

    private static let headerLimits = HeaderLimitHandler.Limits(fieldSize: 16 * 1024, listSize: 64 * 1024, fieldCount: 200)

    private static func dataDirectory(_ requested: URL?) throws(LocalOrgError) -> (URL, Bool) {
        let directory = requested ?? TemporaryOrgFolders.make()
        do {
            // It will hold live tokens and passwords: the owner's only.
            try OwnerOnlyFiles.createFolder(directory)
        } catch {
            throw .dataDirectoryUnusable(path: directory.path, reason: error.localizedDescription)
        }
        return (directory, requested == nil)
    }
}

/// The port the server bound, delivered once it is listening, or the error that stopped it.
private final class BoundPort: Sendable {
    private let continuation = AsyncStream<Int?>.makeStream()

    func resolve(_ port: Int?) {
        continuation.continuation.yield(port)
        continuation.continuation.finish()
    }

    func port(orFailureOf task: Task<Void, any Error>) async throws -> Int {
        let watcher = Task {
            let outcome = await task.result
            if case .failure = outcome { self.continuation.continuation.finish() }
        }
        defer { watcher.cancel() }
        for await port in continuation.stream {
            if let port { return port }
        }
        if case .failure(let error) = await task.result { throw error }
        throw LocalOrgError.cannotStart(reason: "the server stopped before it listened")
    }
}
