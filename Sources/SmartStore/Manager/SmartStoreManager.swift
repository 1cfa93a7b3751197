public import Foundation
public import SalesforceCore
public import SalesforceKeys

/// Opens, lists and removes an app's stores under one root directory: user stores (a default
/// and named ones per user) and global stores, which belong to no user and survive logout.
///
/// A store name may be used once as a user store and once as a global store. Opening a store
/// that does not exist creates it; the same store is opened once and shared.
///
/// Stores are encrypted, as in the SDK: each with its own random 256-bit key, kept in a
/// `KeyStore` (SalesforceKeys) under `com.salesforce.smartstore.<store path>`. A plain store
/// found on disk (from before encryption, say) is encrypted when first opened. When a store's key
/// is gone (the Keychain was reset, say) the store cannot be read: it is deleted, created again
/// empty, and ``Event/storeRecreatedAfterKeyLoss(url:)`` tells the app, which syncs it again.
/// Pass ``Protection/plaintext`` to keep plain stores instead.
///
/// ```swift
/// let manager = SmartStoreManager(rootDirectory: appSupport.appendingPathComponent("SmartStore"))
/// let store = try await manager.store(for: user)            // the user's default store
/// let cache = try await manager.globalStore(named: "cache")
/// try await manager.removeAllStores(for: user)              // at logout
/// ```
public actor SmartStoreManager {
    /// How a manager protects the stores it opens.
    public enum Protection: Sendable {
        /// Each store encrypted with its own random key, kept in `keyStore`.
        case encrypted(keyStore: any KeyStore)
        /// Plain SQLite files that any tool can read.
        case plaintext
    }

    /// What the manager did to a store on its own, for the app to act on.
    public enum Event: Sendable, Equatable {
        /// The store's key was missing, so its data could not be read: the store was deleted and
        /// created again, empty. Sync its data down again.
        case storeRecreatedAfterKeyLoss(url: URL)
        /// A plain store was found and encrypted in place.
        case plainStoreEncrypted(url: URL)
    }

    /// The directory every store lives under.
    public let rootDirectory: URL
    /// How the stores are protected.
    public let protection: Protection
    /// What the manager did on its own: a store recreated after its key was lost, or encrypted.
    /// Each access is a new listener; several may listen at once.
    public nonisolated var events: AsyncStream<Event> { broadcaster.stream() }
    private let broadcaster = Broadcaster<Event>()
    private var openStores: [URL: SmartStore] = [:]
    private var opening: [URL: Task<Result<SmartStore, SmartStoreError>, Never>] = [:]

    /// A manager for the stores under `rootDirectory`, which is created when a store is.
    ///
    /// Stores are encrypted with keys in the platform's key store: the Keychain on Apple
    /// platforms (under the app's bundle id), and on Linux 0600 files in `rootDirectory/keys`,
    /// which protects the data as well as the folder's permissions do.
    public init(rootDirectory: URL) {
        self.init(rootDirectory: rootDirectory, protection: .encrypted(keyStore: PlatformKeyStore.make(directory: rootDirectory)))
    }

    /// A manager for the stores under `rootDirectory`, protected as `protection` says.
    public init(rootDirectory: URL, protection: Protection) {
        self.rootDirectory = rootDirectory
        self.protection = protection
    }

    /// A user's store, created if needed; the default store unless a name is given.
    public func store(named name: String = SmartStore.defaultStoreName, for user: UserIdentity) async throws(SmartStoreError) -> SmartStore
    {
        try await open(try databaseURL(name: name, directory: userDirectory(user)))
    }

    /// A global store, created if needed; the default global store unless a name is given.
    public func globalStore(named name: String = SmartStore.defaultStoreName) async throws(SmartStoreError) -> SmartStore {
        try await open(try databaseURL(name: name, directory: globalDirectory))
    }

    /// The names of a user's stores, sorted.
    public func allStoreNames(for user: UserIdentity) -> [String] {
        storeNames(in: userDirectory(user))
    }

    /// The communities (`0DB` ids) where a user has stores, whichever community `user` names: a
    /// user's stores in a community live in a folder of its own under the user's.
    public nonisolated func communities(withStoresOf user: UserIdentity) -> [SalesforceID] {
        let folder = userDirectory(user.withoutCommunity)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().compactMap { name in
            guard name.hasPrefix("0DB"), let id = try? SalesforceID(name) else { return nil }
            return id
        }
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
    public func removeStore(named name: String = SmartStore.defaultStoreName, for user: UserIdentity) async throws(SmartStoreError) {
        try await remove(try databaseURL(name: name, directory: userDirectory(user)))
    }

    /// Deletes a global store and its files.
    public func removeGlobalStore(named name: String = SmartStore.defaultStoreName) async throws(SmartStoreError) {
        try await remove(try databaseURL(name: name, directory: globalDirectory))
    }

    /// Deletes every store of a user and the user's folders, as the SDK does at logout. Global
    /// stores stay.
    public func removeAllStores(for user: UserIdentity) async throws(SmartStoreError) {
        for name in allStoreNames(for: user) { try await removeStore(named: name, for: user) }
        // Nothing of the user stays behind, not even an empty folder named after them; their
        // org's folder goes too when no other user of it has a store.
        FileManager.default.removeEmptyFolders(from: userDirectory(user), below: rootDirectory.appendingPathComponent("users"))
    }

    /// Deletes every global store.
    public func removeAllGlobalStores() async throws(SmartStoreError) {
        for name in allGlobalStoreNames() { try await removeGlobalStore(named: name) }
    }

    /// Registers the soups of `userstore.json` in a user's default store.
    public func setupUserStore(fromConfig config: StoreConfig, for user: UserIdentity) async throws(SmartStoreError) {
        try await store(for: user).registerSoups(fromConfig: config)
    }

    /// Registers the soups of `globalstore.json` in the default global store.
    public func setupGlobalStore(fromConfig config: StoreConfig) async throws(SmartStoreError) {
        try await globalStore().registerSoups(fromConfig: config)
    }

    // MARK: - Files

    private static let fileExtension = "sqlite"

    private var globalDirectory: URL { rootDirectory.appendingPathComponent("global", isDirectory: true) }

    private nonisolated func userDirectory(_ user: UserIdentity) -> URL {
        user.pathComponents.reduce(rootDirectory.appendingPathComponent("users", isDirectory: true)) {
            $0.appendingPathComponent($1, isDirectory: true)
        }
    }

    private func databaseURL(name: String, directory: URL) throws(SmartStoreError) -> URL {
        try Self.validate(storeName: name)
        return directory.appendingPathComponent("\(name).\(Self.fileExtension)")
    }

    private func open(_ url: URL) async throws(SmartStoreError) -> SmartStore {
        if let store = openStores[url] { return store }
        // One open of a file at a time: two first opens at once would both create the file, and
        // the slower would find it half made.
        let opening = self.opening[url] ?? Task { await self.openNew(url) }
        self.opening[url] = opening
        let result = await opening.value
        self.opening[url] = nil
        let store = try result.get()
        if let opened = openStores[url] { return opened }
        openStores[url] = store
        return store
    }

    private func openNew(_ url: URL) async -> Result<SmartStore, SmartStoreError> {
        do {
            return .success(try await SmartStore(url: url, encryption: try await encryption(for: url)))
        } catch {
            return .failure(error)
        }
    }

    /// The store's key, and what must happen first: a store whose key is gone is recreated, and
    /// a plain one is encrypted.
    private func encryption(for url: URL) async throws(SmartStoreError) -> StoreEncryption {
        guard case .encrypted(let keyStore) = protection else { return .plaintext }
        let label = keyLabel(forStoreAt: url)
        do {
            switch StoreFileInspection.inspect(url) {
            case .encrypted where try await keyStore.existingKey(for: label) == nil:
                try removeFiles(of: url)
                broadcaster.publish(.storeRecreatedAfterKeyLoss(url: url))
            case .plaintext:
                try await SmartStore.encryptPlainStore(at: url, with: .key(try await keyStore.key(for: label)))
                broadcaster.publish(.plainStoreEncrypted(url: url))
            default:
                break
            }
            return .key(try await keyStore.key(for: label))
        } catch let error as KeyStoreError {
            throw .keyUnavailable(error.message)
        } catch let error as SmartStoreError {
            throw error
        } catch {
            throw .keyUnavailable(String(describing: error))
        }
    }

    /// The label the key of the store at `url` is kept under in the key store:
    /// `com.salesforce.smartstore.` and the store's path under the root, dot-separated. Tools
    /// that open a store's file directly (`forcekit store --key-file`) find its key with it.
    public nonisolated func keyLabel(forStoreAt url: URL) -> String {
        let relative = url.deletingPathExtension().path.dropFirst(rootDirectory.path.count)
        return "com.salesforce.smartstore" + relative.replacingOccurrences(of: "/", with: ".")
    }

    private func remove(_ url: URL) async throws(SmartStoreError) {
        if let store = openStores.removeValue(forKey: url) { try? store.close() }
        try removeFiles(of: url)
        guard case .encrypted(let keyStore) = protection else { return }
        do {
            try await keyStore.removeKey(for: keyLabel(forStoreAt: url))
        } catch {
            throw .keyUnavailable(error.message)
        }
    }

    private func removeFiles(of url: URL) throws(SmartStoreError) {
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
}
