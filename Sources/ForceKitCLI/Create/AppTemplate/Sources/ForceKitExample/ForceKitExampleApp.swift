import Foundation
import SalesforceApp

/// Where the app starts: its configuration files (bundled in `Configuration`) and the ForceKit
/// session built from them.
public enum ForceKitExampleApp {
    /// The app's configuration files: `bootconfig.json`, `userstore.json`, `usersyncs.json` and
    /// `MobileDeepLinkingConfig.json`.
    public static func configuration() throws -> AppConfiguration {
        guard let folder = Bundle.module.url(forResource: "Configuration", withExtension: nil) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "The app's Configuration folder is not bundled."])
        }
        return try AppConfiguration(contentsOf: folder)
    }

    /// The ForceKit session over `directory` (the app's Application Support folder on Apple
    /// platforms): accounts, keys and the encrypted stores live there, and it routes the app's
    /// deep links.
    public static func makeSession(directory: URL) async throws -> SalesforceApp {
        try await SalesforceApp(configuration: try configuration(), directory: directory)
    }
}
