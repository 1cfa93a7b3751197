import Foundation
import MobileSync
import SalesforceAuth
import SalesforceCore
import SmartStore
import Testing

/// The metadata and layout managers and their cache modes (mobilesync.md §3.3.6, SD-22, D8).
@Suite("Metadata and layouts")
struct CachedDescriptionTests {
    @Test("cacheOnly is nil on an empty cache; cacheFirst asks the server once and caches; cacheOnly then answers with no request")
    func metadataCacheModes() async throws {
        try await withSyncFixture { fixture throws in
            let metadata = MetadataSyncManager(syncManager: fixture.manager)
            #expect(try await metadata.fetchMetadata(forObject: "Account", mode: .cacheOnly) == nil)
            let describes = { fixture.transport.requests.filter { $0.url.path.hasSuffix("/sobjects/Account/describe") }.count }
            #expect(describes() == 0)
            let fetched = try #require(try await metadata.fetchMetadata(forObject: "Account", mode: .cacheFirst))
            #expect(fetched["Id"] == "Account" && fetched["name"] == "Account" && fetched["fields"]?.arrayValue?.isEmpty == false)
            #expect(describes() == 1)
            let cached = try await metadata.fetchMetadata(forObject: "Account", mode: .cacheOnly)
            #expect(cached?["keyPrefix"] == "001" && describes() == 1)
            _ = try await metadata.fetchMetadata(forObject: "Account", mode: .cacheFirst)
            #expect(describes() == 1)
            let stored = try await fixture.store.count(using: .buildAllQuerySpec(soupName: MetadataSyncManager.soupName))
            #expect(stored == 1)
        }
    }

    @Test("D8: serverFirst asks the server every time and falls back to the cache when the server cannot be reached")
    func serverFirstFallsBack() async throws {
        try await withSyncFixture { fixture throws in
            let layouts = LayoutSyncManager(syncManager: fixture.manager)
            let path = "/ui-api/layout/Contact"
            fixture.transport.failRequest(number: 1, toPathContaining: path)
            await #expect(throws: SyncError.self) { try await layouts.fetchLayout(forObject: "Contact", mode: .serverFirst) }
            let compact = try #require(try await layouts.fetchLayout(forObject: "Contact", layoutType: "Compact"))
            #expect(compact["Id"] == "Contact-Compact")
            fixture.transport.failRequest(number: 2, toPathContaining: path)
            let fallback = try await layouts.fetchLayout(forObject: "Contact", layoutType: "Compact", mode: .serverFirst)
            #expect(fallback == compact)
            #expect(fixture.transport.requests.filter { $0.url.path.hasSuffix(path) }.count == 3)
            #expect(try await layouts.fetchLayout(forObject: "Contact", layoutType: "Full", mode: .cacheOnly) == nil)
            await #expect(throws: SyncError.self) { try await layouts.fetchLayout(forObject: "Contact", layoutType: "Wide") }
        }
    }

    @Test("The targets' JSON reads back through the registry, as the SDK writes it")
    func targetsJSON() throws {
        let metadata = try SyncTargetRegistry.downTarget(from: ["type": "metadata", "sobjectType": "Account"])
        #expect((metadata as? MetadataSyncDownTarget)?.objectType == "Account")
        let layout = try SyncTargetRegistry.downTarget(from: ["type": "layout", "sobjectType": "Account", "layoutType": "Compact"])
        #expect((layout as? LayoutSyncDownTarget)?.recordId == "Account-Compact")
        #expect(throws: SyncError.self) { try SyncTargetRegistry.downTarget(from: ["type": "metadata"]) }
    }
}
