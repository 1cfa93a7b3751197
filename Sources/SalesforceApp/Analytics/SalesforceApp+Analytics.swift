import SalesforceAuth
public import SalesforceCore

// The per-user instrumentation and its publishing.
extension SalesforceApp {
    // MARK: - Analytics

    /// The instrumentation of a user (the current one by default), made on first use: events
    /// kept encrypted under the user, published to the org by ``publishAnalytics()``.
    /// - Throws: ``AppError/notLoggedIn``, ``AppError/Code/store`` when its key is unavailable.
    public func analytics(for identity: UserIdentity? = nil) async throws(AppError) -> AnalyticsManager {
        var chosen = identity
        if chosen == nil { chosen = await accounts.currentAccount?.identity }
        guard let identity = chosen, await accounts.account(for: identity) != nil else { throw .notLoggedIn }
        return try await instrumentation.manager(for: identity)
    }

    /// Publishes the current user's events (when the app goes to the background, as the SDK
    /// does on iOS). Returns whether events were published.
    @discardableResult
    public func publishAnalytics() async -> Bool {
        guard let identity = await accounts.currentAccount?.identity, let analytics = try? await analytics(for: identity),
            let client = await client(for: identity)
        else { return false }
        return await analytics.publish(with: client)
    }

    /// Records one of the SDK's events for `identity`; instrumentation never fails what it watches.
    func recordSystemEvent(_ name: String, component: String, for identity: UserIdentity, attributes: [String: JSON] = [:]) async {
        await instrumentation.recordSystemEvent(name, component: component, for: identity, attributes: attributes)
    }

    /// The instrumentation of `identity` if it was made in this process.
    func existingAnalytics(for identity: UserIdentity) async -> AnalyticsManager? {
        await instrumentation.existingManager(for: identity)
    }
}
