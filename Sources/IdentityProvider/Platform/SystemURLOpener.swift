#if canImport(UIKit) && !os(watchOS)
    public import Foundation
    import UIKit

    /// The system's app switch: `UIApplication.open`. The app's delegate hands incoming URLs to
    /// ``IdentityProvider/handle(_:)`` or ``IdentityProviderClient/handle(_:)`` as
    /// `IncomingURL(url: url, sourceApplication: options[.sourceApplication] as? String)`.
    public struct SystemURLOpener: AppURLOpener {
        /// The opener of this app.
        public init() {}

        /// Opens `url` in the app that registered its scheme.
        public func open(_ url: URL) async -> Bool {
            await UIApplication.shared.open(url)
        }
    }
#elseif canImport(AppKit)
    public import Foundation
    import AppKit

    /// The system's app switch: `NSWorkspace.open`. The app hands incoming URLs (from
    /// `application(_:open:)`) to ``IdentityProvider/handle(_:)`` or
    /// ``IdentityProviderClient/handle(_:)``; macOS does not say who sent them.
    public struct SystemURLOpener: AppURLOpener {
        /// The opener of this app.
        public init() {}

        /// Opens `url` in the app that registered its scheme.
        public func open(_ url: URL) async -> Bool {
            await MainActor.run { NSWorkspace.shared.open(url) }
        }
    }
#endif
