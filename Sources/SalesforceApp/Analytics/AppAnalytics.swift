import Crypto
import Foundation
import SalesforceAuth
import SalesforceCore
import SalesforceKeys
import SalesforceREST

/// The app's instrumentation: each user's ``AnalyticsManager``, made on first use with its
/// events encrypted under the user's folder, published to the user's org, and removed with the
/// user.
actor AppAnalytics {
    private let directory: URL
    private let keys: any KeyStore
    /// What the events say of this device and app, read (or made) once at start-up.
    let device: DeviceAttributes
    private var managers: [UserIdentity: AnalyticsManager] = [:]

    init(directory: URL, keys: any KeyStore, clientID: String) {
        self.directory = directory
        self.keys = keys
        device = Self.deviceAttributes(directory: directory, clientID: clientID)
    }

    /// The instrumentation of `identity`, made on first use.
    /// - Throws: ``AppError/Code/store`` when its key is unavailable.
    func manager(for identity: UserIdentity) async throws(AppError) -> AnalyticsManager {
        if let manager = managers[identity] { return manager }
        let key: SymmetricKey
        do {
            key = try await keys.key(for: Self.keyLabel(identity))
        } catch {
            throw AppError(code: .store, message: "The analytics key of \(identity) is unavailable: \(error)")
        }
        if let winner = managers[identity] { return winner }
        let manager = AnalyticsManager(store: EventStore(directory: folder(of: identity), key: key), device: device)
        managers[identity] = manager
        AppFeatures.register(AppFeatures.analytics)
        return manager
    }

    /// The instrumentation of `identity` if it was made in this process.
    func existingManager(for identity: UserIdentity) -> AnalyticsManager? {
        managers[identity]
    }

    /// Records one of the SDK's events; instrumentation never fails what it watches.
    func recordSystemEvent(_ name: String, component: String, for identity: UserIdentity, attributes: [String: JSON] = [:]) async {
        (try? await manager(for: identity))?.recordSystemEvent(name, component: component, attributes: attributes)
    }

    /// Removes the events and key of `identity`, logged out.
    func remove(_ identity: UserIdentity) async {
        // Closed first: a manager still held elsewhere must not write into the folder again.
        managers.removeValue(forKey: identity)?.close()
        let folder = folder(of: identity)
        try? FileManager.default.removeItem(at: folder)
        // The org's folder goes too once no other user of it has events.
        FileManager.default.removeEmptyFolders(
            from: folder.deletingLastPathComponent(), below: directory.appendingPathComponent("analytics"))
        try? await keys.removeKey(for: Self.keyLabel(identity))
    }

    /// The communities (`0DB` ids) where a user has events, whichever community `identity` names.
    func communities(withEventsOf identity: UserIdentity) -> [SalesforceID] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder(of: identity.withoutCommunity).path)) ?? []
        return names.sorted().compactMap { name in name.hasPrefix("0DB") ? try? SalesforceID(name) : nil }
    }

    private func folder(of identity: UserIdentity) -> URL {
        identity.pathComponents.reduce(directory.appendingPathComponent("analytics", isDirectory: true)) {
            $0.appendingPathComponent($1, isDirectory: true)
        }
    }

    private static func keyLabel(_ identity: UserIdentity) -> String {
        "com.salesforce.eventStore.encryptionKey." + identity.pathComponents.joined(separator: ".")
    }

    /// What the events say of this device and app; the device id is made once per app folder.
    private static func deviceAttributes(directory: URL, clientID: String) -> DeviceAttributes {
        let idFile = directory.appendingPathComponent("device-id")
        var deviceID = (try? String(contentsOf: idFile, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        if deviceID.isEmpty {
            deviceID = UUID().uuidString.lowercased()
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try? Data(deviceID.utf8).write(to: idFile, options: .atomic)
        }
        let info = Bundle.main.infoDictionary ?? [:]
        let version = ProcessInfo.processInfo.operatingSystemVersion
        return DeviceAttributes(
            appName: info["CFBundleName"] as? String ?? ProcessInfo.processInfo.processName,
            appVersion: info["CFBundleShortVersionString"] as? String ?? "1.0", osName: AppFeatures.operatingSystemName,
            osVersion: "\(version.majorVersion).\(version.minorVersion).\(version.patchVersion)", deviceID: deviceID,
            clientID: clientID)
    }
}
