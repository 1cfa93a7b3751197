public import Foundation
import SalesforceAuth
public import SalesforceCore

// Push registration and the app's background duties.
extension SalesforceApp {
    // MARK: - Push notifications

    /// Gives the app the device token the platform issued (APNs or FCM), and registers the
    /// current user with it. A new token renews the registration.
    public func setDeviceToken(_ token: Data) async {
        await pushRegistrations.setDeviceToken(token)
        await refreshPushRegistration()
    }

    /// Registers the current user for push notifications when a registration is due: none yet,
    /// a failure `retryAfterFailure` ago, or a registration older than `renewal`. Call it when
    /// the app comes to the foreground, as the SDK does; logins call it.
    public func refreshPushRegistration() async {
        guard let identity = await accounts.currentAccount?.identity else { return }
        await pushRegistrations.refresh(identity) { await self.client(for: identity) }
    }

    /// Does the app's background duties until the task running it is cancelled: every
    /// `checkInterval` it registers for push when a registration is due (a retry after a failure,
    /// a renewal), and every `publishInterval` (8 hours, as the Android SDK does) it publishes
    /// the current user's analytics. Run it in a task the app owns:
    ///
    /// ```swift
    /// async let duties: Void = app.run()
    /// ```
    public func run(checkInterval: Duration = .seconds(60), publishInterval: Duration = .seconds(8 * 3600)) async {
        let clock = ContinuousClock()
        var lastPublished = clock.now
        while !Task.isCancelled {
            await refreshPushRegistration()
            if clock.now - lastPublished >= publishInterval {
                await publishAnalytics()
                lastPublished = clock.now
            }
            do {
                try await Task.sleep(for: checkInterval, clock: clock)
            } catch {
                return
            }
        }
    }

    /// Where the push registration of a user (the current one by default) stands.
    public func pushStatus(for identity: UserIdentity? = nil) async -> PushStatus {
        var chosen = identity
        if chosen == nil { chosen = await accounts.currentAccount?.identity }
        guard let chosen else { return .notRegistered }
        return await pushRegistrations.status(of: chosen)
    }
}
