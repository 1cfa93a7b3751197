public import Foundation
import GRDB
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging
import NIOCore
import NIOSSL
import SalesforceCore
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
    public let store: OrgStore
    /// Where the org is kept.
    public let dataDirectory: URL
    /// Whether the data directory is temporary (no `--data`); it is removed on stop.
    public let isTemporary: Bool
    private let serviceGroup: ServiceGroup
    private let running: Task<Void, any Error>

    private init(
        credentials: LocalOrgCredentials, store: OrgStore, dataDirectory: URL, isTemporary: Bool,
        serviceGroup: ServiceGroup, running: Task<Void, any Error>
    ) {
        self.credentials = credentials
        self.store = store
        self.dataDirectory = dataDirectory
        self.isTemporary = isTemporary
        self.serviceGroup = serviceGroup
        self.running = running
    }

    /// Starts a server and returns once it accepts connections.
    public static func start(_ configuration: LocalOrgConfiguration) async throws(LocalOrgError) -> LocalOrgServer {
        let (directory, isTemporary) = try dataDirectory(configuration.dataDirectory)
        do {
            return try await start(configuration, directory: directory, isTemporary: isTemporary)
        } catch {
            // A temporary org that never started leaves nothing behind.
            if isTemporary { try? FileManager.default.removeItem(at: directory) }
            throw error
        }
    }

    private static func start(_ configuration: LocalOrgConfiguration, directory: URL, isTemporary: Bool) async throws(LocalOrgError)
        -> LocalOrgServer
    {
        let settings = try OrgSettings.loadOrCreate(in: directory)
        var schema = DefaultSchema.schema()
        if let schemaFile = configuration.schemaFile { try applySchema(schemaFile, to: &schema) }
        let store = try OrgStore(
            file: directory.appendingPathComponent("org.sqlite"), schema: schema,
            organizationID: settings.organizationID, clock: configuration.clock)
        let oauth = OAuthService(store: store, settings: settings, tokenLifetime: configuration.tokenLifetime)
        let defaultUser = try await prepareUsers(store: store, oauth: oauth, settings: settings, seed: configuration.seedsSampleData)
        do {
            try await oauth.purgeExpired()
        } catch {
            throw .storage(reason: error.description)
        }
        let services = LocalOrgServices(
            store: store, oauth: oauth, settings: settings, pushEnabled: configuration.pushEnabled,
            apexRoutes: configuration.apexRoutes)

        var certificate: CertificateAuthority?
        var server = HTTPServerBuilder.http1()
        if configuration.tls {
            let authority = try CertificateAuthority.loadOrCreate(in: directory, host: configuration.host)
            certificate = authority
            do {
                let tls = TLSConfiguration.makeServerConfiguration(
                    certificateChain: try NIOSSLCertificate.fromPEMBytes(Array(authority.serverCertificatePEM.utf8)).map {
                        .certificate($0)
                    },
                    privateKey: .privateKey(try NIOSSLPrivateKey(bytes: Array(authority.serverKeyPEM.utf8), format: .pem)))
                server = try .tls(.http1(), tlsConfiguration: tls)
            } catch {
                throw .certificateFailed(reason: "\(error)")
            }
        }
        let router = LocalOrgRouter.make(services: services, requestLog: configuration.requestLog)
        let bound = BoundPort()
        var logger = Logger(label: "forcekit.localorg")
        logger.logLevel = .warning
        let application = Application(
            router: router, server: server,
            configuration: ApplicationConfiguration(
                address: .hostname(configuration.host, port: configuration.port), serverName: "LocalOrg"),
            onServerRunning: { channel in bound.resolve(channel.localAddress?.port) },
            logger: logger)
        let serviceGroup = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: [application], gracefulShutdownSignals: configuration.stopsOnSignals ? [.sigterm, .sigint] : [], logger: logger))
        let running = Task { try await serviceGroup.run() }
        let port: Int
        do {
            port = try await bound.port(orFailureOf: running)
        } catch {
            throw .cannotStart(reason: "\(error)")
        }
        let scheme = configuration.tls ? "https" : "http"
        let hostForURL = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        services.baseURL = "\(scheme)://\(hostForURL):\(port)"
        let app = settings.connectedApps[0]
        let credentials = LocalOrgCredentials(
            instanceURL: services.baseURL, loginURL: services.baseURL, user: defaultUser,
            username: settings.username, password: settings.password, clientID: app.consumerKey,
            redirectURI: app.callbackURLs[0], caFile: certificate?.caFile.path)
        return LocalOrgServer(
            credentials: credentials, store: store, dataDirectory: directory, isTemporary: isTemporary,
            serviceGroup: serviceGroup, running: running)
    }

    /// Stops accepting connections, finishes the requests under way, and removes a temporary
    /// data directory.
    public func stop() async {
        await serviceGroup.triggerGracefulShutdown()
        _ = try? await running.value
        if isTemporary { try? FileManager.default.removeItem(at: dataDirectory) }
    }

    /// Waits until the server stops (on a signal, when configured to stop on signals).
    public func waitUntilStopped() async {
        _ = try? await running.value
        if isTemporary { try? FileManager.default.removeItem(at: dataDirectory) }
    }

    // MARK: - Starting

    private static func dataDirectory(_ requested: URL?) throws(LocalOrgError) -> (URL, Bool) {
        let directory = requested ?? FileManager.default.temporaryDirectory.appendingPathComponent("localorg-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .dataDirectoryUnusable(path: directory.path, reason: error.localizedDescription)
        }
        return (directory, requested == nil)
    }

    private static func applySchema(_ file: URL, to schema: inout OrgSchema) throws(LocalOrgError) {
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw .invalidSchema(file: file.path, reason: "the file cannot be read")
        }
        do {
            let json = try JSON(parsing: Array(data))
            try SchemaFile.apply(json, from: file.path, to: &schema)
        } catch let error as LocalOrgError {
            throw error
        } catch {
            throw .invalidSchema(file: file.path, reason: "\(error)")
        }
    }

    /// A new store gets its users (and sample data); an existing one keeps its own.
    /// - Returns: The default user.
    private static func prepareUsers(
        store: OrgStore, oauth: OAuthService, settings: OrgSettings, seed: Bool
    ) async throws(LocalOrgError) -> UserIdentity {
        let defaultUserID: String?
        do {
            let existing = try await store.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \"User\"") ?? 0 }
            if existing == 0 {
                if seed {
                    _ = try await SeedData.populate(store, settings: settings)
                } else {
                    let admin = try await store.create(
                        "User",
                        fields: [
                            "Username": .string(settings.username), "FirstName": "Local", "LastName": "Admin", "Alias": "ladmin",
                            "Email": .string(settings.username),
                        ], as: RecordID.make(prefix: "005", counter: 1))
                    try await oauth.setPassword(settings.password, userID: admin)
                    // Setting up the org is not the user's own work: it starts with no recent items.
                    try await store.write { db in try RecentItems.forget(admin, db: db) }
                }
            } else if await oauth.authenticate(username: settings.username, password: settings.password) == nil,
                let userID = try await store.read({ db in
                    try String.fetchOne(db, sql: "SELECT \"Id\" FROM \"User\" WHERE \"Username\" = ?", arguments: [settings.username])
                })
            {
                // localorg.json was edited: its password wins.
                try await oauth.setPassword(settings.password, userID: userID)
            }
            defaultUserID = try await store.read { db in
                try String.fetchOne(db, sql: "SELECT \"Id\" FROM \"User\" WHERE \"Username\" = ?", arguments: [settings.username])
            }
        } catch {
            throw .storage(reason: error.description)
        }
        guard let defaultUserID, let user = try? UserIdentity(orgID: settings.organizationID, userID: defaultUserID) else {
            throw .invalidConfiguration(
                file: OrgSettings.fileName, reason: "the default user \(settings.username) is not a user of the org's data")
        }
        return user
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
