public import Foundation

/// The passcode rules in force for the app: the strictest of every signed-in user's policy.
///
/// The lock timeout is the shortest non-zero timeout and the passcode length the longest, so
/// adding a user can make the rules stricter but never laxer. A user without a policy (or with a
/// zero timeout) adds nothing.
public struct PasscodePolicy: Sendable, Equatable {
    /// The passcode length required (0 when none is required).
    public var pinLength: Int
    /// How long the app may sit idle before it locks; nil when it never locks.
    public var lockTimeout: Duration?

    /// No passcode, no lock.
    public static let none = PasscodePolicy(pinLength: 0, lockTimeout: nil)

    /// Creates a policy.
    public init(pinLength: Int, lockTimeout: Duration?) {
        self.pinLength = pinLength
        self.lockTimeout = lockTimeout
    }

    /// The strictest combination of `policies` (nil entries are users without one).
    public init(strictestOf policies: some Sequence<MobilePolicy?>) {
        let active = policies.compactMap { $0 }.filter(\.requiresPasscode)
        guard let shortest = active.map(\.screenLockMinutes).min() else {
            self = .none
            return
        }
        self.init(pinLength: active.map(\.pinLength).max() ?? 0, lockTimeout: .seconds(shortest * 60))
    }

    /// Whether a passcode is required.
    public var requiresPasscode: Bool { lockTimeout != nil }

    /// Whether the app should lock now: the idle time must exceed the timeout. Time in the
    /// background counts.
    public func shouldLock(now: Date, lastActivity: Date) -> Bool {
        guard let lockTimeout else { return false }
        return now.timeIntervalSince(lastActivity) > Double(lockTimeout.components.seconds)
    }

    /// What the app must do when the policy changes from `self` to `new` (a user logged in or out).
    /// - Parameters:
    ///   - new: The policy from now on.
    ///   - passcodeExists: Whether the user already has a passcode.
    public func change(to new: PasscodePolicy, passcodeExists: Bool) -> PasscodeAction {
        guard new.requiresPasscode else { return passcodeExists ? .clearPasscode : .none }
        guard passcodeExists else { return .createPasscode(length: new.pinLength) }
        return new.pinLength > pinLength ? .changePasscode(length: new.pinLength) : .none
    }
}

/// What a policy change asks of the app's passcode screen.
public enum PasscodeAction: Sendable, Equatable {
    /// Nothing.
    case none
    /// Ask the user to create a passcode of this length.
    case createPasscode(length: Int)
    /// The required length grew: ask the user to choose a new passcode.
    case changePasscode(length: Int)
    /// No signed-in user has a policy any more: forget the passcode.
    case clearPasscode
}
