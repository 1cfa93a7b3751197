/// The shape every ForceKit error has: what went wrong, and what to do about it.
///
/// Errors print as their message followed by the suggestion, so a CLI or a log line shows
/// both without extra work.
public protocol ForceKitError: Error, CustomStringConvertible {
    /// What went wrong, in one or two sentences that name the offending input.
    var message: String { get }
    /// What the user can do about it, when there is something to do.
    var recoverySuggestion: String? { get }
}

extension ForceKitError {
    /// No suggestion unless the error provides one.
    public var recoverySuggestion: String? { nil }

    /// The message and, when there is one, the suggestion.
    public var description: String {
        guard let recoverySuggestion else { return message }
        return message + " " + recoverySuggestion
    }
}
