public import SalesforceCore

/// A managed configuration file that cannot be used: which file, why, and what to do.
///
/// `catch` can name its ``Code``, as with every ForceKit error:
///
/// ```swift
/// do {
///     configuration = try ManagedConfiguration(contentsOf: file)
/// } catch ManagedConfigurationError.Code.unreadable {
///     configuration = .unmanaged  // no file: no managed policy
/// }
/// ```
public struct ManagedConfigurationError: CodedForceKitError, Hashable {
    /// What kind of failure it is; a `switch` over codes needs a `default`.
    public struct Code: ForceKitErrorCode {
        /// The error this code belongs to.
        public typealias CodedError = ManagedConfigurationError

        /// The code's name.
        public let rawValue: String
        /// A code by name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The file cannot be read: missing, a folder, or not readable.
        public static let unreadable = Code(rawValue: "unreadable")
        /// The file is not a JSON object.
        public static let notAnObject = Code(rawValue: "not_an_object")
        /// A known key has a value of the wrong type; the reason names the key.
        public static let wrongType = Code(rawValue: "wrong_type")
    }

    /// What kind of failure it is.
    public let code: Code
    /// The file.
    public let path: String
    /// Why.
    public let reason: String

    init(_ code: Code, path: String, reason: String) {
        self.code = code
        self.path = path
        self.reason = reason
    }

    /// What is wrong.
    public var message: String { "The managed configuration \(path) cannot be used: \(reason)." }

    /// What to do.
    public var recoverySuggestion: String? {
        "Give a JSON object of the managed keys (AppServiceHosts, OnlyShowAuthorizedHosts, RequireCertAuth, …), or unset \(Self.variable)."
    }

    private static let variable = ManagedConfiguration.fileVariable
}
