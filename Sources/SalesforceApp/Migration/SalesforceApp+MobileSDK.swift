public import Foundation
import SalesforceAuth
import SalesforceCore
import SmartStore
public import SmartStoreMigration

/// What became of one Mobile SDK store in ``SalesforceApp/migrateMobileSDKStores(in:key:progress:)``.
public struct MobileSDKStoreOutcome: Sendable, Hashable {
    /// What happened to it.
    public enum Result: Sendable, Hashable {
        /// Migrated now, every soup verified.
        case migrated(MigrationReport)
        /// Migrated by an earlier call, and unchanged since: not read again.
        case alreadyMigrated
        /// A user's store whose user has not signed in to this app yet: migrated after their login.
        case waitingForLogin
        /// Not migrated: why, and what to do. The next call tries it again; the other stores
        /// went on.
        case failed(message: String)
    }

    /// The SDK's store.
    public let file: MobileSDKStoreFile
    /// What happened to it.
    public let result: Result
}

extension SalesforceApp {
    /// Moves the Salesforce Mobile SDK's stores found under `folder` (the app's Documents or
    /// data folder, where the SDK kept them) into this app's stores: a user's store into that
    /// user's store of the same name, once the user is signed in; a global store into the global
    /// store of its name. The SDK's default store (`defaultStore` on iOS, `smartstore` on
    /// Android) becomes the default store.
    ///
    /// Call it at launch and after each login: a store migrated before, and unchanged since, is
    /// remembered (in `directory/mobile-sdk-migrations.json`, by its place under `folder`) and
    /// not read again, so later calls cost a look at the folder. A store that fails is reported
    /// with why, and the others go on; what was migrated of it stays, and the next call goes on
    /// from there (see `MobileSDKStoreMigration` in SmartStoreMigration). Calls run one at a time.
    /// - Parameters:
    ///   - folder: Where to look for the SDK's stores.
    ///   - key: The key the SDK gave SQLCipher (the same for every store of an app).
    ///   - progress: Told after each batch of entries, with the store being migrated.
    /// - Returns: What became of each store found.
    /// - Throws: `CancellationError` when the task is cancelled.
    @discardableResult
    public func migrateMobileSDKStores(
        in folder: URL, key: MobileSDKStoreKey,
        progress: @escaping @Sendable (MobileSDKStoreFile, MigrationProgress) -> Void = { _, _ in }
    ) async throws -> [MobileSDKStoreOutcome] {
        // One migration at a time per app folder: a call at launch and one after a login must
        // not write the same soups at once.
        try await MobileSDKMigrationQueue.run(for: directory.standardizedFileURL.path) {
            try await self.migrateMobileSDKStoresNow(in: folder, key: key, progress: progress)
        }
    }

    private func migrateMobileSDKStoresNow(
        in folder: URL, key: MobileSDKStoreKey, progress: @escaping @Sendable (MobileSDKStoreFile, MigrationProgress) -> Void
    ) async throws -> [MobileSDKStoreOutcome] {
        let ledger = MobileSDKMigrationLedger(file: directory.appendingPathComponent("mobile-sdk-migrations.json"))
        var done = ledger.load()
        let signedIn = await accounts.accounts.map(\.identity)
        var outcomes: [MobileSDKStoreOutcome] = []
        for file in MobileSDKStoreFile.find(in: folder) {
            try Task.checkCancellation()
            // Keyed by the store's place under the folder: the folder itself (an app's container)
            // moves across app updates.
            let place = String(file.url.path.dropFirst(folder.path.count).drop { $0 == "/" })
            let stamp = MobileSDKMigrationLedger.stamp(of: file.url)
            if let stamp, done[place] == stamp {
                outcomes.append(MobileSDKStoreOutcome(file: file, result: .alreadyMigrated))
                continue
            }
            let owner: UserIdentity?
            if let userId = file.userId, let orgId = file.orgId {
                guard let identity = try? UserIdentity(orgID: orgId, userID: userId, communityID: file.communityId) else {
                    outcomes.append(
                        MobileSDKStoreOutcome(
                            file: file, result: .failed(message: "Its path names no valid org and user ids (\(orgId), \(userId)).")))
                    continue
                }
                // The user signed in through any site, or the org itself, owns all their stores.
                guard signedIn.contains(where: { $0.withoutCommunity == identity.withoutCommunity }) else {
                    outcomes.append(MobileSDKStoreOutcome(file: file, result: .waitingForLogin))
                    continue
                }
                owner = identity
            } else {
                owner = nil
            }
            do {
                let name = Self.forceKitStoreName(of: file)
                let store: SmartStore
                if let owner {
                    store = try await stores.store(named: name, for: owner)
                } else {
                    store = try await stores.globalStore(named: name)
                }
                let migration = try MobileSDKStoreMigration(storeAt: file.url, key: key)
                let report = try await migration.migrate(into: store) { step in progress(file, step) }
                outcomes.append(MobileSDKStoreOutcome(file: file, result: .migrated(report)))
                if let stamp {
                    done[place] = stamp
                    ledger.save(done)
                }
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                let failure = error as? any ForceKitError
                outcomes.append(MobileSDKStoreOutcome(file: file, result: .failed(message: failure?.description ?? "\(error)")))
            }
        }
        return outcomes
    }

    /// The ForceKit store a Mobile SDK store becomes: the SDK's default store (`defaultStore`
    /// on iOS, `smartstore` on Android) is the default store; others keep their names.
    static func forceKitStoreName(of file: MobileSDKStoreFile) -> String {
        file.platform == .android && file.name == "smartstore" ? SmartStore.defaultStoreName : file.name
    }
}

/// Runs the migrations of one app folder one after another. Kept apart from the app's own
/// state: each call waits for the one before it to end.
enum MobileSDKMigrationQueue {
    private static let last = Locked<[String: Task<Void, Never>]>([:])

    static func run<T: Sendable>(for folder: String, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
        let run = last.withLock { tasks -> Task<T, any Error> in
            let previous = tasks[folder]
            let run = Task {
                _ = await previous?.value
                return try await body()
            }
            tasks[folder] = Task { _ = await run.result }
            return run
        }
        return try await withTaskCancellationHandler {
            try await run.value
        } onCancel: {
            run.cancel()
        }
    }
}

/// The Mobile SDK stores already migrated, each with the size and modification time it had then:
/// a store changed since (the SDK app ran again) is migrated again.
struct MobileSDKMigrationLedger {
    let file: URL

    /// A store's size and modification time, its log's too (the SDK writes there first), or nil
    /// when the store cannot be read.
    static func stamp(of url: URL) -> String? {
        func stamp(_ path: String) -> String? {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                let size = attributes[.size] as? Int, let modified = attributes[.modificationDate] as? Date
            else { return nil }
            return "\(size) \(modified.timeIntervalSince1970)"
        }
        guard let store = stamp(url.path) else { return nil }
        return [store, stamp(url.path + "-wal")].compactMap { $0 }.joined(separator: "; ")
    }

    func load() -> [String: String] {
        guard let data = try? Data(contentsOf: file), let json = try? JSON(parsing: data), let object = json.objectValue else { return [:] }
        return object.compactMapValues(\.stringValue)
    }

    func save(_ done: [String: String]) {
        let json = JSON.object(done.mapValues(JSON.string))
        try? Data(json.serialized().utf8).write(to: file, options: .atomic)
    }
}
