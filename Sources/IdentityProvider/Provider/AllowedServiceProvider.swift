import Foundation

/// An app the IdP logs users into: its connected app's client id and callback URLs, the bundle
/// ids it may call from, and whether the user's consent is taken for granted.
///
/// The IdP answers no one else: an `authrequest` whose client id, or redirect URI for that
/// client id, is not listed is refused before any account is touched.
public struct AllowedServiceProvider: Sendable, Equatable {
    /// A name for the IdP's screens.
    public var name: String
    /// The SP's consumer key.
    public var clientID: String
    /// The callback URLs registered for it; a request must name one exactly.
    public var redirectURIs: [String]
    /// The bundle ids allowed to send its requests; when empty, the caller must match the
    /// redirect URI's scheme (the scheme is the bundle id, or starts with it and a dot).
    public var bundleIDs: [String]
    /// Whether the IdP logs users in without asking them first (an app of the same company).
    public var isTrusted: Bool

    /// An allowed SP.
    public init(name: String, clientID: String, redirectURIs: [String], bundleIDs: [String] = [], isTrusted: Bool = false) {
        self.name = name
        self.clientID = clientID
        self.redirectURIs = redirectURIs
        self.bundleIDs = bundleIDs
        self.isTrusted = isTrusted
    }

    /// The scheme its URLs are opened with: its first callback's.
    public var scheme: String? {
        redirectURIs.first.flatMap { URL(string: $0)?.scheme }
    }

    /// Whether `caller` may speak for this SP when it asks for `redirectURI` (rogue-SP protection).
    public func admits(caller: String, redirectURI: String) -> Bool {
        let caller = caller.lowercased()
        if !bundleIDs.isEmpty { return bundleIDs.contains { $0.lowercased() == caller } }
        guard let scheme = URL(string: redirectURI)?.scheme?.lowercased() else { return false }
        return scheme == caller || scheme.hasPrefix(caller + ".")
    }
}
