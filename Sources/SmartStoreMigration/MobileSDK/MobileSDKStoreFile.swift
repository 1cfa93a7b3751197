public import Foundation
import SalesforceCore

/// A Mobile SDK store found among an app's files, with what its path says: the platform whose
/// SDK made it, its name, and the user it belongs to (none for a global store).
///
/// The SDK keeps stores at these paths:
/// - iOS: `<bundle id>/<org id>/<user id>/<community id or internal>/stores/<name>/store.sqlite`
///   under the app's Documents folder (or an App Group's container); a global store at
///   `<bundle id>/stores/<name>/store.sqlite`.
/// - Android: `databases/<name>_<org id>_<user id>_<community id or internal>.db` in the app's
///   data folder, the default store named `smartstore`; the global default store at
///   `databases/smartstore.db` (other global stores are not told from other libraries' databases
///   in that folder, so they are not found).
public struct MobileSDKStoreFile: Sendable, Hashable {
    /// Which SDK made a store.
    public enum Platform: String, Sendable, Hashable {
        /// The iOS SDK: `store.sqlite` in a folder of the store's name.
        case iOS
        /// The Android SDK: a `.db` file in the app's `databases` folder.
        case android
    }

    /// The store's database file.
    public let url: URL
    /// The SDK that made it.
    public let platform: Platform
    /// The store's name (`defaultStore` on iOS and `smartstore` on Android for the default one).
    public let name: String
    /// The org of the store's user; nil for a global store.
    public let orgId: String?
    /// The store's user; nil for a global store.
    public let userId: String?
    /// The Experience Cloud site the user's store is for; nil for the internal org and global stores.
    public let communityId: String?

    /// Whether the store belongs to no user.
    public var isGlobal: Bool { userId == nil }

    /// The Mobile SDK stores under `folder` (an app's Documents or data folder, or any folder
    /// above its stores), found by their paths; sorted by path.
    public static func find(in folder: URL) -> [MobileSDKStoreFile] {
        guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        var found: [MobileSDKStoreFile] = []
        for case let file as URL in files {
            guard (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            if let store = parse(file) { found.append(store) }
        }
        return found.sorted { $0.url.path < $1.url.path }
    }

    /// What the path of `file` says of it, if it is where the SDK keeps a store.
    static func parse(_ file: URL) -> MobileSDKStoreFile? {
        iOSStore(file) ?? androidStore(file)
    }

    /// What names the store wherever its app's folder is: its platform, user and name, the parts
    /// of its path the SDK chose (an app's container path changes across updates).
    var identity: String {
        [platform.rawValue, orgId ?? "-", userId ?? "-", communityId ?? "internal", name].joined(separator: "/")
    }

    /// `…/<org>/<user>/<community>/stores/<name>/store.sqlite`, or `…/stores/<name>/store.sqlite`.
    private static func iOSStore(_ file: URL) -> MobileSDKStoreFile? {
        let parts = file.pathComponents
        guard parts.count >= 3, parts[parts.count - 1] == "store.sqlite", parts[parts.count - 3] == "stores" else { return nil }
        let name = parts[parts.count - 2]
        let owner = parts.dropLast(3).suffix(3)
        if owner.count == 3, isId(owner[owner.startIndex], prefix: "00D"), isId(owner[owner.startIndex + 1], prefix: "005") {
            let community = owner[owner.startIndex + 2]
            return MobileSDKStoreFile(
                url: file, platform: .iOS, name: name, orgId: owner[owner.startIndex], userId: owner[owner.startIndex + 1],
                communityId: community == "internal" ? nil : community)
        }
        return MobileSDKStoreFile(url: file, platform: .iOS, name: name, orgId: nil, userId: nil, communityId: nil)
    }

    /// `…/databases/<name>_<org>_<user>_<community>.db`, or `…/databases/<name>.db`.
    private static func androidStore(_ file: URL) -> MobileSDKStoreFile? {
        let parts = file.pathComponents
        guard parts.count >= 2, parts[parts.count - 2] == "databases", file.pathExtension == "db" else { return nil }
        let base = file.deletingPathExtension().lastPathComponent
        let pieces = base.split(atScalars: ["_"], omittingEmptyParts: false)
        if pieces.count >= 4 {
            let owner = pieces.suffix(3)
            let org = owner[owner.startIndex]
            let user = owner[owner.startIndex + 1]
            let community = owner[owner.startIndex + 2]
            if isId(org, prefix: "00D"), isId(user, prefix: "005") {
                return MobileSDKStoreFile(
                    url: file, platform: .android, name: pieces.dropLast(3).joined(separator: "_"), orgId: org, userId: user,
                    communityId: community == "internal" ? nil : community)
            }
        }
        // Other libraries keep databases here too, and apps keep copies: a global store is taken
        // only by the SDK's default name.
        guard base == "smartstore" else { return nil }
        return MobileSDKStoreFile(url: file, platform: .android, name: base, orgId: nil, userId: nil, communityId: nil)
    }

    /// Whether `text` looks like a 15- or 18-character Salesforce id with this key prefix.
    private static func isId(_ text: String, prefix: String) -> Bool {
        (text.utf8.count == 15 || text.utf8.count == 18) && text.utf8.starts(with: prefix.utf8)
            && text.utf8.allSatisfy {
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0 & 0xDF)
            }
    }
}
