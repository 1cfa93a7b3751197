import ForceKitTestSupport
import Foundation
import SmartStoreMigration
import Testing

@Suite("Finding the Mobile SDK's stores among an app's files")
struct MobileSDKStoreFileTests {
    static let org = "00D000000000001AAA"
    static let user = "005000000000001AAA"

    @Test("iOS and Android stores are found by their paths, with their names and users; other files are not")
    func finds() async throws {
        try await withTemporaryDirectory { folder in
            let files = [
                // iOS: a user's default store, a user's store for a site, a global store.
                "Documents/com.example.app/\(Self.org)/\(Self.user)/internal/stores/defaultStore/store.sqlite",
                "Documents/com.example.app/\(Self.org)/\(Self.user)/internal/stores/defaultStore/store.sqlite-wal",
                "Documents/com.example.app/\(Self.org)/\(Self.user)/0DB000000000001AAA/stores/cases/store.sqlite",
                "Documents/com.example.app/stores/settings/store.sqlite",
                "Documents/com.example.app/notes.sqlite",
                // Android: a user's default store, a named one, the global default, another library's
                // database, an app's copy of a store (not the SDK's name: not taken for a global store).
                "data/databases/smartstore_\(Self.org)_\(Self.user)_internal.db",
                "data/databases/smartstore_\(Self.org)_\(Self.user)_internal.db-wal",
                "data/databases/my_cases_\(Self.org)_\(Self.user)_internal.db",
                "data/databases/smartstore.db",
                "data/databases/analytics.db",
                "data/databases/smartstore_backup.db",
            ]
            for file in files {
                let url = folder.appendingPathComponent(file)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data().write(to: url)
            }
            let found = MobileSDKStoreFile.find(in: folder)
            let described = found.map { store in
                [
                    String(store.url.path.dropFirst(folder.path.count + 1)), store.platform.rawValue, store.name, store.orgId ?? "-",
                    store.userId ?? "-", store.communityId ?? "-",
                ]
            }
            #expect(
                described == [
                    [
                        "Documents/com.example.app/\(Self.org)/\(Self.user)/0DB000000000001AAA/stores/cases/store.sqlite", "iOS", "cases",
                        Self.org, Self.user, "0DB000000000001AAA",
                    ],
                    [
                        "Documents/com.example.app/\(Self.org)/\(Self.user)/internal/stores/defaultStore/store.sqlite", "iOS",
                        "defaultStore", Self.org, Self.user, "-",
                    ],
                    ["Documents/com.example.app/stores/settings/store.sqlite", "iOS", "settings", "-", "-", "-"],
                    ["data/databases/my_cases_\(Self.org)_\(Self.user)_internal.db", "android", "my_cases", Self.org, Self.user, "-"],
                    ["data/databases/smartstore.db", "android", "smartstore", "-", "-", "-"],
                    ["data/databases/smartstore_\(Self.org)_\(Self.user)_internal.db", "android", "smartstore", Self.org, Self.user, "-"],
                ])
            #expect(found.filter(\.isGlobal).count == 2)
        }
    }
}
