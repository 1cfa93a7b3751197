/// `idpinit`, from the IdP to an SP: "work as this user", started from the IdP's list of apps.
public struct IdPInitiation: Sendable, Equatable {
    /// The user to work as (`user_hint`).
    public var userHint: UserHint?
    /// The login host the user belongs to (`login_host`).
    public var loginHost: String?
    /// Where the SP goes once the user is selected (`start_url`).
    public var startURL: String?

    /// An IdP-initiated start.
    public init(userHint: UserHint?, loginHost: String? = nil, startURL: String? = nil) {
        self.userHint = userHint
        self.loginHost = loginHost
        self.startURL = startURL
    }

    var parameters: [(String, String)] {
        var pairs: [(String, String)] = []
        if let userHint { pairs.append(("user_hint", userHint.description)) }
        if let loginHost { pairs.append(("login_host", loginHost)) }
        if let startURL { pairs.append(("start_url", startURL)) }
        return pairs
    }

    init(_ fields: MessageFields) {
        self.init(
            userHint: fields["user_hint"].flatMap(UserHint.init(parsing:)), loginHost: fields["login_host"], startURL: fields["start_url"])
    }
}
