public import DeepLinking
import SalesforceAuth
import SalesforceLinks

extension SalesforceApp {
    /// Opens a link the app was handed: a Salesforce app link is decided for the signed-in
    /// user first (another org's record waits for a login to it), then the app's
    /// `MobileDeepLinkingConfig.json` routes the link, running its handlers and showing its
    /// screen on `destination`. A route's `requireLogin` handler lets a link through only when a
    /// user is signed in; register the app's other handlers with
    /// ``registerLinkHandler(_:_:)``.
    ///
    /// ```swift
    /// let opened = try await app.open(link: "salesforce1://sObject/001xx000003DGb2AAG/view")
    /// if let recordID = opened[parameter: "recordId"] { … }
    /// ```
    /// - Throws: ``AppError/Code/link`` when the text is not a link, a route names a handler
    ///   the app did not register, or a handler or the destination failed.
    public func open(link: String, to destination: (any DeepLinkDestination)? = nil) async throws(AppError) -> OpenedLink {
        var opened = OpenedLink(url: link)
        if let salesforceLink = try? SalesforceLink(parsing: link) {
            let decision = SalesforceLinkDecision.decide(salesforceLink, signedIn: await currentUser?.identity)
            opened.salesforceDecision = decision
            guard case .open = decision else { return opened }
        }
        guard let router = linkRouter else { return opened }
        do {
            opened.routing = try await router.route(link, to: destination).routing
        } catch {
            throw AppError(
                code: .link, message: "The link \(link) could not be opened: \(error.description)",
                recoverySuggestion: "Check the link, and that every handler MobileDeepLinkingConfig.json names is registered.")
        }
        return opened
    }

    /// Registers a handler that `MobileDeepLinkingConfig.json`'s routes name, replacing one of
    /// the same name (including the built-in `requireLogin`).
    public func registerLinkHandler(_ name: String, _ handler: DeepLinkHandler) {
        linkRouter?.register(name, handler)
    }

    /// The router of the app's `MobileDeepLinkingConfig.json`, with `requireLogin` deciding by
    /// whether a user is signed in.
    static func makeLinkRouter(_ configuration: DeepLinkConfiguration?, accounts: UserAccountManager) -> DeepLinkRouter? {
        guard let configuration else { return nil }
        var router = DeepLinkRouter(configuration: configuration)
        router.register("requireLogin", .deciding { _ in await accounts.currentAccount != nil ? .proceed : .decline })
        return router
    }
}
