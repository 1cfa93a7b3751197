import MobileSync
import SalesforceAuth
import SalesforceCore
import SmartStore

extension DeveloperSupportInfo {
    /// What the developer-support menu shows for `app`: ForceKit's version, the app type, the
    /// user agent, the login settings, the current and signed-in users, the boot config, the
    /// stores, and for the current user their soups, syncs with their states, push registration
    /// and analytics.
    public init(of app: SalesforceApp) async {
        func yesNo(_ value: Bool) -> String { value ? "YES" : "NO" }
        let boot = app.configuration.bootConfig
        let current = await app.accounts.currentAccount
        let signedIn = await app.accounts.accounts
        var userStores: [String] = []
        if let current { userStores = await app.stores.allStoreNames(for: current.identity) }
        let identityProvider = await app.identityProvider
        var entries = [
            Entry(key: "SDK Version", value: ForceKitVersion.current),
            Entry(key: "App Type", value: "Native"),
            Entry(key: "User Agent", value: AppFeatures.userAgent),
            Entry(key: "Browser Login Enabled", value: "YES"),
            Entry(key: "IDP Enabled", value: identityProvider == nil ? "NO" : "YES"),
            Entry(key: "Identity Provider", value: identityProvider?.scheme.map { "\($0)://" } ?? ""),
            Entry(key: "Current User", value: current.map { $0.username ?? $0.identity.description } ?? ""),
            Entry(key: "Authenticated Users", value: signedIn.map { $0.username ?? $0.identity.description }.joined(separator: ", ")),
            Entry(key: "BootConfig - remoteAccessConsumerKey", value: boot.consumerKey),
            Entry(key: "BootConfig - oauthRedirectURI", value: boot.redirectURI),
            Entry(key: "BootConfig - oauthScopes", value: boot.scopes.joined(separator: ", ")),
            Entry(key: "BootConfig - shouldAuthenticate", value: yesNo(boot.shouldAuthenticate)),
            Entry(key: "Managed", value: yesNo(app.managedConfiguration.isPresent)),
            Entry(key: "Store Encryption", value: "AES-256-GCM pages (SQLite VFS), a key per store"),
            Entry(key: "User Stores", value: userStores.joined(separator: ", ")),
            Entry(key: "Global Stores", value: await app.stores.allGlobalStoreNames().joined(separator: ", ")),
        ]
        let managed = app.managedConfiguration
        if managed.isPresent {
            // Each managed key and value, as the SDK's menu lists them.
            for key in managed.values.keys.sorted() {
                let value = managed.values[key].map { $0.stringValue ?? $0.serialized() } ?? ""
                entries.append(Entry(key: "Managed - \(key)", value: value))
            }
        }
        entries.append(Entry(key: "Login Host", value: await app.loginHosts.selected.host))
        if let current {
            let identity = current.identity
            if userStores.contains(SmartStore.defaultStoreName), let store = try? await app.stores.store(for: identity) {
                entries.append(Entry(key: "User Store Soups", value: ((try? await store.allSoupNames()) ?? []).joined(separator: ", ")))
            }
            if let manager = await app.existingSyncManager(for: identity), let syncs = try? await manager.allSyncs() {
                let described = syncs.map { "\($0.name ?? String($0.id)): \($0.status.rawValue)" }
                entries.append(Entry(key: "Syncs", value: described.joined(separator: ", ")))
            }
            entries.append(Entry(key: "Push Registration", value: Self.describe(await app.pushRegistrations.status(of: identity))))
            if let analytics = await app.existingAnalytics(for: identity) {
                let waiting = analytics.storedEventCount
                entries.append(
                    Entry(key: "Analytics", value: "\(analytics.loggingEnabled ? "enabled" : "disabled"), \(waiting) events waiting"))
            }
        }
        self.init(entries: entries)
    }

    private static func describe(_ status: PushStatus) -> String {
        switch status {
        case .notRegistered: "not registered"
        case .registered(let deviceID, _): "registered as \(deviceID)"
        case .notEnabled: "not enabled for the connected app"
        case .failed(let reason, _): "failed: \(reason)"
        }
    }
}
