public import Foundation
public import SalesforceCore

/// The identity service's answer about the logged-in user: who they are, their org's URLs,
/// and the connected app's mobile policy.
public struct IdentityData: Sendable, Equatable, Codable {
    /// The identity URL queried.
    public var identityURL: String
    /// The user id.
    public var userID: String
    /// The org id.
    public var organizationID: String
    /// The username (empty when the answer has none).
    public var username: String
    /// The full name.
    public var displayName: String?
    /// The community nickname.
    public var nickname: String?
    /// The email address.
    public var email: String?
    /// First name.
    public var firstName: String?
    /// Last name.
    public var lastName: String?
    /// Whether the user is active (absent means false).
    public var isActive: Bool
    /// `STANDARD` and the like.
    public var userType: String?
    /// The language, such as `en_US`.
    public var language: String?
    /// The locale, such as `en_US`.
    public var locale: String?
    /// Offset from UTC in milliseconds.
    public var utcOffset: Int?
    /// The profile photo URL (needs the access token).
    public var pictureURL: String?
    /// The thumbnail photo URL (needs the access token).
    public var thumbnailURL: String?
    /// The org's URLs: `rest`, `sobjects`, `query`, `feed_items` (also read from `feed-items`) and the rest.
    public var urls: [String: String]
    /// Whether the connected app is installed in the org; nil when the answer does not say.
    public var isAppInstalled: Bool?
    /// The passcode policy, when the connected app sets one.
    public var mobilePolicy: MobilePolicy?
    /// Custom permissions and whether the user has each.
    public var customPermissions: [String: Bool]
    /// The connected app's custom attributes.
    public var customAttributes: [String: String]
    /// When the user record last changed.
    public var lastModified: Date?
    /// The whole document, as sent, for fields not modelled here.
    public var raw: JSON

    /// Reads the JSON document.
    public init(json data: Data) throws(IdentityError) {
        guard let json = try? JSON(parsing: Array(data)), json.objectValue != nil else {
            throw .malformed("the answer is not a JSON object")
        }
        try self.init(json: json)
    }

    /// Reads a parsed document; `null` counts as absent.
    public init(json: JSON) throws(IdentityError) {
        func text(_ key: String) -> String? { json[key]?.stringValue }
        guard let userID = text("user_id"), let organizationID = text("organization_id") else {
            throw .malformed("user_id or organization_id is missing")
        }
        self.identityURL = text("id") ?? ""
        self.userID = userID
        self.organizationID = organizationID
        self.username = text("username") ?? ""
        displayName = text("display_name")
        nickname = text("nick_name")
        email = text("email")
        firstName = text("first_name")
        lastName = text("last_name")
        isActive = json["active"]?.boolValue ?? false
        userType = text("user_type")
        language = text("language")
        locale = text("locale")
        utcOffset = json["utcOffset"]?.integerValue.map(Int.init)
        pictureURL = json["photos"]?["picture"]?.stringValue
        thumbnailURL = json["photos"]?["thumbnail"]?.stringValue
        var urls: [String: String] = [:]
        for (key, value) in json["urls"]?.objectValue ?? [:] {
            if let url = value.stringValue { urls[key == "feed-items" ? "feed_items" : key] = url }
        }
        self.urls = urls
        isAppInstalled = json["is_app_installed"]?.boolValue
        mobilePolicy = json["mobile_policy"].flatMap(MobilePolicy.init(json:))
        customPermissions = (json["custom_permissions"]?.objectValue ?? [:]).compactMapValues(\.boolValue)
        customAttributes = (json["custom_attributes"]?.objectValue ?? [:]).compactMapValues { value in
            value.stringValue ?? value.boolValue.map(String.init)
        }
        lastModified = text("last_modified_date").flatMap(Self.parseDate)
        raw = json
    }

    /// Whether biometric unlock may stand in for the passcode: allowed unless the connected
    /// app's `BIOMETRIC_UNLOCK` attribute is `false`.
    public var allowsBiometricUnlock: Bool {
        customAttributes["BIOMETRIC_UNLOCK"]?.lowercased() != "false"
    }

    /// Replaces the literal `{version}` in one of the org's URLs with an API version's number.
    public func url(_ key: String, version: APIVersion) -> String? {
        urls[key].map { Self.resolve($0, version: version) }
    }

    /// Replaces the literal `{version}` in a URL template.
    public static func resolve(_ template: String, version: APIVersion) -> String {
        template.replacingOccurrences(of: "{version}", with: "\(version.major).\(version.minor)")
    }

    /// Reads `2010-06-28T20:54:09.000Z`, `…+0000` and `…+00:00`.
    static func parseDate(_ text: String) -> Date? {
        var normalized = text
        if normalized.hasSuffix("Z") { normalized = String(normalized.dropLast()) + "+0000" }
        if normalized.count > 6, normalized[normalized.index(normalized.endIndex, offsetBy: -3)] == ":" {
            normalized.remove(at: normalized.index(normalized.endIndex, offsetBy: -3))
        }
        for format in ["yyyy-MM-dd'T'HH:mm:ss.SSSZ", "yyyy-MM-dd'T'HH:mm:ssZ"] {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.dateFormat = format
            if let date = formatter.date(from: normalized) { return date }
        }
        return nil
    }
}
