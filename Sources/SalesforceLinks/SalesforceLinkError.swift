public import SalesforceCore

/// Why a Salesforce app link is malformed or cannot be built.
public enum SalesforceLinkError: ForceKitError, Equatable {
    /// The text has no `scheme://`.
    case missingScheme
    /// The scheme is not the one configured.
    case unsupportedScheme(found: String, expected: String)
    /// The first segment is not `sObject`.
    case unsupportedObjectKind(String)
    /// The link has no id (or object name) segment.
    case missingId
    /// The link has no action segment.
    case missingAction
    /// The route has segments beyond `sObject/<id>/<action>`.
    case malformedRoute(String)
    /// The id is malformed.
    case invalidId(SalesforceIDError)
    /// The object name of a home link is not an API name.
    case invalidObjectName(String)
    /// The action is not one of view, edit, download, follow and home.
    case unknownAction(String)
    /// The action is not allowed for the id's object type.
    case actionNotAllowed(action: SalesforceLinkAction, id: String, objectType: String?)
    /// Building a follow link needs the id of the user it is sent to.
    case missingFollowerId

    /// What is wrong with the link, naming the part.
    public var message: String {
        switch self {
        case .missingScheme:
            "The link has no scheme: it must start with salesforce1://."
        case .unsupportedScheme(let found, let expected):
            "The scheme '\(found)' is not supported: Salesforce app links use \(expected)://."
        case .unsupportedObjectKind(let kind):
            "'\(kind)' is not supported: the link must read <scheme>://sObject/<id>/<action>."
        case .missingId:
            "The link has no record id: it must read <scheme>://sObject/<id>/<action>."
        case .missingAction:
            "The link has no action: add /view, /edit, /download or /follow after the id."
        case .malformedRoute(let route):
            "'\(route)' is not a link route: it must read sObject/<id>/<action>."
        case .invalidId(let error):
            error.message
        case .invalidObjectName(let name):
            "'\(name)' is not an object API name such as Account or Invoice__c."
        case .unknownAction(let action):
            "'\(action)' is not an action: use view, edit, download, follow or home."
        case .actionNotAllowed(let action, let id, let objectType):
            "The \(action.rawValue) action is not allowed for '\(id)' (\(objectType ?? "an object with key prefix \(id.prefix(3))")): \(Self.rule(for: action))."
        case .missingFollowerId:
            "A follow link needs the id of the user it is sent to (userid)."
        }
    }

    /// For a malformed id, how to get or repair it.
    public var recoverySuggestion: String? {
        if case .invalidId(let error) = self { return error.recoverySuggestion }
        return nil
    }

    private static func rule(for action: SalesforceLinkAction) -> String {
        switch action {
        case .download: "download takes ContentDocument (069) and ContentVersion (068) ids"
        case .follow: "follow takes User (005) ids"
        case .view, .edit, .home: "any record"
        }
    }
}
