/// What `com.salesforce.sdkinfo`'s `getInfo` tells the page about the app.
public struct HybridAppInfo: Sendable {
    /// The app's name.
    public var appName: String
    /// The app's version, as the SDK writes it: `1.0(1)`.
    public var appVersion: String
    /// The URL `com.salesforce.oauth`'s `getAppHomeUrl` answers: the page the app starts on
    /// offline, or empty when it has none.
    public var homeURL: String

    /// Information from its parts.
    public init(appName: String = "ForceKitHybridApp", appVersion: String = "1.0(1)", homeURL: String = "") {
        self.appName = appName
        self.appVersion = appVersion
        self.homeURL = homeURL
    }
}
