/// The code of a ForceKit error: a name that is compared and caught like an enum case, but that
/// later releases may add to without breaking an app's exhaustive `switch` (which therefore
/// needs a `default`). Each error type's `Code` conforms; `catch SyncError.Code.alreadyRunning`
/// catches that error with that code.
public protocol ForceKitErrorCode: RawRepresentable, Sendable, Hashable, CustomStringConvertible where RawValue == String {
    /// The error type this code belongs to.
    associatedtype CodedError: CodedForceKitError where CodedError.Code == Self
}

extension ForceKitErrorCode {
    /// The code's name.
    public var description: String { rawValue }

    /// Whether `error` is this code's error type with this code, so that `catch` can name a code.
    public static func ~= (code: Self, error: any Error) -> Bool {
        (error as? CodedError)?.code == code
    }

    /// Whether `error` has this code: for a `catch` in a `do` whose calls throw this error type
    /// alone (typed throws), where the error is not boxed.
    public static func ~= (code: Self, error: CodedError) -> Bool {
        error.code == code
    }
}

/// A ForceKit error that says what kind of failure it is with a ``ForceKitErrorCode``.
public protocol CodedForceKitError: ForceKitError {
    /// The kinds of failure.
    associatedtype Code: ForceKitErrorCode where Code.CodedError == Self
    /// What kind of failure it is.
    var code: Code { get }
}
