public import Foundation
public import SalesforceCore

/// What a company's mobile device management (MDM) pushes to the app: login hosts, whether users
/// may change them, certificate login, and overrides of the connected app, under the keys the
/// Mobile SDK reads. It takes precedence over the app's own files: over `bootconfig`'s consumer
/// key and callback, and over the login host list.
///
/// On Apple platforms it is the managed app configuration (``platform(environment:)`` reads it); elsewhere a
/// JSON file of the same keys, which tools and tests name (``init(contentsOf:)``, or the
/// `FORCEKIT_MANAGED_CONFIGURATION` environment variable for ``platform(environment:)``).
///
/// ```swift
/// let managed = try ManagedConfiguration(values: [
///     "AppServiceHosts": ["acme.my.salesforce.com", "acme--uat.sandbox.my.salesforce.com"],
///     "AppServiceHostLabels": ["Acme", "Acme UAT"],
///     "OnlyShowAuthorizedHosts": true,
/// ])
/// let hosts = try LoginHostList(file: hostsFile, managed: managed)   // Acme is selected
/// ```
public struct ManagedConfiguration: Sendable, Equatable {
    /// Every key and value, as given.
    public let values: [String: JSON]
    /// The login hosts (`AppServiceHosts`), labelled by `AppServiceHostLabels`; the first is the default.
    public let loginHosts: [LoginHost]
    /// Whether users may only use ``loginHosts`` (`OnlyShowAuthorizedHosts`).
    public let onlyShowsAuthorizedHosts: Bool
    /// Whether logins go through the browser with the device's certificate (`RequireCertAuth`).
    public let requiresCertificateLogin: Bool
    /// The certificate to present (`ManagedAppCertAlias`).
    public let certificateAlias: String?
    /// Whether the clipboard is cleared when the app goes to the background
    /// (`ClearClipboardOnBackground`, also read as `ClearClipboardInBackground`).
    public let clearsClipboardOnBackground: Bool
    /// The consumer key to use instead of `bootconfig`'s (`ManagedAppOAuthID`).
    public let consumerKey: String?
    /// The callback URL to use instead of `bootconfig`'s (`ManagedAppCallbackURL`).
    public let callbackURL: String?
    /// The identity-provider app's URL scheme (`IDPAppURLScheme`).
    public let identityProviderURLScheme: String?
    /// What was given but cannot be used, said plainly (a host that is not a host, labels that
    /// do not match the hosts).
    public let warnings: [String]

    /// Whether a configuration was pushed at all: the SDK's test, any key.
    public var isPresent: Bool { !values.isEmpty }

    /// No managed configuration: the device is not managed.
    public static let unmanaged = ManagedConfiguration(values: [:])

    /// A configuration from its keys. A single string is read as a one-element list for
    /// `AppServiceHosts` and `AppServiceHostLabels`; booleans may be `true`, `1` or `"true"`.
    public init(values: [String: JSON]) {
        self.values = values
        var warnings: [String] = []
        func strings(_ key: String) -> [String] {
            switch values[key] {
            case .string(let text)?: return [text]
            case .array(let items)?: return items.compactMap(\.stringValue)
            default: return []
            }
        }
        func flag(_ key: String) -> Bool {
            switch values[key] {
            case .bool(let value)?: return value
            case .integer(let value)?: return value != 0
            case .string(let text)?: return ["true", "yes", "1"].contains(text.lowercased())
            default: return false
            }
        }
        func text(_ key: String) -> String? {
            guard let value = values[key]?.stringValue?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else {
                return nil
            }
            return value
        }
        let hosts = strings("AppServiceHosts")
        let labels = strings("AppServiceHostLabels")
        if labels.count > hosts.count {
            warnings.append("AppServiceHostLabels has \(labels.count) labels for \(hosts.count) hosts; the extra ones are ignored")
        }
        var loginHosts: [LoginHost] = []
        for (index, text) in hosts.enumerated() {
            let label = index < labels.count && !labels[index].isEmpty ? labels[index] : nil
            guard let host = LoginHost(label: label, text, isDeletable: false) else {
                warnings.append("AppServiceHosts has \"\(text)\", which is not a host; it is left out")
                continue
            }
            if !loginHosts.contains(where: { $0.host == host.host }) { loginHosts.append(host) }
        }
        self.loginHosts = loginHosts
        onlyShowsAuthorizedHosts = flag("OnlyShowAuthorizedHosts")
        requiresCertificateLogin = flag("RequireCertAuth")
        certificateAlias = text("ManagedAppCertAlias")
        clearsClipboardOnBackground = flag("ClearClipboardOnBackground") || flag("ClearClipboardInBackground")
        consumerKey = text("ManagedAppOAuthID")
        callbackURL = text("ManagedAppCallbackURL")
        identityProviderURLScheme = text("IDPAppURLScheme")
        if onlyShowsAuthorizedHosts && loginHosts.isEmpty && !hosts.isEmpty {
            warnings.append("OnlyShowAuthorizedHosts is set but no AppServiceHosts entry is a host")
        }
        self.warnings = warnings
    }

    /// The configuration in a JSON file: an object of the keys above.
    /// - Throws: ``ManagedConfigurationError`` when the file cannot be read, is not a JSON object,
    ///   or gives a known key a value of the wrong type (the error names the key).
    public init(contentsOf file: URL) throws(ManagedConfigurationError) {
        let data: Data
        do {
            data = try UserFiles.contents(of: file.path)
        } catch {
            throw ManagedConfigurationError(.unreadable, path: file.path, reason: error.reason)
        }
        guard let json = try? JSON(parsing: data), let object = json.objectValue else {
            throw ManagedConfigurationError(
                .notAnObject, path: file.path,
                reason: "it is not a JSON object of managed keys, such as {\"AppServiceHosts\": [\"acme.my.salesforce.com\"]}")
        }
        if let problem = Self.problem(in: object) { throw ManagedConfigurationError(.wrongType, path: file.path, reason: problem) }
        self.init(values: object)
    }

    /// The first known key whose value has a type the key cannot take, said with the type it
    /// needs. A device's pushed configuration is read as well as it can be; a file a person
    /// wrote is refused, so a typo does not quietly turn a policy off.
    static func problem(in values: [String: JSON]) -> String? {
        let lists = ["AppServiceHosts", "AppServiceHostLabels"]
        let flags = ["OnlyShowAuthorizedHosts", "RequireCertAuth", "ClearClipboardOnBackground", "ClearClipboardInBackground"]
        let texts = ["ManagedAppCertAlias", "ManagedAppOAuthID", "ManagedAppCallbackURL", "IDPAppURLScheme"]
        for key in values.keys.sorted() {
            guard let value = values[key] else { continue }
            if lists.contains(key) {
                let isList = value.arrayValue.map { $0.allSatisfy { $0.stringValue != nil } } ?? (value.stringValue != nil)
                if !isList { return "\(key) must be a list of strings (or one string), not \(value)" }
            } else if flags.contains(key) {
                let isFlag: Bool
                switch value {
                case .bool: isFlag = true
                case .integer(let number): isFlag = number == 0 || number == 1
                case .string(let text): isFlag = ["true", "false", "yes", "no", "1", "0"].contains(text.lowercased())
                default: isFlag = false
                }
                if !isFlag { return "\(key) must be true or false, not \(value)" }
            } else if texts.contains(key), value.stringValue == nil {
                return "\(key) must be a string, not \(value)"
            }
        }
        return nil
    }

    /// The environment variable ``platform(environment:)`` reads a file's path from where the system has no
    /// managed app configuration.
    public static let fileVariable = "FORCEKIT_MANAGED_CONFIGURATION"

    /// The device's managed configuration: on Apple platforms the managed app configuration
    /// (`com.apple.configuration.managed`), elsewhere the file `FORCEKIT_MANAGED_CONFIGURATION`
    /// names; ``unmanaged`` when there is none.
    /// - Throws: ``ManagedConfigurationError`` when that file cannot be used.
    public static func platform(environment: [String: String] = ProcessInfo.processInfo.environment) throws(ManagedConfigurationError)
        -> ManagedConfiguration
    {
        #if canImport(Darwin)
            if let managed = UserDefaults.standard.dictionary(forKey: "com.apple.configuration.managed"), !managed.isEmpty {
                return ManagedConfiguration(values: managed.compactMapValues(JSON.init(propertyListValue:)))
            }
        #endif
        guard let path = environment[fileVariable], !path.isEmpty else { return .unmanaged }
        return try ManagedConfiguration(contentsOf: URL(fileURLWithPath: path))
    }
}

extension BootConfig {
    /// This configuration with the consumer key and callback URL that device management sets in
    /// their place (`ManagedAppOAuthID`, `ManagedAppCallbackURL`), as the SDK applies them.
    public func applying(_ managed: ManagedConfiguration) -> BootConfig {
        var config = self
        if let key = managed.consumerKey { config.consumerKey = key }
        if let callback = managed.callbackURL { config.redirectURI = callback }
        return config
    }
}

extension JSON {
    /// A property-list value (string, number, boolean, array, dictionary) as JSON; nil for dates and data.
    init?(propertyListValue value: Any) {
        switch value {
        case let text as String: self = .string(text)
        case let flag as Bool: self = .bool(flag)
        case let number as Int: self = .integer(Int64(number))
        case let number as Double: self = .double(number)
        case let items as [Any]: self = .array(items.compactMap(JSON.init(propertyListValue:)))
        case let object as [String: Any]: self = .object(object.compactMapValues(JSON.init(propertyListValue:)))
        default: return nil
        }
    }
}
