/// The React Native SDK's native modules, by the plugin and action each method is: the same
/// verbs and argument objects as the Cordova plugins, without the `pg` prefix.
enum ReactNativeModules {
    /// The Cordova service and action of `method` of the native module `module`, or nil when the
    /// module has no such method.
    static func route(module: String, method: String) -> (service: String, action: String)? {
        switch module {
        case "SFSmartStoreReactBridge":
            guard smartStoreMethods.contains(method) else { return nil }
            return (SmartStoreService.serviceNames[0], "pg" + method.prefix(1).uppercased() + method.dropFirst())
        case "SFMobileSyncReactBridge":
            guard MobileSyncService.actions.contains(method) || method == "resetSyncManager" else { return nil }
            return (MobileSyncService.serviceNames[0], method)
        case "SFNetReactBridge":
            return method == "sendRequest" ? (NetworkService.serviceNames[0], "pgSendRequest") : nil
        case "SFOauthReactBridge":
            return ["getAuthCredentials", "authenticate", "logoutCurrentUser"].contains(method)
                ? (OAuthService.serviceNames[0], method) : nil
        default:
            return nil
        }
    }

    /// The native module names, for the message of a call to another.
    static let names = ["SFMobileSyncReactBridge", "SFNetReactBridge", "SFOauthReactBridge", "SFSmartStoreReactBridge"]

    private static let smartStoreMethods: Set<String> = [
        "soupExists", "registerSoup", "removeSoup", "getSoupIndexSpecs", "alterSoup", "reIndexSoup", "clearSoup", "upsertSoupEntries",
        "retrieveSoupEntries", "removeFromSoup", "querySoup", "runSmartQuery", "moveCursorToPageIndex", "closeCursor", "getDatabaseSize",
        "getAllStores", "getAllGlobalStores", "removeStore", "removeAllStores", "removeAllGlobalStores",
    ]
}
