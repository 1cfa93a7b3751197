public import SalesforceCore

/// Why the app layer could not do what was asked: its configuration files, the signed-in
/// user, or a part underneath it (accounts, stores, syncs), with what to do.
///
/// Like the other ForceKit errors it is a struct with a ``Code``, so new failures can be added
/// without breaking an app's `switch`:
///
/// ```swift
/// do {
///     let store = try await app.userStore()
/// } catch AppError.Code.notLoggedIn {
///     try await app.logIn(using: browser)
/// }
/// ```
public struct AppError: CodedForceKitError, Hashable {
    /// What kind of failure it is; a `switch` over codes needs a `default`.
    public struct Code: ForceKitErrorCode {
        /// The error this code belongs to.
        public typealias CodedError = AppError

        /// The code's name.
        public let rawValue: String
        /// A code by name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// A configuration file is missing or cannot be read.
        public static let configuration = Code(rawValue: "configuration")
        /// The operation needs a signed-in user and there is none.
        public static let notLoggedIn = Code(rawValue: "notLoggedIn")
        /// Logging in or switching users failed.
        public static let account = Code(rawValue: "account")
        /// A store could not be opened, set up or removed.
        public static let store = Code(rawValue: "store")
        /// The sync manager could not be created or the configured syncs could not be.
        public static let sync = Code(rawValue: "sync")
        /// A link could not be opened: not a link, or its route's handlers failed.
        public static let link = Code(rawValue: "link")
    }

    /// What kind of failure it is.
    public let code: Code
    /// What went wrong.
    public let message: String
    /// What to do about it.
    public let recoverySuggestion: String?

    /// An error from its parts.
    public init(code: Code, message: String, recoverySuggestion: String? = nil) {
        self.code = code
        self.message = message
        self.recoverySuggestion = recoverySuggestion
    }

    /// ``Code/notLoggedIn``.
    public static let notLoggedIn = AppError(
        code: .notLoggedIn, message: "No user is logged in.", recoverySuggestion: "Log a user in first.")
}
