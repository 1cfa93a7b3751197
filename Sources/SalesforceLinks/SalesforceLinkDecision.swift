public import SalesforceCore

/// What the app should do with a Salesforce app link, given who is signed in.
public enum SalesforceLinkDecision: Sendable, Hashable {
    /// Go ahead as the signed-in user.
    case open(SalesforceLinkIntent)
    /// The content is in another org (or nobody is signed in): show the login screen for that
    /// org (any org when `orgID` is `nil`), then carry on with the intent.
    case logInFirst(orgID: String?, networkID: String?, then: SalesforceLinkIntent, redirectURL: String?)
    /// The content is in another community of the same org: switch to it, then carry on.
    case switchCommunity(networkID: String, then: SalesforceLinkIntent)
    /// A follow link sent to someone else (or to nobody in particular): do not follow.
    /// Whether to open the profile anyway is the app's choice.
    case followRefused(sentTo: String?, profile: SalesforceID, redirectURL: String?)

    /// Decides what to do with a link: the Salesforce app's rules, as a pure function.
    ///
    /// 1. Nobody signed in, or `s1oid` names another org: log in to that org first.
    /// 2. `s1nid` names a community other than the user's: switch to it first. A missing,
    ///    empty or `null` `s1nid` means the internal org or no preference, and never switches.
    /// 3. A follow link is carried out only when its `userid` is the signed-in user.
    /// 4. `s1uid` naming another user does not stop the link: a different user with access to
    ///    the same org or community is taken to the same data.
    ///
    /// Ids compare on their 15-character form, so 15- and 18-character ids of the same record
    /// agree; a parameter that is not a valid id matches nothing.
    public static func decide(_ link: SalesforceLink, signedIn user: UserIdentity?) -> SalesforceLinkDecision {
        let intent = SalesforceLinkIntent(link)
        let community = link.networkID.flatMap(Self.specificCommunity)
        guard let user, link.orgID.map({ same($0, user.orgID) }) ?? true else {
            return .logInFirst(orgID: link.orgID, networkID: community, then: intent, redirectURL: link.redirectURL)
        }
        if let community, !(user.communityID.map { same(community, $0) } ?? false) {
            return .switchCommunity(networkID: community, then: intent)
        }
        if case .followUser(let profile) = intent {
            guard let follower = link.followerID, same(follower, user.userID) else {
                return .followRefused(sentTo: link.followerID, profile: profile, redirectURL: link.redirectURL)
            }
        }
        return .open(intent)
    }

    /// The community a `s1nid` names, or `nil` when it names none (empty, `null`, or the
    /// all-zero id the SDK uses for the internal community).
    private static func specificCommunity(_ value: String) -> String? {
        let namesNone =
            value.isEmpty || value.lowercased() == "null"
            || value == "000000000000000" || value == "000000000000000AAA"
        return namesNone ? nil : value
    }

    private static func same(_ text: String, _ id: SalesforceID) -> Bool {
        (try? SalesforceID(text)) == id
    }
}

/// What a link asks for, once the app is in the right org and community.
public enum SalesforceLinkIntent: Sendable, Hashable {
    /// Open a record's detail page.
    case viewRecord(SalesforceID)
    /// Open a record's edit page.
    case editRecord(SalesforceID)
    /// Open a file and save it offline.
    case downloadFile(SalesforceID)
    /// Follow a user and open the profile (just open it when already followed).
    case followUser(SalesforceID)
    /// Open an object's home page.
    case objectHome(String)

    /// The intent of a parsed link.
    public init(_ link: SalesforceLink) {
        switch (link.target, link.action) {
        case (.objectHome(let name), _): self = .objectHome(name)
        case (.record(let id, _), .edit): self = .editRecord(id)
        case (.record(let id, _), .download): self = .downloadFile(id)
        case (.record(let id, _), .follow): self = .followUser(id)
        case (.record(let id, _), .view), (.record(let id, _), .home): self = .viewRecord(id)
        }
    }
}
