public import SalesforceCore
public import SalesforceKeys

/// Why an account operation failed.
public enum AccountError: ForceKitError, Equatable {
    /// No account matches.
    case unknownAccount(String)
    /// There is no current user.
    case noCurrentUser
    /// The encryption key cannot be read or created.
    case keyUnavailable(KeyStoreError)
    /// An account could not be saved.
    case unwritable(path: String, reason: String)
    /// The login failed.
    case loginFailed(OAuthError)
    /// The identity service failed after the login.
    case identityFailed(IdentityError)

    /// What went wrong.
    public var message: String {
        switch self {
        case .unknownAccount(let name): "No signed-in account matches \"\(name)\"."
        case .noCurrentUser: "No user is logged in."
        case .keyUnavailable(let error): "The accounts' encryption key is unavailable. \(error.message)"
        case .unwritable(let path, let reason): "The account cannot be saved to \(path): \(reason)"
        case .loginFailed(let error): "The login failed. \(error.message)"
        case .identityFailed(let error): "The login worked but the user's identity could not be read. \(error.message)"
        }
    }

    /// What to do.
    public var recoverySuggestion: String? {
        switch self {
        case .unknownAccount, .noCurrentUser: "Log in first, or pick one of the listed accounts."
        case .keyUnavailable(let error): error.recoverySuggestion
        case .unwritable: "Check that the folder exists and is writable."
        case .loginFailed(let error): error.recoverySuggestion
        case .identityFailed(let error): error.recoverySuggestion
        }
    }
}
