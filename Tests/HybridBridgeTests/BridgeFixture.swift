import ForceKitTestSupport
import ForceKitTesting
import Foundation
import HybridBridge
import LocalOrg
import SalesforceApp
import SalesforceAuth
import SalesforceCore
import Testing

/// A LocalOrg with its sample data, an app signed in to it, and the bridge over the app.
struct BridgeFixture {
    let org: TestOrg
    let app: SalesforceApp
    let bridge: HybridBridge
    let folder: URL

    /// Calls `action` as the SDK's JavaScript does: the version marker, then one argument object.
    func call(_ service: String, _ action: String, _ argument: JSON = [:]) async -> BridgeAnswer {
        await bridge.call(service: service, action: action, arguments: ["pluginSDKVersion:13.0.2", argument])
    }

    /// The result of an action that must succeed.
    func result(_ service: String, _ action: String, _ argument: JSON = [:], sourceLocation: SourceLocation = #_sourceLocation)
        async throws -> JSON
    {
        switch await call(service, action, argument) {
        case .success(let result): return result
        case .failure(let message):
            Issue.record("\(service) \(action) failed: \(message)", sourceLocation: sourceLocation)
            throw BridgeTestFailure(message)
        }
    }

    /// The message of an action that must fail.
    func failure(_ service: String, _ action: String, _ argument: JSON = [:], sourceLocation: SourceLocation = #_sourceLocation)
        async -> String
    {
        switch await call(service, action, argument) {
        case .success(let result):
            Issue.record("\(service) \(action) succeeded with \(result.serialized())", sourceLocation: sourceLocation)
            return ""
        case .failure(let message): return message
        }
    }

    static let smartstore = "com.salesforce.smartstore"
    static let mobilesync = "com.salesforce.mobilesync"
    static let network = "com.salesforce.network"
    static let oauth = "com.salesforce.oauth"
    static let accounts = "com.salesforce.sfaccountmanager"
    static let sdkinfo = "com.salesforce.sdkinfo"
}

struct BridgeTestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Runs `body` with a fixture whose app is signed in as the org's default user (unless
/// `signedIn` is false); the org stops and the app's folder goes afterwards.
func withBridge(signedIn: Bool = true, _ body: (BridgeFixture) async throws -> Void) async throws {
    try await withLocalOrg(seed: true) { org in
        try await withTemporaryDirectory { folder in
            let boot = try BootConfig(
                consumerKey: org.credentials.clientID, redirectURI: org.credentials.redirectURI, scopes: ["api", "web", "refresh_token"])
            let app = try await SalesforceApp(configuration: AppConfiguration(bootConfig: boot), directory: folder)
            if signedIn { _ = try await app.logIn(at: org.loginHost, using: org.browser) }
            let bridge = HybridBridge(app: app, info: HybridAppInfo(appName: "Bridge Tests", homeURL: "https://example.test/home"))
            try await body(BridgeFixture(org: org, app: app, bridge: bridge, folder: folder))
        }
    }
}
