/// `error`, from either app to the other: why a request was not answered with a code.
///
/// Written with the documented names (`error_code`, `error_desc`, `error_reason`); read with
/// those or the iOS SDK's (`errorCode`, `errorDescription`, `errorReason`).
public struct IdPErrorResponse: Sendable, Equatable {
    /// A code; ForceKit's are ``IdPError/Code`` raw values, the SDK sends `-999` when it has none.
    public var code: String
    /// A description for developers.
    public var description: String
    /// A reason to show the user.
    public var reason: String
    /// The request's state, echoed.
    public var state: String?

    /// An error message.
    public init(code: String, description: String, reason: String, state: String?) {
        self.code = code
        self.description = description
        self.reason = reason
        self.state = state
    }

    /// The message for an error, answering the request with `state`.
    public init(_ error: IdPError, state: String?) {
        self.init(code: error.code.rawValue, description: error.message, reason: error.recoverySuggestion ?? error.message, state: state)
    }

    var parameters: [(String, String)] {
        var pairs = [("error_code", code), ("error_desc", description), ("error_reason", reason)]
        if let state { pairs.append(("state", state)) }
        return pairs
    }

    init(_ fields: MessageFields) {
        self.init(
            code: fields["error_code"] ?? fields["errorCode"] ?? "", description: fields["error_desc"] ?? fields["errorDescription"] ?? "",
            reason: fields["error_reason"] ?? fields["errorReason"] ?? "", state: fields["state"])
    }
}
