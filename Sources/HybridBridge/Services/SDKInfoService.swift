import SalesforceApp
import SalesforceAuth
import SalesforceCore

/// `com.salesforce.sdkinfo`: what the SDK and the app are, and the app's feature codes.
struct SDKInfoService: BridgeService {
    static let serviceNames = ["com.salesforce.sdkinfo"]
    let context: BridgeContext

    func answer(_ action: String, _ arguments: BridgeArguments) async throws -> JSON {
        switch action {
        case "getInfo":
            let boot = await context.app.configuration.bootConfig
            // The SDK whose JavaScript is speaking, as upstream's native side reports its own
            // version to the JavaScript it ships with; ForceKit's own version beside it.
            return [
                "sdkVersion": .string(arguments.pluginSDKVersion ?? HybridServices.upstreamJavaScriptVersion),
                "forceKitVersion": .string(ForceKitVersion.current), "appName": .string(context.info.appName),
                "appVersion": .string(context.info.appVersion),
                "forcePluginsAvailable": .array(HybridServices.allNames.map(JSON.string)),
                "bootConfig": Self.json(of: boot),
            ]
        case "registerAppFeature", "unregisterAppFeature":
            let feature = try arguments.requiredString("feature")
            if action == "registerAppFeature" { AppFeatures.register(feature) } else { AppFeatures.unregister(feature) }
            return .null
        default:
            throw unknown(action)
        }
    }

    /// The boot config as `bootconfig.json` writes it.
    static func json(of boot: BootConfig) -> JSON {
        var object: [String: JSON] = [
            "remoteAccessConsumerKey": .string(boot.consumerKey), "oauthRedirectURI": .string(boot.redirectURI),
            "oauthScopes": .array(boot.scopes.map(JSON.string)), "shouldAuthenticate": .bool(boot.shouldAuthenticate),
            "attemptOfflineLoad": .bool(boot.attemptOfflineLoad),
        ]
        if let isLocal = boot.isLocal { object["isLocal"] = .bool(isLocal) }
        if let startPage = boot.startPage { object["startPage"] = .string(startPage) }
        if let errorPage = boot.errorPage { object["errorPage"] = .string(errorPage) }
        if let page = boot.unauthenticatedStartPage { object["unauthenticatedStartPage"] = .string(page) }
        if let push = boot.pushClientID { object["androidPushNotificationClientId"] = .string(push) }
        return .object(object)
    }
}

/// Every plugin the bridge answers, by the names the SDK's JavaScript calls.
enum HybridServices {
    /// The Mobile SDK whose JavaScript (`cordova.force.js`, its `SALESFORCE_MOBILE_SDK_VERSION`)
    /// the bridge is written against: what `getInfo` reports to JavaScript that does not say.
    static let upstreamJavaScriptVersion = "14.0.0"

    static let allNames =
        (SDKInfoService.serviceNames + OAuthService.serviceNames + NetworkService.serviceNames
        + AccountManagerService.serviceNames + SmartStoreService.serviceNames + MobileSyncService.serviceNames).sorted()
}
