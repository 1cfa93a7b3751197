public import Foundation
public import SalesforceCore

/// How the device registers with Salesforce for push notifications (the SDK's
/// `MobilePushServiceDevice` record): which service delivers them, for which app, and when to try
/// again.
public struct PushConfiguration: Sendable {
    /// `ServiceType`: `Apple` for APNs; `androidGcm` as the Android SDK sends for FCM.
    public var serviceType: String
    /// `ApplicationBundle`: the app's bundle id or package name.
    public var applicationBundle: String
    /// Fields added to the registration (the SDK's `customPushRegistrationBody`).
    public var customFields: [String: JSON]
    /// How long after a failed registration the next attempt is due (the SDK's 30 seconds).
    public var retryAfterFailure: TimeInterval
    /// How long a registration lasts before it is renewed (the SDK's six days).
    public var renewal: TimeInterval

    /// A configuration; the defaults are the SDK's.
    public init(
        serviceType: String = "Apple", applicationBundle: String = Bundle.main.bundleIdentifier ?? "com.salesforce.mobilesdk",
        customFields: [String: JSON] = [:], retryAfterFailure: TimeInterval = 30, renewal: TimeInterval = 6 * 24 * 3600
    ) {
        self.serviceType = serviceType
        self.applicationBundle = applicationBundle
        self.customFields = customFields
        self.retryAfterFailure = retryAfterFailure
        self.renewal = renewal
    }
}

/// Where a user's push registration stands.
public enum PushStatus: Sendable, Equatable {
    /// No registration: the app has no device token yet, or the user logged out.
    case notRegistered
    /// Registered as this `MobilePushServiceDevice` record.
    case registered(deviceID: String, at: Date)
    /// The org answered that push is not enabled for the connected app (404); not retried.
    case notEnabled
    /// The last attempt failed; the next is due `retryAfterFailure` later.
    case failed(reason: String, at: Date)
}
