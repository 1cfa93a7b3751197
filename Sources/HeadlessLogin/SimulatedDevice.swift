public import Foundation
public import IdentityProvider

/// A device with no operating system: apps in one process, each with its bundle id and URL
/// schemes, handing URLs to each other by scheme as iOS does, and telling each receiver who sent
/// the URL.
///
/// Delivery is immediate: `open` returns once the receiving app has handled the URL (and
/// whatever that app opened in turn), so a test or a demo sees every step in order.
///
/// ```swift
/// let device = SimulatedDevice()
/// let idp = IdentityProvider(configuration: …, accounts: …, opener: device.opener(for: "com.acme.idp"), …)
/// await device.install(bundleID: "com.acme.idp", schemes: ["acmeidp"]) { await idp.handle($0) }
/// ```
public actor SimulatedDevice {
    /// One URL handed from an app to another: what a demo prints.
    public struct Delivery: Sendable, Equatable {
        /// The sender's bundle id.
        public var from: String
        /// The receiver's bundle id, or nil when no app has the scheme.
        public var to: String?
        /// The URL.
        public var url: URL
    }

    private struct App {
        var schemes: Set<String>
        var handler: @Sendable (IncomingURL) async -> Void
    }

    private var apps: [String: App] = [:]
    private var observers: [@Sendable (Delivery) -> Void] = []

    /// An empty device.
    public init() {}

    /// The opener the app `bundleID` sends URLs with: receivers are told it sent them.
    public nonisolated func opener(for bundleID: String) -> any AppURLOpener {
        Opener(device: self, bundleID: bundleID)
    }

    /// Installs an app that receives URLs of `schemes` (compared without case) through `handler`.
    public func install(bundleID: String, schemes: [String], handler: @escaping @Sendable (IncomingURL) async -> Void) {
        apps[bundleID] = App(schemes: Set(schemes.map { $0.lowercased() }), handler: handler)
    }

    /// Removes an app: its schemes reach nothing afterwards.
    public func uninstall(bundleID: String) {
        apps[bundleID] = nil
    }

    /// Calls `observer` for every URL opened from now on, delivered or not.
    public func observe(_ observer: @escaping @Sendable (Delivery) -> Void) {
        observers.append(observer)
    }

    /// Whether an installed app has the scheme of `url`.
    public func canOpen(_ url: URL) -> Bool {
        receiver(of: url) != nil
    }

    /// Hands `url` to the app with its scheme, as sent by `sender`.
    public func open(_ url: URL, from sender: String) async -> Bool {
        let receiver = receiver(of: url)
        for observer in observers { observer(Delivery(from: sender, to: receiver?.bundleID, url: url)) }
        guard let receiver else { return false }
        await receiver.app.handler(IncomingURL(url: url, sourceApplication: sender))
        return true
    }

    private func receiver(of url: URL) -> (bundleID: String, app: App)? {
        guard let scheme = url.scheme?.lowercased() else { return nil }
        return apps.first { $0.value.schemes.contains(scheme) }.map { ($0.key, $0.value) }
    }

    private struct Opener: AppURLOpener {
        let device: SimulatedDevice
        let bundleID: String

        func open(_ url: URL) async -> Bool {
            await device.open(url, from: bundleID)
        }
    }
}
