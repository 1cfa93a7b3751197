import SalesforceCore

/// One of the SDK's Cordova plugins, answered natively: its service names and its actions.
protocol BridgeService: Sendable {
    /// The names `cordova.exec` calls the plugin by.
    static var serviceNames: [String] { get }
    /// Answers `action`; a thrown error becomes the message of the error callback.
    func answer(_ action: String, _ arguments: BridgeArguments) async throws -> JSON
}

extension BridgeService {
    /// The failure of an action the plugin does not have.
    func unknown(_ action: String) -> BridgeFailure {
        BridgeFailure("The \(Self.serviceNames[0]) plugin has no action \(action).")
    }
}
