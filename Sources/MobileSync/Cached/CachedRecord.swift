import SalesforceCore
import SmartStore

/// A sync-down target whose soup is the SDK's own (`sfdcMetadata`, `sfdcLayouts`): the manager
/// makes the soup when it is missing, instead of failing as for an app's soup.
protocol OwnsItsSoup: SyncDownTarget {}

extension MetadataSyncDownTarget: OwnsItsSoup {}
extension LayoutSyncDownTarget: OwnsItsSoup {}

/// Reads one cached record through a named sync of its own, for the metadata and layout managers.
struct CachedRecord: Sendable {
    let manager: SyncManager
    let soupName: String
    let id: String
    let target: any SyncDownTarget

    func fetch(_ mode: CacheMode) async throws(SyncError) -> JSON? {
        try await Self.prepareSoup(soupName, in: manager.store)
        switch mode {
        case .cacheOnly:
            return try await cached()
        case .cacheFirst:
            if let cached = try await cached() { return cached }
            return try await fromServer()
        case .serverFirst:
            do {
                return try await fromServer()
            } catch {
                guard let cached = try await cached() else { throw error }
                return cached
            }
        }
    }

    private func fromServer() async throws(SyncError) -> JSON? {
        let name = "\(soupName)-\(id)"
        let state: SyncState
        if try await manager.hasSync(named: name) {
            state = try await manager.reSync(named: name)
        } else {
            state = try await manager.syncDown(target: target, soupName: soupName, name: name)
        }
        guard state.status == .done else { throw .server(CachedRecordFailure(message: state.error)) }
        return try await cached()
    }

    private func cached() async throws(SyncError) -> JSON? {
        do {
            return try await manager.store.query(
                using: .buildExactQuerySpec(soupName: soupName, path: "Id", matchKey: .string(id), pageSize: 1)
            ).first
        } catch {
            throw .store(error)
        }
    }

    /// Registers the cache's soup when it does not exist, as the SDK's managers do.
    static func prepareSoup(_ soupName: String, in store: SmartStore) async throws(SyncError) {
        do {
            if try await !store.soupExists(soupName) {
                try await store.registerSoup(soupName, indexSpecs: [IndexSpec(path: "Id", type: .string)])
            }
        } catch {
            throw .store(error)
        }
    }
}

/// Why a description could not be fetched: the sync's error.
private struct CachedRecordFailure: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
