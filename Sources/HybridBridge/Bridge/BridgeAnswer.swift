public import SalesforceCore

/// What a plugin action answers: a JSON value for the success callback, or a message for the
/// error callback, as Cordova's `cordova.exec(success, error, …)` receives them.
public enum BridgeAnswer: Sendable, Equatable {
    /// The action succeeded; the value goes to the success callback (`null` when it has none).
    case success(JSON)
    /// The action failed; the message, which an app can show, goes to the error callback.
    case failure(String)
}

/// Something the native side tells the page without being asked: the SDK's plugins dispatch it
/// as a DOM event (`document.dispatchEvent(new CustomEvent(name, {detail}))`).
public struct BridgeEvent: Sendable, Equatable {
    /// The event's name: `sync` for a sync's progress.
    public var name: String
    /// The event's `detail`.
    public var detail: JSON

    /// An event from its parts.
    public init(name: String, detail: JSON) {
        self.name = name
        self.detail = detail
    }
}

/// Why an action failed, in words an app can show.
struct BridgeFailure: Error, Sendable {
    let message: String

    init(_ message: String) {
        self.message = message
    }

    /// Any error as the message an app shows: a ForceKit error's message and suggestion.
    static func from(_ error: any Error) -> BridgeFailure {
        if let failure = error as? BridgeFailure { return failure }
        if let error = error as? any ForceKitError { return BridgeFailure(error.description) }
        return BridgeFailure("\(error)")
    }
}
