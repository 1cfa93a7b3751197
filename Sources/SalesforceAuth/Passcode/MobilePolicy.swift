public import SalesforceCore

/// A connected app's mobile policy for one user, from the identity response's `mobile_policy`.
public struct MobilePolicy: Sendable, Hashable, Codable {
    /// The app passcode's length (0: no passcode).
    public var pinLength: Int
    /// Minutes of inactivity before the app locks (0: never).
    public var screenLockMinutes: Int

    /// Creates a policy.
    public init(pinLength: Int, screenLockMinutes: Int) {
        self.pinLength = max(0, pinLength)
        self.screenLockMinutes = max(0, screenLockMinutes)
    }

    /// Reads `{"pin_length": 4, "screen_lock": 10}`; numbers may come as strings.
    public init?(json: JSON) {
        func number(_ key: String) -> Int? {
            if let value = json[key]?.integerValue { return Int(value) }
            return json[key]?.stringValue.flatMap { Int($0) }
        }
        guard json.objectValue != nil else { return nil }
        self.init(pinLength: number("pin_length") ?? 0, screenLockMinutes: number("screen_lock") ?? 0)
    }

    /// Whether the policy asks for a passcode at all: a lock timeout of 0 means none.
    public var requiresPasscode: Bool { screenLockMinutes > 0 }
}
