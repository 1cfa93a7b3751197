public import Foundation
import SalesforceCore

/// An app's OAuth client configuration: the SDK's `bootconfig.json` (hybrid apps) and
/// `bootconfig.plist` (native iOS apps), with the same keys.
///
/// ```swift
/// let config = try BootConfig(contentsOf: Bundle.main.url(forResource: "bootconfig", withExtension: "plist")!)
/// config.consumerKey   // the connected app's consumer key
/// config.scopes        // ["api", "web"]; refresh_token is added when logging in
/// ```
public struct BootConfig: Sendable, Equatable {
    /// The connected app's consumer key (`remoteAccessConsumerKey`), sent as `client_id`.
    public var consumerKey: String
    /// The callback URL (`oauthRedirectURI`); it must equal one the connected app registers.
    public var redirectURI: String
    /// The scopes the app asks for (`oauthScopes`).
    public var scopes: [String]
    /// Whether the app logs in at launch (`shouldAuthenticate`, default true).
    public var shouldAuthenticate: Bool
    /// Hybrid apps: whether the start page is bundled (`isLocal`).
    public var isLocal: Bool?
    /// Hybrid apps: the first page (`startPage`), relative to the bundle or the instance.
    public var startPage: String?
    /// Hybrid apps: the page shown on errors (`errorPage`).
    public var errorPage: String?
    /// Hybrid apps: whether a remote app loads its cached page offline (`attemptOfflineLoad`, default true).
    public var attemptOfflineLoad: Bool
    /// Hybrid remote apps without login: the absolute URL to start at (`unauthenticatedStartPage`).
    public var unauthenticatedStartPage: String?
    /// The Android push client id (`androidPushNotificationClientId`).
    public var pushClientID: String?
    /// Warnings about keys that were ignored, for the app's log.
    public var warnings: [String]

    /// Creates and validates a configuration.
    public init(
        consumerKey: String, redirectURI: String, scopes: [String], shouldAuthenticate: Bool = true, isLocal: Bool? = nil,
        startPage: String? = nil, errorPage: String? = nil, attemptOfflineLoad: Bool = true,
        unauthenticatedStartPage: String? = nil, pushClientID: String? = nil
    ) throws(BootConfigError) {
        self.consumerKey = consumerKey
        self.redirectURI = redirectURI
        self.scopes = scopes
        self.shouldAuthenticate = shouldAuthenticate
        self.isLocal = isLocal
        self.startPage = startPage
        self.errorPage = errorPage
        self.attemptOfflineLoad = attemptOfflineLoad
        self.unauthenticatedStartPage = unauthenticatedStartPage
        self.pushClientID = pushClientID
        self.warnings = []
        try validate()
    }

    /// Reads `bootconfig.json` or `bootconfig.plist` (by extension; anything but `.plist` is JSON).
    public init(contentsOf file: URL) throws(BootConfigError) {
        guard let data = FileManager.default.contents(atPath: file.path) else { throw .unreadable(path: file.path) }
        if file.pathExtension.lowercased() == "plist" {
            try self.init(propertyList: data, source: file.lastPathComponent)
        } else {
            try self.init(json: data, source: file.lastPathComponent)
        }
    }

    /// Reads the JSON form.
    public init(json data: Data, source: String = "bootconfig.json") throws(BootConfigError) {
        let json: JSON
        do {
            json = try JSON(parsing: Array(data))
        } catch {
            throw .malformed(source: source, reason: error.message)
        }
        guard let object = json.objectValue else { throw .malformed(source: source, reason: "the top level must be an object") }
        try self.init(values: object.mapValues(BootValue.init(json:)), source: source)
    }

    /// Reads the property-list form.
    public init(propertyList data: Data, source: String = "bootconfig.plist") throws(BootConfigError) {
        let plist: Any
        do {
            plist = try PropertyListSerialization.propertyList(from: data, format: nil)
        } catch {
            throw .malformed(source: source, reason: "it is not a property list")
        }
        guard let dictionary = plist as? [String: Any] else {
            throw .malformed(source: source, reason: "the top level must be a dictionary")
        }
        try self.init(values: dictionary.mapValues(BootValue.init(plist:)), source: source)
    }

    private init(values: [String: BootValue], source: String) throws(BootConfigError) {
        func string(_ key: String) throws(BootConfigError) -> String? {
            switch values[key] {
            case nil, .null: return nil
            case .string(let text): return text
            default: throw .wrongType(source: source, key: key, expected: "a string")
            }
        }
        func bool(_ key: String) throws(BootConfigError) -> Bool? {
            switch values[key] {
            case nil, .null: return nil
            case .bool(let flag): return flag
            case .string(let text) where text.lowercased() == "true": return true
            case .string(let text) where text.lowercased() == "false": return false
            default: throw .wrongType(source: source, key: key, expected: "true or false")
            }
        }
        var scopes: [String] = []
        switch values["oauthScopes"] {
        case nil, .null: break
        case .array(let items): scopes = items
        case .string(let text): scopes = OAuthScopes.split(text)
        default: throw .wrongType(source: source, key: "oauthScopes", expected: "an array of strings")
        }
        try self.init(
            consumerKey: try string("remoteAccessConsumerKey") ?? "", redirectURI: try string("oauthRedirectURI") ?? "",
            scopes: scopes, shouldAuthenticate: try bool("shouldAuthenticate") ?? true, isLocal: try bool("isLocal"),
            startPage: try string("startPage"), errorPage: try string("errorPage"),
            attemptOfflineLoad: try bool("attemptOfflineLoad") ?? true,
            unauthenticatedStartPage: try string("unauthenticatedStartPage"),
            pushClientID: try string("androidPushNotificationClientId"))
    }

    private mutating func validate() throws(BootConfigError) {
        consumerKey = consumerKey.trimmingCharacters(in: .whitespaces)
        redirectURI = redirectURI.trimmingCharacters(in: .whitespaces)
        scopes = scopes.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !consumerKey.isEmpty else { throw .noConsumerKey }
        guard !redirectURI.isEmpty else { throw .noRedirectURI }
        guard redirectURI.contains(":") else { throw .invalidRedirectURI(redirectURI) }
        guard !scopes.isEmpty else { throw .noScopes }
        guard let isLocal else { return }
        if let startPage, Self.isAbsoluteURL(startPage) { throw .absoluteStartPage(startPage) }
        if isLocal || shouldAuthenticate {
            if unauthenticatedStartPage != nil {
                warnings.append("unauthenticatedStartPage is ignored: it applies only to remote apps that do not log in at launch.")
            }
        } else {
            guard let page = unauthenticatedStartPage else { throw .noUnauthenticatedStartPage }
            guard Self.isAbsoluteURL(page) else { throw .relativeUnauthenticatedStartPage(page) }
        }
    }

    private static func isAbsoluteURL(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return lowered.hasPrefix("http://") || lowered.hasPrefix("https://")
    }
}

/// A configuration value before its key's type is checked.
private enum BootValue {
    case null
    case bool(Bool)
    case string(String)
    case array([String])
    case other

    init(json: JSON) {
        switch json {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .string(let text): self = .string(text)
        case .array(let items):
            let strings = items.compactMap(\.stringValue)
            self = strings.count == items.count ? .array(strings) : .other
        default: self = .other
        }
    }

    init(plist: Any) {
        switch plist {
        case let flag as Bool: self = .bool(flag)
        case let text as String: self = .string(text)
        case let items as [Any]:
            let strings = items.compactMap { $0 as? String }
            self = strings.count == items.count ? .array(strings) : .other
        default: self = .other
        }
    }
}
