import Foundation

/// The SDK's app feature markers: short codes for the features an app has used in this process,
/// sent in every request's `User-Agent` (`ftr_BW.PN.SY`), as the Mobile SDK does, so the org can
/// tell which SDK features its apps use. They name features, never data.
public enum AppFeatures {
    /// OAuth login.
    public static let oauth = "UA"
    /// Login through the browser.
    public static let browserLogin = "BW"
    /// Registered for push notifications.
    public static let pushNotifications = "PN"
    /// Instrumentation logging enabled.
    public static let analytics = "AI"
    /// A Swift app.
    public static let swift = "SW"
    /// More than one user signed in.
    public static let multiUser = "MU"
    /// A user SmartStore.
    public static let userSmartStore = "US"
    /// A global SmartStore.
    public static let globalSmartStore = "GS"
    /// Mobile Sync.
    public static let mobileSync = "SY"

    private struct State {
        var codes: Set<String> = []
        var installationID = "unknown"
        var appName = ProcessInfo.processInfo.processName
        var appVersion = "1.0"
    }

    private static let state = Locked(State())

    /// Marks `code` as used.
    public static func register(_ code: String) {
        state.withLock { _ = $0.codes.insert(code) }
    }

    /// Marks `code` as no longer used.
    public static func unregister(_ code: String) {
        state.withLock { _ = $0.codes.remove(code) }
    }

    /// The codes in use, sorted.
    public static var codes: [String] {
        state.withLock { $0.codes.sorted() }
    }

    /// Names the app in the `User-Agent`: its name, version and a random id of this installation.
    public static func identifyApp(name: String, version: String, installationID: String) {
        state.withLock { state in
            state.appName = name
            state.appVersion = version
            state.installationID = installationID
        }
    }

    /// The `User-Agent` in the Mobile SDK's form: `SalesforceMobileSDK/<version> <os>/<os version>
    /// (<model>) <app>/<app version> Native uid_<installation> ftr_<codes>`, then `ForceKit/<version>`.
    public static var userAgent: String {
        let (codes, installation, app, appVersion) = state.withLock { ($0.codes.sorted(), $0.installationID, $0.appName, $0.appVersion) }
        let os = ProcessInfo.processInfo.operatingSystemVersion
        return
            "SalesforceMobileSDK/\(ForceKitVersion.current) \(operatingSystemName)/\(os.majorVersion).\(os.minorVersion).\(os.patchVersion)"
            + " (unknown) \(app.replacingOccurrences(of: " ", with: "_"))/\(appVersion) Native uid_\(installation)"
            + " ftr_\(codes.joined(separator: ".")) ForceKit/\(ForceKitVersion.current)"
    }

    /// The operating system's name, as the `User-Agent` and analytics' device attributes give it.
    public static let operatingSystemName: String = {
        #if os(Linux)
            "Linux"
        #elseif os(macOS)
            "macOS"
        #elseif os(iOS)
            "iOS"
        #else
            "Apple"
        #endif
    }()
}
