public import Foundation
import SalesforceCore
public import SalesforceKeys

/// The app's passcode lock as state, with no screen: what the passcode screen shows and when,
/// from the signed-in users' policy, the app's lifecycle and the passcodes entered.
///
/// The passcode is kept only as a slow, salted hash, sealed with a key of the key store, with the
/// count of wrong attempts (so a restart does not reset it). After ``maximumAttempts`` wrong
/// passcodes in a row the lock calls its wipe handler, which logs every user out and removes
/// their data, as the SDK does, and forgets the passcode.
///
/// ```swift
/// let lock = try await PasscodeLock(file: appSupport.appending(path: "passcode"), keyStore: keys) {
///     await accounts.logOutAll()
/// }
/// await lock.apply(await accounts.passcodePolicy)      // .creating(length: 4) for a new user
/// try await lock.create("2468")
/// await lock.didEnterBackground()
/// await lock.willEnterForeground()                      // .locked after the timeout
/// _ = try await lock.unlock(with: "2468")
/// ```
public actor PasscodeLock {
    /// Wrong passcodes in a row after which every user's data is wiped (the SDK's 10).
    public static let maximumAttempts = 10

    /// What the passcode screen must show, if anything.
    public enum State: Sendable, Hashable {
        /// No signed-in user's policy asks for a passcode.
        case open
        /// The passcode was entered (or biometrics passed) and the app has not been idle too long.
        case unlocked
        /// The app was idle longer than the policy allows: ask for the passcode.
        case locked
        /// The policy asks for a passcode and there is none: ask the user to choose one.
        case creating(length: Int)
        /// The policy's length grew past the passcode's: ask the user to choose a longer one.
        case changing(length: Int)
    }

    /// What happened, for the app's screens.
    public enum Event: Sendable, Hashable {
        /// The app locked.
        case locked
        /// The app unlocked.
        case unlocked
        /// A passcode was created or changed.
        case passcodeSet
        /// A wrong passcode; this many attempts are left before the wipe.
        case wrongPasscode(remainingAttempts: Int)
        /// Too many wrong passcodes: every user's data was wiped.
        case wiped
        /// No policy asks for a passcode any more: it was forgotten.
        case cleared
    }

    /// What an unlock attempt did.
    public enum UnlockResult: Sendable, Hashable {
        /// The passcode was right.
        case unlocked
        /// The passcode was wrong; this many attempts are left.
        case wrongPasscode(remainingAttempts: Int)
        /// The passcode was wrong once too often: every user's data was wiped.
        case wiped
    }

    /// What the screen must show now.
    public private(set) var state: State = .open
    /// The policy in force.
    public private(set) var policy: PasscodePolicy = .none
    /// Whether the identity allows biometric unlock and the user turned it on.
    public private(set) var biometricUnlockEnabled = false

    private var stored: Stored?
    private var lastActivity: Date
    private let file: URL?
    private let keyStore: any KeyStore
    private let clock: @Sendable () -> Date
    private let wipe: @Sendable () async -> Void
    private let broadcaster = Broadcaster<Event>()

    private static let keyLabel = "com.salesforce.passcode.encryptionKey"

    private struct Stored: Codable {
        var verifier: PasscodeVerifier
        var length: Int
        var failedAttempts: Int
        var biometricUnlock: Bool
    }

    /// A lock kept in `file` (in memory when nil), sealed with a key of `keyStore`. `wipe` runs
    /// after too many wrong passcodes; `clock` is the time source (tests move it).
    /// - Throws: ``PasscodeLockError`` when the saved lock cannot be read.
    public init(
        file: URL?, keyStore: any KeyStore, clock: @escaping @Sendable () -> Date = Date.init,
        wipe: @escaping @Sendable () async -> Void
    ) async throws(PasscodeLockError) {
        self.file = file
        self.keyStore = keyStore
        self.clock = clock
        self.wipe = wipe
        lastActivity = clock()
        if let file, let data = FileManager.default.contents(atPath: file.path) {
            do {
                let key = try await keyStore.key(for: Self.keyLabel)
                stored = try JSONDecoder().decode(Stored.self, from: try Sealing.open(data, with: key))
            } catch {
                throw PasscodeLockError(
                    .unreadable, "The saved passcode lock \(file.path) cannot be read", suggestion: "Log out every user to start again.")
            }
            // A saved passcode locks a new launch until it is entered.
            state = .locked
            biometricUnlockEnabled = stored?.biometricUnlock ?? false
        }
    }

    /// Events from now on, until the caller stops iterating.
    public nonisolated func events() -> AsyncStream<Event> { broadcaster.stream() }

    /// Whether a passcode is set.
    public var hasPasscode: Bool { stored != nil }

    /// Wrong passcodes left before the wipe.
    public var remainingAttempts: Int { Self.maximumAttempts - (stored?.failedAttempts ?? 0) }

    // MARK: - Policy

    /// Takes the policy of the signed-in users (``UserAccountManager/passcodePolicy``) after a
    /// login or a logout: a first policy asks for a passcode, a longer length for a new one, and
    /// none at all forgets it.
    @discardableResult
    public func apply(_ new: PasscodePolicy) async -> PasscodeAction {
        let required = PasscodePolicy(pinLength: stored?.length ?? policy.pinLength, lockTimeout: policy.lockTimeout)
        let action = required.change(to: new, passcodeExists: stored != nil)
        policy = new
        switch action {
        case .createPasscode(let length): state = .creating(length: length)
        case .changePasscode(let length): state = .changing(length: length)
        case .clearPasscode:
            stored = nil
            biometricUnlockEnabled = false
            removeFile()
            state = .open
            broadcaster.publish(.cleared)
        case .none:
            if !new.requiresPasscode { state = .open }
        }
        return action
    }

    // MARK: - Setting the passcode

    /// Sets the passcode the screen asked for (``State/creating(length:)`` or
    /// ``State/changing(length:)``) and unlocks.
    /// - Throws: ``PasscodeLockError`` when no passcode is asked for, or this one is too short.
    public func create(_ passcode: String) async throws(PasscodeLockError) {
        let length: Int
        switch state {
        case .creating(let required), .changing(let required): length = required
        default:
            throw PasscodeLockError(.notBeingSet, "No passcode is being set", suggestion: "Use change(from:to:) to change the passcode.")
        }
        try await set(passcode, length: length)
    }

    /// Changes the passcode: `old` must be right (it counts as an attempt when it is not).
    /// - Throws: ``PasscodeLockError`` when `old` is wrong or `new` too short.
    public func change(from old: String, to new: String) async throws(PasscodeLockError) {
        guard let current = stored else { throw PasscodeLockError(.notSet, "No passcode is set", suggestion: nil) }
        guard current.verifier.matches(old) else {
            switch await recordFailure() {
            case .wiped:
                throw PasscodeLockError(
                    .wiped, "The current passcode was wrong too many times: every user was logged out and their data removed",
                    suggestion: "Log in again; the app will ask for a new passcode.")
            case .wrongPasscode(let remaining):
                throw PasscodeLockError(
                    .wrongPasscode, "The current passcode is wrong",
                    suggestion: remaining == 1 ? "1 attempt is left." : "\(remaining) attempts are left.")
            case .unlocked:
                throw PasscodeLockError(.wrongPasscode, "The current passcode is wrong", suggestion: nil)
            }
        }
        try await set(new, length: max(policy.pinLength, current.length))
    }

    private func set(_ passcode: String, length: Int) async throws(PasscodeLockError) {
        guard passcode.count >= length else {
            throw PasscodeLockError(
                .tooShort, "The passcode has \(passcode.count) characters", suggestion: "Choose one of at least \(length).")
        }
        let verifier: PasscodeVerifier
        do {
            verifier = try PasscodeVerifier(passcode: passcode)
        } catch {
            throw PasscodeLockError(.unsaved, "The passcode cannot be kept: \(error)", suggestion: nil)
        }
        stored = Stored(verifier: verifier, length: length, failedAttempts: 0, biometricUnlock: biometricUnlockEnabled)
        try await save()
        broadcaster.publish(.passcodeSet)
        open()
    }

    // MARK: - Unlocking

    /// Checks a passcode entered on the lock screen; a wrong one counts toward the wipe.
    public func unlock(with passcode: String) async throws(PasscodeLockError) -> UnlockResult {
        guard let current = stored else { throw PasscodeLockError(.notSet, "No passcode is set", suggestion: nil) }
        guard current.verifier.matches(passcode) else { return await recordFailure() }
        if current.failedAttempts > 0 {
            stored?.failedAttempts = 0
            try await save()
        }
        open()
        return .unlocked
    }

    /// Unlocks when biometrics stand in for the passcode (the identity allows it, the user turned
    /// it on) and `evaluate` (the platform's check, such as Face ID) passes.
    /// - Returns: Whether the app is unlocked.
    public func unlockWithBiometrics(_ evaluate: @Sendable () async -> Bool) async -> Bool {
        guard state == .locked, biometricUnlockEnabled, stored != nil else { return false }
        guard await evaluate() else { return false }
        open()
        return true
    }

    /// Turns biometric unlock on or off for a user whose identity allows it
    /// (``IdentityData/allowsBiometricUnlock``); off whatever `enabled` says when it does not.
    public func setBiometricUnlock(_ enabled: Bool, allowedByIdentity: Bool) async throws(PasscodeLockError) {
        biometricUnlockEnabled = enabled && allowedByIdentity
        guard stored != nil else { return }
        stored?.biometricUnlock = biometricUnlockEnabled
        try await save()
    }

    // MARK: - Lifecycle

    /// The user did something: the idle time starts again.
    public func recordActivity() {
        if state == .unlocked { lastActivity = clock() }
    }

    /// The app went to the background: time there counts as idle.
    public func didEnterBackground() {
        if state == .unlocked { lastActivity = clock() }
    }

    /// The app came back: it locks when it was idle longer than the policy allows.
    public func willEnterForeground() { lockIfIdle() }

    /// Locks when the app has been idle longer than the policy allows (call it from a timer
    /// while in the foreground too).
    public func lockIfIdle() {
        guard state == .unlocked, stored != nil, policy.shouldLock(now: clock(), lastActivity: lastActivity) else { return }
        state = .locked
        broadcaster.publish(.locked)
    }

    // MARK: - Internals

    private func open() {
        lastActivity = clock()
        guard state != .unlocked else { return }
        state = .unlocked
        broadcaster.publish(.unlocked)
    }

    private func recordFailure() async -> UnlockResult {
        let failures = (stored?.failedAttempts ?? 0) + 1
        guard failures < Self.maximumAttempts else {
            stored = nil
            biometricUnlockEnabled = false
            removeFile()
            policy = .none
            state = .open
            await wipe()
            broadcaster.publish(.wiped)
            return .wiped
        }
        stored?.failedAttempts = failures
        // The count must survive a restart; a failed save still leaves it counted in memory.
        try? await save()
        let remaining = Self.maximumAttempts - failures
        broadcaster.publish(.wrongPasscode(remainingAttempts: remaining))
        return .wrongPasscode(remainingAttempts: remaining)
    }

    private func save() async throws(PasscodeLockError) {
        guard let file, let stored else { return }
        do {
            let key = try await keyStore.key(for: Self.keyLabel)
            try OwnerOnlyFiles.createFolder(file.deletingLastPathComponent())
            try OwnerOnlyFiles.write(try Sealing.seal(try JSONEncoder().encode(stored), with: key), to: file)
        } catch {
            throw PasscodeLockError(
                .unsaved, "The passcode cannot be saved to \(file.path): \(error)", suggestion: "Check that the folder is writable.")
        }
    }

    private func removeFile() {
        guard let file else { return }
        try? FileManager.default.removeItem(at: file)
    }
}
