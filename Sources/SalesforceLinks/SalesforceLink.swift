public import SalesforceCore

/// A Salesforce app link: `salesforce1://sObject/<id>/<action>` with its org, community, user
/// and redirect parameters, or `salesforce1://sObject/<ObjectName>/home`.
///
/// ```swift
/// let link = try SalesforceLink(parsing: "salesforce1://sObject/001D000000Jwj9v/view&s1oid=00DT00000000ABC")
/// link.recordID?.id18   // "001D000000Jwj9vIAB"
/// link.orgID            // "00DT00000000ABC"
/// ```
public struct SalesforceLink: Sendable, Hashable {
    /// What the link points at.
    public enum Target: Sendable, Hashable {
        /// A record, with its id as the link wrote it (15 or 18 characters).
        case record(SalesforceID, written: String)
        /// An object's home page, by API name (`Account`, `Invoice__c`).
        case objectHome(String)
    }

    /// The scheme, `salesforce1` unless configured otherwise.
    public var scheme: String
    /// The record or object the link points at.
    public var target: Target
    /// What to do with it.
    public var action: SalesforceLinkAction
    /// `s1oid`: the org that holds the content.
    public var orgID: String?
    /// `s1nid`: the community (network) that holds the content.
    public var networkID: String?
    /// `s1uid`: a user who has access to the content.
    public var userID: String?
    /// `iosoru`: where to offer to go when the app cannot open the link.
    public var redirectURL: String?
    /// `userid` of a follow link: the user the link was sent to, who is to do the following.
    public var followerID: String?
    /// Parameters the app does not interpret, in order (third parties append metadata).
    public var extraParameters: [SalesforceLinkParameter]

    /// The scheme the Salesforce app registers.
    public static let defaultScheme = "salesforce1"

    /// Creates a record link, validating it as a parsed one would be.
    /// - Throws: ``SalesforceLinkError`` for a malformed id or an action the object does not allow.
    public init(
        recordID: String, action: SalesforceLinkAction, scheme: String = SalesforceLink.defaultScheme,
        orgID: String? = nil, networkID: String? = nil, userID: String? = nil, redirectURL: String? = nil,
        followerID: String? = nil
    ) throws(SalesforceLinkError) {
        self.scheme = scheme
        self.action = action
        target = try Self.target(forIdOrName: recordID, action: action)
        self.orgID = orgID
        self.networkID = networkID
        self.userID = userID
        self.redirectURL = redirectURL
        self.followerID = followerID
        extraParameters = []
    }

    /// Creates a link to an object's home page.
    /// - Throws: ``SalesforceLinkError/invalidObjectName(_:)`` for a name that is not an API name.
    public init(objectHome objectName: String, scheme: String = SalesforceLink.defaultScheme) throws(SalesforceLinkError) {
        try self.init(recordID: objectName, action: .home, scheme: scheme)
    }

    init(scheme: String, target: Target, action: SalesforceLinkAction, parameters: LinkParameters) {
        self.scheme = scheme
        self.target = target
        self.action = action
        orgID = parameters.orgID
        networkID = parameters.networkID
        userID = parameters.userID
        redirectURL = parameters.redirectURL
        followerID = parameters.followerID
        extraParameters = parameters.extra
    }

    /// Problems that do not stop the link from being used: an org, user or follower id that
    /// is not a Salesforce id, which will then match no org or user.
    public var warnings: [String] {
        [("s1oid", orgID), ("s1uid", userID), ("userid", followerID)].compactMap { name, value in
            guard let value, !SalesforceID.isValid(value) else { return nil }
            return "The \(name) parameter '\(value)' is not a Salesforce id; it will match no org or user."
        }
    }

    /// The record id, for record links.
    public var recordID: SalesforceID? {
        if case .record(let id, _) = target { id } else { nil }
    }

    /// The id as the link wrote it, for record links.
    public var writtenID: String? {
        if case .record(_, let written) = target { written } else { nil }
    }

    /// The object type: the well-known object for a record id's key prefix, or the home
    /// page's object name.
    public var objectType: String? {
        switch target {
        case .record(let id, _): id.objectType
        case .objectHome(let name): name
        }
    }

    /// The record or object name for the target, and the action's rules checked against it.
    static func target(forIdOrName text: String, action: SalesforceLinkAction) throws(SalesforceLinkError) -> Target {
        guard !text.isEmpty else { throw .missingId }
        if action == .home {
            guard isObjectAPIName(text) else { throw .invalidObjectName(text) }
            return .objectHome(text)
        }
        let id: SalesforceID
        do {
            id = try SalesforceID(text)
        } catch {
            throw .invalidId(error)
        }
        if let allowed = action.allowedKeyPrefixes, !allowed.contains(id.keyPrefix) {
            throw .actionNotAllowed(action: action, id: text, objectType: id.objectType)
        }
        return .record(id, written: text)
    }

    /// An API name: a letter, then letters, digits and underscores (`Invoice__c`).
    private static func isObjectAPIName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII else { return false }
        return text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }
    }
}

/// A link parameter the app does not interpret.
public struct SalesforceLinkParameter: Sendable, Hashable {
    /// The decoded name.
    public var name: String
    /// The decoded value.
    public var value: String

    /// Creates a parameter.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// What a Salesforce app link asks the app to do.
public enum SalesforceLinkAction: String, Sendable, CaseIterable {
    /// Open the record's detail page.
    case view
    /// Open the record's edit page.
    case edit
    /// View and save a file offline: ContentDocument (069) and ContentVersion (068) ids only.
    case download
    /// Follow a user and open the profile: User (005) ids only.
    case follow
    /// Open an object's home page: `sObject/<ObjectName>/home`.
    case home

    /// The key prefixes the action accepts, or `nil` for any.
    public var allowedKeyPrefixes: Set<String>? {
        switch self {
        case .download: ["068", "069"]
        case .follow: ["005"]
        case .view, .edit, .home: nil
        }
    }
}
