public import SalesforceCore

/// Why a passcode operation was refused: what went wrong and what to do.
///
/// Like the other ForceKit errors it has a ``Code`` that `catch` can name:
///
/// ```swift
/// do {
///     try await lock.change(from: old, to: new)
/// } catch PasscodeLockError.Code.wrongPasscode {
///     // Ask again; the error's suggestion says how many attempts are left.
/// }
/// ```
public struct PasscodeLockError: CodedForceKitError, Hashable {
    /// What kind of failure it is; a `switch` over codes needs a `default`.
    public struct Code: ForceKitErrorCode {
        /// The error this code belongs to.
        public typealias CodedError = PasscodeLockError

        /// The code's name.
        public let rawValue: String
        /// A code by name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// No passcode is set, so there is nothing to check or change.
        public static let notSet = Code(rawValue: "passcode_not_set")
        /// The lock is not asking for a new passcode (use `change(from:to:)` instead).
        public static let notBeingSet = Code(rawValue: "passcode_not_being_set")
        /// The passcode entered is not the one set; the attempt was counted.
        public static let wrongPasscode = Code(rawValue: "wrong_passcode")
        /// Too many wrong attempts: every user was logged out and their data removed.
        public static let wiped = Code(rawValue: "wiped")
        /// The new passcode is shorter than the org's policy asks.
        public static let tooShort = Code(rawValue: "passcode_too_short")
        /// The saved lock cannot be read (damaged, or sealed with another key).
        public static let unreadable = Code(rawValue: "lock_unreadable")
        /// The passcode could not be derived or written to disk.
        public static let unsaved = Code(rawValue: "lock_unsaved")
    }

    /// What kind of failure it is.
    public let code: Code
    /// What is wrong.
    public let message: String
    /// What to do.
    public let recoverySuggestion: String?

    init(_ code: Code, _ message: String, suggestion: String?) {
        self.code = code
        self.message = message + "."
        recoverySuggestion = suggestion
    }
}
