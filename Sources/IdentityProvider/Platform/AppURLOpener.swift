public import Foundation

/// How an app hands a URL to another app: the one thing the identity-provider handoff needs
/// from the operating system.
///
/// `SystemURLOpener` is the Apple implementation (`UIApplication`/`NSWorkspace`);
/// ForceKitTesting's `SimulatedDevice` dispatches between apps in one process, so both flows run on Linux and
/// in tests.
public protocol AppURLOpener: Sendable {
    /// Opens `url` in the app that registered its scheme.
    /// - Returns: Whether an app received it.
    func open(_ url: URL) async -> Bool
}

/// A URL the operating system handed to this app, and who sent it when the platform says.
public struct IncomingURL: Sendable, Equatable {
    /// The URL.
    public var url: URL
    /// The sending app's bundle identifier (iOS's `sourceApplication`), or nil when the
    /// platform does not say.
    public var sourceApplication: String?

    /// A URL from an app, or from an unknown sender.
    public init(url: URL, sourceApplication: String? = nil) {
        self.url = url
        self.sourceApplication = sourceApplication
    }
}
