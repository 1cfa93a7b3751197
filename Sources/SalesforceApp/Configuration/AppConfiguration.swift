public import DeepLinking
public import Foundation
public import MobileSync
public import SalesforceAuth
public import SmartStore

/// An app's configuration files, unchanged from the Mobile SDK's templates: `bootconfig.json`
/// (or `bootconfig.plist`) for login, `userstore.json` and `globalstore.json` for the soups,
/// `usersyncs.json` and `globalsyncs.json` for the syncs, `MobileDeepLinkingConfig.json` for the
/// app's deep links. Only the boot config is required.
///
/// ```swift
/// let configuration = try AppConfiguration(contentsOf: Bundle.main.resourceURL!)
/// configuration.bootConfig.consumerKey
/// configuration.userStore?.soups.map(\.soupName)   // ["accounts", "contacts"]
/// ```
public struct AppConfiguration: Sendable {
    /// The OAuth client configuration.
    public var bootConfig: BootConfig
    /// The soups of each user's default store (`userstore.json`).
    public var userStore: StoreConfig?
    /// The soups of the default global store (`globalstore.json`).
    public var globalStore: StoreConfig?
    /// The syncs each user's store gets (`usersyncs.json`).
    public var userSyncs: SyncsConfig?
    /// The syncs of the global store (`globalsyncs.json`).
    public var globalSyncs: SyncsConfig?
    /// The app's deep links (`MobileDeepLinkingConfig.json`), which ``SalesforceApp/open(link:to:)`` routes.
    public var deepLinks: DeepLinkConfiguration?

    /// A configuration from its parts.
    public init(
        bootConfig: BootConfig, userStore: StoreConfig? = nil, globalStore: StoreConfig? = nil, userSyncs: SyncsConfig? = nil,
        globalSyncs: SyncsConfig? = nil, deepLinks: DeepLinkConfiguration? = nil
    ) {
        self.bootConfig = bootConfig
        self.userStore = userStore
        self.globalStore = globalStore
        self.userSyncs = userSyncs
        self.globalSyncs = globalSyncs
        self.deepLinks = deepLinks
    }

    /// The files found in `folder`, or in its `www` folder where hybrid templates keep them.
    /// - Throws: ``AppError/Code/configuration`` when there is no boot config or a file present
    ///   cannot be read.
    public init(contentsOf folder: URL) throws(AppError) {
        let places = [folder, folder.appendingPathComponent("www", isDirectory: true)]
        func find(_ name: String) -> URL? {
            places.map { $0.appendingPathComponent(name) }.first { FileManager.default.fileExists(atPath: $0.path) }
        }
        guard let boot = find("bootconfig.json") ?? find("bootconfig.plist") else {
            throw AppError(
                code: .configuration, message: "There is no bootconfig.json or bootconfig.plist in \(folder.path).",
                recoverySuggestion: "Add the connected app's boot config (remoteAccessConsumerKey, oauthRedirectURI, oauthScopes).")
        }
        let bootConfig: BootConfig
        do {
            bootConfig = try BootConfig(contentsOf: boot)
        } catch {
            throw AppError(code: .configuration, message: "\(boot.path) cannot be used: \(error)")
        }
        try self.init(contentsOf: folder, bootConfig: bootConfig)
    }

    /// The files found in `folder`, or in its `www` folder, but for the boot config, which is
    /// `bootConfig`: a tool running an app's files as another connected app (`forcekit hybrid
    /// serve` signs in through the CLI's) reads the rest as the app has them.
    /// - Throws: ``AppError/Code/configuration`` when a file present cannot be read.
    public init(contentsOf folder: URL, bootConfig: BootConfig) throws(AppError) {
        let places = [folder, folder.appendingPathComponent("www", isDirectory: true)]
        func find(_ name: String) -> URL? {
            places.map { $0.appendingPathComponent(name) }.first { FileManager.default.fileExists(atPath: $0.path) }
        }
        func read<T>(_ name: String, _ load: (URL) throws -> T) throws(AppError) -> T? {
            guard let url = find(name) else { return nil }
            do {
                return try load(url)
            } catch {
                throw AppError(code: .configuration, message: "\(url.path) cannot be used: \(error)")
            }
        }
        self.init(
            bootConfig: bootConfig,
            userStore: try read("userstore.json") { try StoreConfig(contentsOf: $0) },
            globalStore: try read("globalstore.json") { try StoreConfig(contentsOf: $0) },
            userSyncs: try read("usersyncs.json") { try SyncsConfig(contentsOf: $0) },
            globalSyncs: try read("globalsyncs.json") { try SyncsConfig(contentsOf: $0) },
            deepLinks: try read("MobileDeepLinkingConfig.json") { try DeepLinkConfiguration(contentsOf: $0) })
    }

    /// The files in a bundle's resources, where an app's templates put them.
    public init(bundle: Bundle) throws(AppError) {
        try self.init(contentsOf: bundle.resourceURL ?? bundle.bundleURL)
    }
}
