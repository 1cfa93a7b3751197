public import DeepLinking
public import SalesforceLinks

/// What the app made of a link it was handed (``SalesforceApp/open(link:to:)``): for a
/// Salesforce app link, what the Salesforce app's rules decide for the signed-in user; and the
/// route of the app's `MobileDeepLinkingConfig.json` that took it.
public struct OpenedLink: Sendable {
    /// The link as it was handed over.
    public var url: String
    /// For a Salesforce app link (`salesforce1://…`), the decision for the signed-in user: open
    /// it, log in to another org first, switch community, or refuse a follow meant for someone
    /// else. `nil` for any other link.
    public var salesforceDecision: SalesforceLinkDecision?
    /// The route that took the link, with its parameters after the handlers ran and its screen.
    /// `nil` when no route took it, when the app has no `MobileDeepLinkingConfig.json`, or when
    /// a Salesforce link must wait for a login or a community switch first.
    public var routing: DeepLinkRouting?

    /// A route's parameter, such as a record id the route's pattern captured.
    public subscript(parameter name: String) -> String? {
        routing?.parameters[name]
    }
}
