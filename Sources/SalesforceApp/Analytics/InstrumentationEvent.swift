public import Foundation
public import SalesforceCore

/// One instrumentation event: what the SDK, or the app, did and when. The SDK's analytics
/// collect feature use, never the user's or the org's data.
public struct InstrumentationEvent: Sendable, Equatable, Codable {
    /// The schema an event is published under.
    public enum Schema: String, Sendable, Codable, CaseIterable {
        /// Something happened (the SDK's own events).
        case interaction = "LightningInteraction"
        /// A page was shown.
        case pageView = "LightningPageView"
        /// A measurement.
        case performance = "LightningPerformance"
        /// Something failed.
        case error = "LightningError"
    }

    /// Who caused an event.
    public enum Kind: String, Sendable, Codable, CaseIterable {
        /// The user.
        case user
        /// The SDK or the app on its own.
        case system
        /// A failure.
        case error
        /// A record was created, read, updated or deleted.
        case crud
    }

    /// How bad an error event is.
    public enum Severity: String, Sendable, Codable, CaseIterable {
        /// For information.
        case info
        /// A warning.
        case warn
        /// An error.
        case error
    }

    /// A unique id.
    public var id: String
    /// The event's name (`addUser`, `syncDown`, …), published as `eventSource`.
    public var name: String
    /// When it started, in milliseconds since 1970.
    public var startTime: Int64
    /// When it ended, if it lasted.
    public var endTime: Int64?
    /// Its place among the events of this user, from 1.
    public var sequence: Int
    /// What it is about.
    public var attributes: [String: JSON]
    /// Where it happened: `{"context": "<component>"}` for the SDK's events.
    public var page: [String: JSON]?
    /// Its schema.
    public var schema: Schema
    /// Who caused it.
    public var kind: Kind
    /// For error events, how bad.
    public var severity: Severity?
    /// The element that sent it and its parent, published as the locator.
    public var senderID: String?
    /// The parent of ``senderID``.
    public var senderParentID: String?
    /// The session it belongs to.
    public var sessionID: String?

    /// An event from its parts; the id is new.
    public init(
        name: String, startTime: Int64 = Int64(Date().timeIntervalSince1970 * 1000), endTime: Int64? = nil, sequence: Int = 0,
        attributes: [String: JSON] = [:], page: [String: JSON]? = nil, schema: Schema = .interaction, kind: Kind = .system,
        severity: Severity? = nil, senderID: String? = nil, senderParentID: String? = nil, sessionID: String? = nil
    ) {
        self.id = UUID().uuidString.lowercased()
        self.name = name
        self.startTime = startTime
        self.endTime = endTime
        self.sequence = sequence
        self.attributes = attributes
        self.page = page
        self.schema = schema
        self.kind = kind
        self.severity = severity
        self.senderID = senderID
        self.senderParentID = senderParentID
        self.sessionID = sessionID
    }
}

/// What an event says about the device and the app (the AILTN `deviceAttributes`).
public struct DeviceAttributes: Sendable, Equatable {
    /// The app's name.
    public var appName: String
    /// The app's version.
    public var appVersion: String
    /// The operating system.
    public var osName: String
    /// Its version.
    public var osVersion: String
    /// `Native`.
    public var nativeAppType: String
    /// ForceKit's version.
    public var mobileSDKVersion: String
    /// The device model, `unknown` where the platform does not say.
    public var deviceModel: String
    /// A random id for this installation.
    public var deviceID: String
    /// The connected app's consumer key.
    public var clientID: String
    /// `WiFi`, `cellular`, or `unknown`.
    public var connectionType: String

    /// Attributes from their parts.
    public init(
        appName: String, appVersion: String, osName: String, osVersion: String, nativeAppType: String = "Native",
        mobileSDKVersion: String = ForceKitVersion.current, deviceModel: String = "unknown", deviceID: String, clientID: String,
        connectionType: String = "unknown"
    ) {
        self.appName = appName
        self.appVersion = appVersion
        self.osName = osName
        self.osVersion = osVersion
        self.nativeAppType = nativeAppType
        self.mobileSDKVersion = mobileSDKVersion
        self.deviceModel = deviceModel
        self.deviceID = deviceID
        self.clientID = clientID
        self.connectionType = connectionType
    }
}
