public import SalesforceCore

/// Why a boot configuration was refused.
public enum BootConfigError: ForceKitError, Equatable {
    /// The file could not be read.
    case unreadable(path: String)
    /// The file is not JSON or a property list of the right shape.
    case malformed(source: String, reason: String)
    /// A key holds the wrong kind of value.
    case wrongType(source: String, key: String, expected: String)
    /// `remoteAccessConsumerKey` is missing or empty.
    case noConsumerKey
    /// `oauthRedirectURI` is missing or empty.
    case noRedirectURI
    /// `oauthRedirectURI` is not a URL.
    case invalidRedirectURI(String)
    /// `oauthScopes` is missing or empty.
    case noScopes
    /// A hybrid `startPage` is an absolute URL.
    case absoluteStartPage(String)
    /// A remote hybrid app that does not log in has no `unauthenticatedStartPage`.
    case noUnauthenticatedStartPage
    /// `unauthenticatedStartPage` is not an absolute URL.
    case relativeUnauthenticatedStartPage(String)

    /// What is wrong.
    public var message: String {
        switch self {
        case .unreadable(let path): "The boot configuration \(path) cannot be read."
        case .malformed(let source, let reason): "\(source) cannot be read: \(reason)."
        case .wrongType(let source, let key, let expected): "\(source): \"\(key)\" must be \(expected)."
        case .noConsumerKey: "The boot configuration has no remoteAccessConsumerKey."
        case .noRedirectURI: "The boot configuration has no oauthRedirectURI."
        case .invalidRedirectURI(let uri): "oauthRedirectURI \"\(uri)\" is not a URL."
        case .noScopes: "The boot configuration has no oauthScopes."
        case .absoluteStartPage(let page): "startPage \"\(page)\" is an absolute URL."
        case .noUnauthenticatedStartPage: "A remote app with shouldAuthenticate false needs an unauthenticatedStartPage."
        case .relativeUnauthenticatedStartPage(let page): "unauthenticatedStartPage \"\(page)\" is not an absolute URL."
        }
    }

    /// What to do.
    public var recoverySuggestion: String? {
        switch self {
        case .unreadable: "Check the path and that the file is part of the app."
        case .malformed, .wrongType: "Compare the file with the SDK template's bootconfig."
        case .noConsumerKey: "Copy the consumer key from the connected app's detail page."
        case .noRedirectURI, .invalidRedirectURI: "Use the connected app's callback URL, such as myapp://oauth/done."
        case .noScopes: "List the scopes the app needs, usually [\"api\", \"web\"]; refresh_token is added for you."
        case .absoluteStartPage: "Give a page in the app (\"index.html\") or a path on the org (\"apex/MyPage\")."
        case .noUnauthenticatedStartPage, .relativeUnauthenticatedStartPage: "Set unauthenticatedStartPage to a https:// URL."
        }
    }
}
