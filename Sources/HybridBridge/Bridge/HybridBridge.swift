public import Foundation
public import SalesforceApp
public import SalesforceAuth
public import SalesforceCore
import SalesforceKeys

/// The native side of the Mobile SDK's Cordova plugins, on ForceKit: the SDK's hybrid
/// JavaScript (`cordova.force.js`, `force.js`, `mobilesync.js`) calls
/// `cordova.exec(success, error, service, action, args)`, and a WebView adapter or
/// `forcekit bridge` hands each call to ``call(service:action:arguments:)``.
///
/// ```swift
/// let bridge = HybridBridge(app: app)
/// let answer = await bridge.call(
///     service: "com.salesforce.smartstore", action: "pgSoupExists",
///     arguments: ["pluginSDKVersion:13.0.2", ["soupName": "accounts", "isGlobalStore": false]])
/// // .success(true)
/// for await event in bridge.events() { … }   // "sync" events while syncs run
/// ```
///
/// The services are `com.salesforce.sdkinfo`, `com.salesforce.oauth`, `com.salesforce.network`,
/// `com.salesforce.sfaccountmanager`, `com.salesforce.smartstore` and
/// `com.salesforce.mobilesync` (also by its 7.1 name, `com.salesforce.smartsync`). Calls run
/// concurrently; each answers once.
public final class HybridBridge: Sendable {
    let context: BridgeContext
    private let services: [String: any BridgeService]
    private let mobileSync: MobileSyncService

    /// A bridge over `app`'s session. `browser` logs a user in when the page asks to
    /// authenticate with nobody signed in, at `loginHost`; without one, the page is told to
    /// log in first.
    ///
    /// A page uploads files (`pgSendRequest`'s `fileParams`) only from inside the app, as a web
    /// view is limited: the app's data folder (`app.directory`) and `fileFolders`, such as the
    /// app's `www` folder. Any other file, a symbolic link out of them included, is refused, and
    /// so is a file of the app's key store (its key files, off Apple platforms).
    public init(
        app: SalesforceApp, info: HybridAppInfo = HybridAppInfo(), browser: (any BrowserSession)? = nil,
        loginHost: LoginHost = .production, fileFolders: [URL] = []
    ) {
        let context = BridgeContext(
            app: app, info: info, browser: browser, loginHost: loginHost,
            fileFolders: UploadFolders([app.directory] + fileFolders, excluding: (app.keys as? FileKeyStore).map { [$0.directory] } ?? []))
        self.context = context
        mobileSync = MobileSyncService(context: context)
        let all: [any BridgeService] = [
            SDKInfoService(context: context), OAuthService(context: context), NetworkService(context: context),
            AccountManagerService(context: context), SmartStoreService(context: context), mobileSync,
        ]
        var byName: [String: any BridgeService] = [:]
        for service in all {
            for name in type(of: service).serviceNames { byName[name] = service }
        }
        services = byName
    }

    /// The service names the bridge answers, as `getInfo`'s `forcePluginsAvailable` lists them.
    public var serviceNames: [String] { services.keys.sorted() }

    /// Answers one `cordova.exec` call. Never throws: a failure is a ``BridgeAnswer/failure(_:)``
    /// with a message an app can show.
    public func call(service: String, action: String, arguments: [JSON]) async -> BridgeAnswer {
        guard let handler = services[service] else {
            return .failure("There is no plugin \(service); ForceKit answers \(serviceNames.joined(separator: ", ")).")
        }
        do {
            return .success(try await handler.answer(action, BridgeArguments(arguments)))
        } catch {
            return .failure(BridgeFailure.from(error).message)
        }
    }

    /// Answers one call of the React Native SDK's native modules (`SFSmartStoreReactBridge`,
    /// `SFMobileSyncReactBridge`, `SFNetReactBridge`, `SFOauthReactBridge`): `method(args, callback)`
    /// with the Cordova plugins' verbs and argument object, without the `pg` prefix. A sync
    /// answers once, at its end, with its final state, and sends no events.
    public func callReactNative(module: String, method: String, arguments: JSON) async -> BridgeAnswer {
        guard let (service, action) = ReactNativeModules.route(module: module, method: method) else {
            guard ReactNativeModules.names.contains(module) else {
                return .failure(
                    "There is no native module \(module); ForceKit answers \(ReactNativeModules.names.joined(separator: ", ")).")
            }
            return .failure("The native module \(module) has no method \(method).")
        }
        do {
            if service == MobileSyncService.serviceNames[0] {
                return .success(try await mobileSync.answer(method, BridgeArguments([arguments]), waitingForTheEnd: true))
            }
            return await call(service: service, action: action, arguments: [arguments])
        } catch {
            return .failure(BridgeFailure.from(error).message)
        }
    }

    /// The events sent to the page from now on (`sync` while syncs run). The stream ends when
    /// the bridge goes away; a listener more than 10,000 events behind loses the oldest.
    public func events() -> AsyncStream<BridgeEvent> {
        context.events.stream()
    }
}
