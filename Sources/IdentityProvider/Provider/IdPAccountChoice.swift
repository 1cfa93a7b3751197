public import SalesforceCore

/// What the IdP does with an `authrequest` before any code is requested: use an account, let
/// the user pick one, or show the login screen.
public enum IdPAccountChoice: Sendable, Equatable {
    /// The hinted account, signed in: no screen.
    case useAccount(UserIdentity)
    /// The accounts to choose from; the screen also offers adding an account, which leads to login.
    case selectUser([UserIdentity])
    /// The login screen.
    case login

    /// One of the IdP's accounts as the choice sees it.
    public struct Candidate: Sendable, Equatable {
        /// The user.
        public var identity: UserIdentity
        /// Its login host (`login.salesforce.com`, or a LocalOrg's `127.0.0.1:8443`).
        public var loginHost: String
        /// Whether it has a token to obtain a code with.
        public var isSignedIn: Bool

        /// A candidate.
        public init(identity: UserIdentity, loginHost: String, isSignedIn: Bool) {
            self.identity = identity
            self.loginHost = loginHost
            self.isSignedIn = isSignedIn
        }
    }

    /// The guides' rules, the first that applies winning: a hint naming a signed-in account uses
    /// it; no accounts, or none on the request's login host, means login; otherwise the user picks
    /// among the accounts on that host (also when the hint names nobody here).
    public static func choose(hint: UserHint?, accounts: [Candidate], requestLoginHost: String?) -> IdPAccountChoice {
        if let hint, let account = accounts.first(where: { hint.matches($0.identity) && $0.isSignedIn }) {
            return .useAccount(account.identity)
        }
        guard !accounts.isEmpty else { return .login }
        let onHost = requestLoginHost.map { host in accounts.filter { Self.sameHost($0.loginHost, host) } } ?? accounts
        return onHost.isEmpty ? .login : .selectUser(onHost.map(\.identity))
    }

    /// Hosts compare without case, scheme or trailing slash.
    static func sameHost(_ lhs: String, _ rhs: String) -> Bool {
        func normalized(_ text: String) -> String {
            var host = text.lowercased()
            for prefix in ["https://", "http://"] where host.hasPrefix(prefix) { host.removeFirst(prefix.count) }
            while host.hasSuffix("/") { host.removeLast() }
            return host
        }
        return normalized(lhs) == normalized(rhs)
    }
}
