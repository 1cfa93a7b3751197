import Foundation

/// Opens, lists and removes an app's stores under one root directory: user stores (a default
/// and named ones per user) and global stores, which belong to no user and survive logout.
///
/// A store name may be used once as a user store and once as a global store. Opening a store
/// that does not exist creates it; the same store is opened once and shared.
///
/// ```swift
/// let manager = SmartStoreManager(rootDirectory: appSupport.appendingPathComponent("SmartStore"))
/// let store = try await manager.store(for: user)            // the user's default store
/// let cache = try await manager.globalStore(named: "cache")
/// try await manager.removeAllStores(for: user)              // at logout
/// ```
public actor SmartStoreManager {
    /// The directory every store lives under.
    public let rootDirectory: URL
    private var openStores: [URL: SmartStore] = [:]

    /// A manager for the stores under `rootDirectory`, which is created when a store is.
    public init(rootDirectory: URL) {
        self.rootDirectory = rootDirectory
    }

    /// A user's store, created if needed; the default store unless a name is given.
    public func store(named name: String = SmartStore.defaultStoreName, for user: StoreUser) async throws(SmartStoreError) -> SmartStore {
        try await open(try databaseURL(name: name, directory: userDirectory(user)))
    }

    /// A global store, created if needed; the default global store unless a name is given.
    public func globalStore(named name: String = SmartStore.defaultStoreName) async throws(SmartStoreError) -> SmartStore {
        try await open(try databaseURL(name: name, directory: globalDirectory))
    }

    /// The names of a user's stores, sorted.
    public func allStoreNames(for user: StoreUser) -> [String] {
        storeNames(in: userDirectory(user))
    }

    /// The names of the global stores, sorted.
    public func allGlobalStoreNames() -> [String] {
        storeNames(in: globalDirectory)
    }

    /// Whether a global store exists.
    public func globalStoreExists(named name: String) -> Bool {
        allGlobalStoreNames().contains(name)
    }

    /// Deletes one of a user's stores and its files.
    public func removeStore(named name: String = SmartStore.defaultStoreName, for user: StoreUser) throws(SmartStoreError) {
        try remove(try databaseURL(name: name, directory: userDirectory(user)))
    }

    /// Deletes a global store and its files.
    public func removeGlobalStore(named name: String = SmartStore.defaultStoreName) throws(SmartStoreError) {
        try remove(try databaseURL(name: name, directory: globalDirectory))
    }

    /// Deletes every store of a user, as the SDK does at logout. Global stores stay.
    public func removeAllStores(for user: StoreUser) throws(SmartStoreError) {
        for name in allStoreNames(for: user) { try removeStore(named: name, for: user) }
    }

    /// Deletes every global store.
    public func removeAllGlobalStores() throws(SmartStoreError) {
        for name in allGlobalStoreNames() { try removeGlobalStore(named: name) }
    }

    /// Registers the soups of `userstore.json` in a user's default store.
    public func setupUserStore(fromConfig config: StoreConfig, for user: StoreUser) async throws(SmartStoreError) {
        try await store(for: user).registerSoups(fromConfig: config)
    }

    /// Registers the soups of `globalstore.json` in the default global store.
    public func setupGlobalStore(fromConfig config: StoreConfig) async throws(SmartStoreError) {
        try await globalStore().registerSoups(fromConfig: config)
    }

    // MARK: - Files

    private static let fileExtension = "sqlite"

    private var globalDirectory: URL { rootDirectory.appendingPathComponent("global", isDirectory: true) }

    private func userDirectory(_ user: StoreUser) -> URL {
        user.pathComponents.reduce(rootDirectory.appendingPathComponent("users", isDirectory: true)) {
            $0.appendingPathComponent(Self.safeComponent($1), isDirectory: true)
        }
    }

    private func databaseURL(name: String, directory: URL) throws(SmartStoreError) -> URL {
        try Self.validate(storeName: name)
        return directory.appendingPathComponent("\(name).\(Self.fileExtension)")
    }

    private func open(_ url: URL) async throws(SmartStoreError) -> SmartStore {
        if let store = openStores[url] { return store }
        let store = try await SmartStore(url: url)
        // Another call may have opened it while this one waited.
        if let winner = openStores[url] { return winner }
        openStores[url] = store
        return store
    }

    private func remove(_ url: URL) throws(SmartStoreError) {
        if let store = openStores.removeValue(forKey: url) { try? store.close() }
        let paths = [url.path, url.path + "-wal", url.path + "-shm", url.path + "_external_soup_blobs"]
        for path in paths where FileManager.default.fileExists(atPath: path) {
            do {
                try FileManager.default.removeItem(atPath: path)
            } catch {
                throw .fileSystem(path: path, reason: error.localizedDescription)
            }
        }
    }

    private func storeNames(in directory: URL) -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".\(Self.fileExtension)") }.map { String($0.dropLast(Self.fileExtension.count + 1)) }.sorted()
    }

    /// Store names become file names: no separators, no leading dot, nothing unprintable.
    static func validate(storeName name: String) throws(SmartStoreError) {
        let allowed = name.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || " ._-".unicodeScalars.contains(scalar)
        }
        guard !name.isEmpty, name.utf8.count <= 200, !name.hasPrefix("."), allowed else { throw .invalidStoreName(name) }
    }

    /// Ids become directory names; anything but letters, digits, '_' and '-' is replaced.
    private static func safeComponent(_ text: String) -> String {
        let cleaned = String(text.unicodeScalars.map { scalar -> Character in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-" ? Character(scalar) : "_"
        })
        return cleaned.isEmpty ? "_" : cleaned
    }
}
