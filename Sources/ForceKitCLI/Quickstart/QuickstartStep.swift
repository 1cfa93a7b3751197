/// The steps of `forcekit quickstart`, in order, each with what it shows.
enum QuickstartStep: Int, CaseIterable, Sendable {
    case startOrg = 1
    case logIn
    case syncDown
    case offlineEdits
    case links
    case summary

    /// The step's heading.
    var title: String {
        switch self {
        case .startOrg: "Start LocalOrg"
        case .logIn: "Log in"
        case .syncDown: "Sync down into SmartStore"
        case .offlineEdits: "Edit offline, meet a conflict, sync up"
        case .links: "Open links"
        case .summary: "Summary"
        }
    }

    /// The step in a word or two, for the summary's timings.
    var shortName: String {
        switch self {
        case .startOrg: "org"
        case .logIn: "login"
        case .syncDown: "sync down"
        case .offlineEdits: "offline edits and conflict"
        case .links: "links"
        case .summary: "summary"
        }
    }

    /// What the step does and why, in a sentence or two.
    var explanation: String {
        switch self {
        case .startOrg:
            "LocalOrg is a Salesforce-compatible server in this process: OAuth, the REST API, SOQL. No org, no network."
        case .logIn:
            "The OAuth 2 web-server flow with PKCE, as an app runs it: a browser (played here) logs in at LocalOrg's pages, the app exchanges the code for tokens and keeps the account encrypted."
        case .syncDown:
            "The app's userstore.json makes an encrypted SmartStore; the syncs of its usersyncs.json bring Accounts and Contacts down, page by page."
        case .offlineEdits:
            "The app changes its local store with no network while a colleague edits the same Account on the server. Sync up under LEAVE_IF_CHANGED refuses to overwrite the colleague and reports the conflict."
        case .links:
            "A Salesforce app link and one of the app's own deep links, routed by the MobileDeepLinkingConfig.json, open records from the local store."
        case .summary:
            ""
        }
    }
}
